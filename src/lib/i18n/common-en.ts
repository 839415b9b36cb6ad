export const commonEn = {
  appName: 'Edge Sound Console',
  nav: {
    label: 'Main navigation',
    mics: 'Mics',
    map: 'Map',
    events: 'Events',
    compositeEvents: 'Composite events',
    newItems: '{{shown}} new',
    newItemsHint: 'Composite events and separate sound events of the last {{hours}} h that nobody has acted on',
    handover: 'Shift handover',
    insights: 'Insights',
    wall: 'Wall display',
    admin: 'Admin',
  },
  /**
   * A page's own heading, where the first frame (src/app/first-frame.ts) draws it too: a phone
   * shows which page it is, and what it is for, before the scripts have arrived.
   */
  pages: {
    compositeEvents: {
      title: 'Composite events',
      subtitle: 'Incidents: groups of sound events that a composite rule turned into one.',
    },
    handover: {
      title: 'Shift handover',
      subtitle: 'What fired, what was resolved and how, and what is still open for the next shift.',
    },
    insights: {
      title: 'Insights',
      subtitle:
        'What the console notices across all mics: sounds more frequent than usual, mics that seem deaf, thresholds worth raising.',
    },
  },
  header: {
    toggleNavigation: 'Toggle navigation',
    colorScheme: 'Colour scheme',
    colorSchemeToggle: 'Colour scheme: {{current}}. Switch to {{next}}',
    switchLanguage: 'Switch the language to Korean',
    light: 'Light',
    dark: 'Dark',
    auto: 'System',
    signOut: 'Sign out',
    demo: 'Demo edge',
    readOnly: 'Read-only',
  },
  user: {
    menu: 'Account menu: {{name}}, {{role}}',
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    signOutFailed: 'Could not sign out: {{reason}}',
    demoBanner: "Demo mode: everyone on this machine is signed in as admin 'demo'.",
    demoBannerHint: 'Start the server with AUTH_REQUIRED=1 to require sign-in.',
  },
  roles: {
    viewer: 'Viewer',
    operator: 'Operator',
    admin: 'Admin',
  },
  session: {
    checkFailed: 'Could not check who is signed in: {{reason}}',
  },
  connection: {
    connecting: 'Connecting…',
    live: 'Live',
    liveHint: 'Edge answered at {{time}}; changes arrive as they happen',
    polling: 'Polling',
    pollingHint:
      'Edge answered at {{time}}. The live stream is not connected: pages check for changes every few seconds.',
    staleSince: 'Stale since {{time}}',
    unreachable: 'Edge unreachable',
    unauthorized: 'Unauthorized',
    tokenRejected: 'Edge token rejected: check EDGE_API_TOKEN on the console server.',
  },
  query: {
    staleNotice: 'Showing data from {{time}}. The edge is not answering ({{reason}}); retrying automatically.',
    errorTitle: 'Could not load this data',
    retry: 'Retry',
    loading: 'Loading…',
    notFoundTitle: 'Not found',
    back: 'Back',
  },
  inventory: {
    capped:
      'Showing the first {{shown}} of {{total}} mics: the console server reads at most {{pages}} pages of the edge’s list (HUB_MAX_MIC_PAGES).',
    cappedUnknown:
      'Showing the first {{shown}} mics: the console server reads at most {{pages}} pages of the edge’s list (HUB_MAX_MIC_PAGES), and there are more.',
    drawCapped: 'Drawing the first {{shown}} of {{total}} mics: this screen draws no more.',
    stale: 'Mics as of {{time}}: the console server cannot read them now ({{reason}}).',
  },
  shortcuts: {
    title: 'Keyboard shortcuts',
    open: 'Keyboard shortcuts (?)',
    then: 'then',
    search: 'Focus the search or filter box of the page',
    goMics: 'Go to mics',
    goMap: 'Go to the map',
    goEvents: 'Go to events',
    goComposite: 'Go to composite events',
    help: 'Show this list',
    close: 'Close a dialog or drawer',
  },
  notFound: {
    title: 'Page not found',
    description: 'There is no page at {{path}}.',
    home: 'Go to the mic list',
  },
  routeError: {
    title: 'This page failed',
    reload: 'Reload',
    home: 'Go to the mic list',
  },
  controls: {
    close: 'Close',
    clear: 'Clear',
    previous: 'Previous',
    next: 'Next',
    apply: 'Apply',
    showHide: 'Show or hide',
  },
  filterDrawer: {
    open: 'Filters',
    openActive_one: 'Filters, {{count}} active',
    openActive_other: 'Filters, {{count}} active',
    title: 'Filters',
    done: 'Show results',
  },
  pagination: {
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
    page: 'Page {{page}}',
  },
  time: {
    utcHint: '{{utc}}',
  },
  status: {
    active: 'Active',
    inactive: 'Inactive',
    unknown: 'Unknown ({{value}})',
  },
};
