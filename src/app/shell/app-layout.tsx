import { ActionIcon, AppShell, Badge, Burger, Group, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBroadcast,
  IconBulb,
  IconClipboardList,
  IconDeviceTv,
  IconKeyboard,
  IconMap2,
  IconMicrophone,
  IconSettings,
  IconStack2,
  type TablerIcon,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { type KeyOf, useTranslation } from '@/lib/i18n';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { useCan } from '@/api';
import { PageLoader } from '@/components/page-loader';
import { NewItemsBadge } from '@/components/review/new-items-badge';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { usePhone, useScreen } from '@/lib/screens';
import { ROUTES } from '../routes';
import { ConnectionIndicator } from './connection-indicator';
import { EdgeHeartbeat, TokenRejectedAlert } from './edge-status';
import { ColorSchemeToggle, LanguageToggle } from './header-controls';
import classes from './app-layout.module.css';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { UserMenuSlot } from './user-menu-slot';

const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/** Where the navbar folds behind the burger: below its `md` breakpoint (62em). */
const NAV_FOLDS = '(max-width: 61.99em)';

/** The label and icon of each page in the navigation (src/app/routes.ts); ../routes.test.ts checks they match. */
export const NAV_ITEMS: Record<string, { label: KeyOf<'common'>; icon: TablerIcon }> = {
  '/composite-events': { label: 'nav.compositeEvents', icon: IconStack2 },
  '/events': { label: 'nav.events', icon: IconBroadcast },
  '/map': { label: 'nav.map', icon: IconMap2 },
  '/mics': { label: 'nav.mics', icon: IconMicrophone },
  '/insights': { label: 'nav.insights', icon: IconBulb },
  '/handover': { label: 'nav.handover', icon: IconClipboardList },
  '/wall': { label: 'nav.wall', icon: IconDeviceTv },
  '/admin': { label: 'nav.admin', icon: IconSettings },
};

/** The navigation, in the table's order. */
const NAV = ROUTES.flatMap(({ path, nav }) => {
  const item = NAV_ITEMS[path];
  return nav.menu === 'main' && item !== undefined ? [{ ...nav, ...item, to: path }] : [];
});

export function AppLayout() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const [opened, { toggle, close }] = useDisclosure();
  const [helpOpened, setHelpOpened] = useState(false);
  const [helpLoaded, setHelpLoaded] = useState(false);
  const openHelp = useCallback(() => {
    setHelpLoaded(true);
    setHelpOpened(true);
  }, []);
  useKeyboardShortcuts(openHelp);
  const location = useLocation();
  const isAdmin = useCan('manageAccounts');

  useEffect(close, [location.pathname, close]);
  // On a phone the header's controls move into the menu the burger opens, beside the navigation.
  const compact = usePhone();
  // Below md the navbar is folded away until the burger opens it: its links (and on a phone the
  // header's controls) are mounted on the first opening, not in the page's first render, where they
  // took 95-140 ms at 4x CPU (issue 32's /map profile). Kept once opened, so it slides out whole.
  const foldable = useScreen(NAV_FOLDS);
  const [navOpenedOnce, setNavOpenedOnce] = useState(false);
  if (opened && !navOpenedOnce) setNavOpenedOnce(true);
  const navDrawn = !foldable || navOpenedOnce;

  // Every header control, once: in the header on a wide screen, in the burger's menu on a phone.
  const controls = (
    <>
      <ConnectionIndicator />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('shortcuts.open')}
        data-hint={t('shortcuts.open')}
        onClick={openHelp}
        visibleFrom="sm"
      >
        <IconKeyboard size={18} aria-hidden />
      </ActionIcon>
      <LanguageToggle />
      <ColorSchemeToggle />
      <UserMenuSlot />
    </>
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('header.toggleNavigation')}
            />
            <Title order={1} size="h4" className={classes.brand}>
              {t('appName')}
            </Title>
            {config.mode === 'demo' && (
              <Badge variant="outline" color="grape" visibleFrom="sm">
                {t('header.demo')}
              </Badge>
            )}
            {config.readOnly && (
              <Badge variant="outline" color="gray" visibleFrom="sm">
                {t('header.readOnly')}
              </Badge>
            )}
          </Group>
          {!compact && (
            <Group gap="xs" wrap="nowrap">
              {controls}
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
        {navDrawn && (
          <AppShell.Section grow className={classes.navList}>
            {NAV.map(({ to, label, icon: Icon, adminOnly, newTab }) =>
              adminOnly && !isAdmin ? null : newTab ? (
                // The wall is a screen of its own, opened beside the console.
                <NavLink
                  key={to}
                  component="a"
                  href={to}
                  target="_blank"
                  rel="noopener"
                  label={t(label)}
                  leftSection={<Icon size={18} aria-hidden />}
                />
              ) : (
                <NavLink
                  key={to}
                  component={RouterNavLink}
                  to={to}
                  label={t(label)}
                  leftSection={<Icon size={18} aria-hidden />}
                  rightSection={to === '/composite-events' ? <NewItemsBadge /> : undefined}
                  active={location.pathname === to || location.pathname.startsWith(`${to}/`)}
                />
              ),
            )}
          </AppShell.Section>
        )}
        {compact && navDrawn && (
          <AppShell.Section className={classes.menuControls}>
            <Group gap="xs">{controls}</Group>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {config.auth.demoAutoSignIn && (
          // Styled in index.html, like the first frame's copy of it: the two are drawn alike.
          <p className="demo-banner" role="note">
            {t('user.demoBanner')} <span className="demo-banner-hint">{t('user.demoBannerHint')}</span>
          </p>
        )}
        <EdgeHeartbeat />
        <TokenRejectedAlert />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        {helpLoaded && (
          <Suspense fallback={null}>
            <ShortcutsDialog opened={helpOpened} onClose={() => setHelpOpened(false)} />
          </Suspense>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
