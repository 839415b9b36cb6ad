import { registerTranslations } from '@/lib/i18n';

const en = {
  updated: 'Computed',
  refresh: 'Refresh',
  backfill: {
    running:
      'Reading the last {{days}} days of history to learn what is usual: {{percent}} done ({{requests}} requests). Until it finishes, fewer things can be called unusual.',
    failed: 'Reading the history failed ({{error}}): what is usual is known only from {{from}} on.',
    since: 'Usual is learnt from {{from}} on.',
  },
  unusual: {
    title: 'Unusual now',
    description:
      'Counts in the last {{minutes}} minutes far above what this place usually hears at this hour (by chance less than 1 in {{odds}}).',
    mic: '{{place}}: {{label}} ×{{count}} in {{minutes}} min, usually {{usual}}',
    micNever: '{{place}}: {{label}} ×{{count}} in {{minutes}} min, usually none',
    edge: 'Edge {{edge}} ({{mics}} mics)',
    chance: 'By chance: 1 in {{odds}}',
    chanceTiny: 'By chance: under 1 in a million',
    borrowed: 'Usual taken from its edge (little history of its own)',
    mics: 'Mics',
    areas: 'Areas',
    edges: 'Edge servers',
    empty: 'Nothing is unusual right now.',
    emptyDescription: 'Every mic, area and edge server hears about what it usually does at this hour.',
  },
  health: {
    title: 'Mic health',
    description:
      'Mics that may not hear: they missed events their neighbours heard ({{min}} or more in {{hours}} h), went silent far longer than usual, or are not connected.',
    reasons: {
      missed: 'Missed events',
      silent: 'Silent',
      disconnected: 'Disconnected',
      not_reporting: 'Not reporting',
    },
    missed_one: 'Missed {{count}} event its neighbours heard:',
    missed_other: 'Missed {{count}} events its neighbours heard:',
    heardBy: 'heard by {{names}}',
    lastEvent: 'Last event',
    never: 'none recorded',
    silentFor: 'Silent for {{span}}',
    usualGap: 'usually every {{span}}',
    reportedAt: 'Last report',
    more: 'and {{count}} more',
    empty: 'No mic looks deaf.',
    emptyDescription: 'Every mic hears what its neighbours hear and reports as usual.',
    showAll: 'Show all {{count}} mics',
    showFewer: 'Show the {{count}} most suspect',
  },
  thresholds: {
    title: 'Threshold advice',
    description:
      'Thresholds that let through many weak events no neighbour heard, over the last {{days}} days; the suggestion keeps {{share}} of the events neighbours confirmed.',
    raiseOnly:
      'Only raising can be suggested: events below the current threshold are never stored, so nothing says what lowering it would add.',
    change: '{{current}} → {{suggested}}',
    current: 'Threshold',
    perDay: 'Events a day',
    perDayValue: '{{now}} → {{after}}',
    cut: '−{{percent}}',
    kept: 'Confirmed events kept',
    keptValue: '{{kept}} of {{real}} ({{percent}})',
    byEar: 'By ear',
    byEarValue: '{{confirmed}} confirmed, {{wrong}} another sound',
    heardAs: 'heard as {{list}}',
    review: 'Review in drawer',
    reviewLabel: 'Review {{label}} on {{mic}} in the drawer',
    empty: 'No threshold needs raising.',
    reading: 'No suggestion yet: the history is still being read.',
    readingDescription: 'Suggestions appear as the last days come in ({{percent}} read).',
    emptyDescription: 'No mic lets through many more weak unconfirmed events than confirmed ones.',
    showAll: 'Show all {{count}} suggestions',
    showFewer: 'Show the {{count}} with the biggest cut',
  },
};

