import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'Audit trail',
  subtitle: 'Every change made through the console, who made it, when and from where. Entries cannot be edited.',
  retention: 'Entries are kept for {{days}} days.',
  filters: {
    label: 'Audit filters',
    person: 'Person',
    personPlaceholder: 'Name or wall link',
    action: 'Action',
    actionPlaceholder: 'Any action',
    mic: 'Mic',
    micPlaceholder: 'Any mic',
    from: 'From',
    to: 'To',
    fromPlaceholder: 'Any time',
    toPlaceholder: 'Now',
    clear: 'Clear filters',
    rangeInvalid: '“From” is after “To”: nothing can match.',
  },
  table: {
    label: 'Audit entries',
    time: 'Time',
    who: 'Who',
    action: 'Action',
    target: 'Target',
    changes: 'Changes',
    address: 'Address',
    empty: 'No entry matches this filter.',
    pagination: '{{from}}–{{to}} of {{total}}',
    perPage: 'Rows per page',
  },
  targets: {
    account: 'Account',
    wall: 'Wall link',
    mic: 'Mic',
    composite_event: 'Composite event',
    event: 'Sound event',
  },
  export: {
    button: 'Export CSV',
    hint: 'Downloads the entries matching this filter, newest first (at most {{cap}} rows).',
    capWarning: 'This filter matches {{total}} entries: the export holds the newest {{cap}}.',
  },
};

const ko: typeof en = {
  title: '감사 기록',
  subtitle: '콘솔에서 이루어진 모든 변경과 그 주체, 시각, 접속 주소입니다. 기록은 수정할 수 없습니다.',
  retention: '기록은 {{days}}일 동안 보관됩니다.',
  filters: {
    label: '감사 기록 필터',
    person: '사용자',
    personPlaceholder: '이름 또는 상황판 링크',
    action: '작업',
    actionPlaceholder: '모든 작업',
    mic: '마이크',
    micPlaceholder: '모든 마이크',
    from: '시작',
    to: '종료',
    fromPlaceholder: '전체 기간',
    toPlaceholder: '현재',
    clear: '필터 지우기',
    rangeInvalid: '“시작”이 “종료”보다 늦어 일치하는 항목이 없습니다.',
  },
  table: {
    label: '감사 기록 항목',
    time: '시각',
    who: '주체',
    action: '작업',
    target: '대상',
    changes: '변경 내용',
    address: '주소',
    empty: '이 필터에 맞는 기록이 없습니다.',
    pagination: '{{total}}건 중 {{from}}–{{to}}',
    perPage: '페이지당 행 수',
  },
  targets: {
    account: '계정',
    wall: '상황판 링크',
    mic: '마이크',
    composite_event: '복합 이벤트',
    event: '소리 이벤트',
  },
  export: {
    button: 'CSV 내보내기',
    hint: '이 필터에 맞는 기록을 최신 순으로 내려받습니다(최대 {{cap}}행).',
    capWarning: '이 필터에 맞는 기록은 {{total}}건입니다. 최신 {{cap}}건만 내보냅니다.',
  },
};

registerTranslations('adminAudit', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    adminAudit: typeof en;
  }
}
