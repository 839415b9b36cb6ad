import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'Wall screens',
  subtitle:
    'A wall link opens the wall display on a screen nobody signs in to. It can only read, and stops working when revoked.',
  create: 'New wall link',
  table: {
    label: 'Wall links',
    name: 'Name',
    options: 'Wall options',
    created: 'Created',
    createdBy: 'by {{name}}',
    lastSeen: 'Last request',
    never: 'Never used',
    status: 'Status',
    actions: 'Actions',
    empty: 'No wall link yet. Create one for each screen.',
    defaults: 'Defaults (all edges, all labels)',
  },
  status: {
    online: 'Online',
    onlineHint: 'Requested data in the last {{minutes}} minutes',
    idle: 'Not seen lately',
    never: 'Not opened yet',
    revoked: 'Revoked',
  },
  revoke: {
    button: 'Revoke',
    label: 'Revoke {{name}}',
    title: 'Revoke the wall link “{{name}}”?',
    body: 'The screen using it loses access at its next request and shows “This wall link was revoked”. This cannot be undone: create a new link to bring the screen back.',
    confirm: 'Revoke link',
    cancel: 'Cancel',
    done: 'Wall link “{{name}}” revoked',
    failed: 'Wall link not revoked',
  },
  form: {
    title: 'New wall link',
    name: 'Name',
    nameDescription: 'Which screen this is, e.g. “Control room left”.',
    nameRequired: 'Give the link a name.',
    nameTooLong: 'At most {{max}} characters.',
    edge: 'Edge server',
    edgePlaceholder: 'All edge servers',
    label: 'Label',
    labelPlaceholder: 'All labels (or a label id, e.g. scream)',
    window: 'Time window',
    refresh: 'Refresh every (seconds)',
    chime: 'Chime on new composite events',
    lang: 'Language',
    langBrowser: 'Screen’s own',
    submit: 'Create link',
    cancel: 'Cancel',
    failed: 'Not created: {{reason}}',
  },
  created: {
    title: 'Wall link created',
    once: 'Copy this address now and open it on the wall screen. It is shown only once: the console keeps no copy of its key.',
    url: 'Wall link address',
    copy: 'Copy',
    copied: 'Copied',
    done: 'Done',
  },
};

const ko: typeof en = {
  title: '상황판 화면',
  subtitle:
    '상황판 링크는 아무도 로그인하지 않는 화면에서 상황판를 엽니다. 읽기만 할 수 있으며 폐기하면 더 이상 작동하지 않습니다.',
  create: '새 상황판 링크',
  table: {
    label: '상황판 링크',
    name: '이름',
    options: '상황판 설정',
    created: '생성',
    createdBy: '{{name}}',
    lastSeen: '마지막 요청',
    never: '사용 기록 없음',
    status: '상태',
    actions: '작업',
    empty: '아직 상황판 링크가 없습니다. 화면마다 하나씩 만드세요.',
    defaults: '기본값(모든 엣지, 모든 분류)',
  },
  status: {
    online: '온라인',
    onlineHint: '최근 {{minutes}}분 안에 데이터를 요청함',
    idle: '최근 요청 없음',
    never: '아직 열리지 않음',
    revoked: '폐기됨',
  },
  revoke: {
    button: '폐기',
    label: '{{name}} 폐기',
    title: '상황판 링크 “{{name}}”을(를) 폐기할까요?',
    body: '이 링크를 쓰는 화면은 다음 요청부터 접근할 수 없으며 “이 상황판 링크는 폐기되었습니다”를 표시합니다. 되돌릴 수 없습니다. 화면을 다시 쓰려면 새 링크를 만드세요.',
    confirm: '링크 폐기',
    cancel: '취소',
    done: '상황판 링크 “{{name}}”을(를) 폐기했습니다',
    failed: '상황판 링크를 폐기하지 못했습니다',
  },
  form: {
    title: '새 상황판 링크',
    name: '이름',
    nameDescription: '어느 화면인지 적으세요. 예: “상황실 왼쪽”.',
    nameRequired: '링크 이름을 입력하세요.',
    nameTooLong: '최대 {{max}}자입니다.',
    edge: '엣지 서버',
    edgePlaceholder: '모든 엣지 서버',
    label: '분류',
    labelPlaceholder: '모든 분류(또는 분류 id, 예: scream)',
    window: '시간 범위',
    refresh: '갱신 주기(초)',
    chime: '새 복합 이벤트 알림음',
    lang: '언어',
    langBrowser: '화면 기본값',
    submit: '링크 만들기',
    cancel: '취소',
    failed: '만들지 못했습니다: {{reason}}',
  },
  created: {
    title: '상황판 링크를 만들었습니다',
    once: '지금 이 주소를 복사해 상황판 화면에서 여세요. 콘솔은 키를 보관하지 않으므로 주소는 한 번만 표시됩니다.',
    url: '상황판 링크 주소',
    copy: '복사',
    copied: '복사됨',
    done: '완료',
  },
};

registerTranslations('adminWalls', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    adminWalls: typeof en;
  }
}