const ko: typeof en = {
  updated: '계산 시각',
  refresh: '새로 고침',
  backfill: {
    running:
      '평소 수준을 알기 위해 지난 {{days}}일 기록을 읽는 중입니다: {{percent}} 완료 (요청 {{requests}}회). 끝날 때까지는 이상으로 판단되는 항목이 적습니다.',
    failed: '기록을 읽지 못했습니다({{error}}): 평소 수준은 {{from}}부터의 기록으로만 판단합니다.',
    since: '평소 수준은 {{from}}부터의 기록으로 판단합니다.',
  },
  unusual: {
    title: '지금 평소와 다른 것',
    description:
      '최근 {{minutes}}분 동안의 횟수가 이 시간대 평소보다 훨씬 많은 항목입니다 (우연일 확률 {{odds}}분의 1 미만).',
    mic: '{{place}}: {{minutes}}분 동안 {{label}} {{count}}회, 평소 {{usual}}회',
    micNever: '{{place}}: {{minutes}}분 동안 {{label}} {{count}}회, 평소 없음',
    edge: '엣지 {{edge}} (마이크 {{mics}}대)',
    chance: '우연일 확률: {{odds}}분의 1',
    chanceTiny: '우연일 확률: 100만분의 1 미만',
    borrowed: '자체 기록이 적어 엣지의 평소 수준을 사용',
    mics: '마이크',
    areas: '지역',
    edges: '엣지 서버',
    empty: '지금은 평소와 다른 것이 없습니다.',
    emptyDescription: '모든 마이크, 지역, 엣지 서버가 이 시간대 평소 수준으로 듣고 있습니다.',
  },
  health: {
    title: '마이크 상태',
    description:
      '듣지 못하는 듯한 마이크: 이웃 마이크가 들은 이벤트를 놓쳤거나({{hours}}시간 동안 {{min}}건 이상), 평소보다 훨씬 오래 조용하거나, 연결되지 않았습니다.',
    reasons: {
      missed: '이벤트 놓침',
      silent: '무음',
      disconnected: '연결 끊김',
      not_reporting: '보고 없음',
    },
    missed_one: '이웃 마이크가 들은 이벤트 {{count}}건을 놓쳤습니다:',
    missed_other: '이웃 마이크가 들은 이벤트 {{count}}건을 놓쳤습니다:',
    heardBy: '{{names}}에서 감지',
    lastEvent: '마지막 이벤트',
    never: '기록 없음',
    silentFor: '{{span}} 동안 무음',
    usualGap: '평소 {{span}}마다',
    reportedAt: '마지막 보고',
    more: '외 {{count}}건',
    empty: '듣지 못하는 듯한 마이크가 없습니다.',
    emptyDescription: '모든 마이크가 이웃 마이크와 같은 소리를 듣고 평소처럼 보고합니다.',
    showAll: '마이크 {{count}}개 모두 보기',
    showFewer: '가장 의심스러운 {{count}}개만 보기',
  },
  thresholds: {
    title: '임계값 제안',
    description:
      '지난 {{days}}일 동안 이웃 마이크가 듣지 못한 약한 이벤트를 많이 통과시킨 임계값입니다. 제안값은 이웃이 확인한 이벤트의 {{share}}를 유지합니다.',
    raiseOnly:
      '올리는 것만 제안할 수 있습니다: 현재 임계값 아래의 이벤트는 저장되지 않으므로 낮추면 무엇이 더해질지 알 수 없습니다.',
    change: '{{current}} → {{suggested}}',
    current: '임계값',
    perDay: '하루 이벤트',
    perDayValue: '{{now}} → {{after}}',
    cut: '−{{percent}}',
    kept: '유지되는 확인 이벤트',
    keptValue: '{{real}}건 중 {{kept}}건 ({{percent}})',
    byEar: '직접 들어 본 결과',
    byEarValue: '맞음 {{confirmed}}건, 다른 소리 {{wrong}}건',
    heardAs: '실제로는 {{list}}',
    review: '서랍에서 검토',
    reviewLabel: '{{mic}}의 {{label}} 임계값을 서랍에서 검토',
    empty: '올릴 임계값이 없습니다.',
    reading: '아직 제안이 없습니다: 기록을 읽는 중입니다.',
    readingDescription: '지난 기록이 들어오는 대로 제안이 나타납니다({{percent}} 읽음).',
    emptyDescription: '확인되지 않은 약한 이벤트를 확인된 이벤트보다 훨씬 많이 통과시키는 마이크가 없습니다.',
    showAll: '제안 {{count}}개 모두 보기',
    showFewer: '가장 많이 줄이는 {{count}}개만 보기',
  },
};

registerTranslations('insights', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    insights: typeof en;
  }
}
