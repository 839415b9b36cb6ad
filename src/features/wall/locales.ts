import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'Sound events',
  region: 'Mic map',
  allEdges: 'All edge servers',
  allLabels: 'All labels',
  lastWindow: 'last {{window}}',
  everySeconds: 'refresh {{seconds}} s',
  clock: 'Local time',
  fresh: 'Updated {{time}}',
  stale: 'DATA STALE since {{time}}',
  staleReason: 'The edge is not answering ({{reason}}). Showing the last good data; retrying every {{seconds}} s.',
  noData: 'NO DATA: the edge cannot be reached',
  tokenRejected: 'Edge token rejected: check EDGE_API_TOKEN on the console server.',
  connecting: 'Connecting to the edge…',
  composites: 'Composite events',
  events: 'Latest events',
  noComposites: 'No composite events in the last {{window}}.',
  noEvents: 'No events in the last {{window}}.',
  newEntry: 'New',
  compositeMics_one: '{{count}} mic',
  compositeMics_other: '{{count}} mics',
  compositeEvents_one: '{{count}} event',
  compositeEvents_other: '{{count}} events',
  confidence: '{{value}}',
  enableSound: 'Click to enable sound',
  soundOn: 'Chime on',
  mics: '{{count}} mics',
  revoked: 'This wall link was revoked',
  revokedHint: 'This screen no longer has access. Ask an administrator for a new wall link (Admin → Wall screens).',
  signInNeeded: 'Sign-in needed',
  signInNeededHint: 'This screen has no access to the console. Open a wall link from Admin → Wall screens on it.',
};

const ko: typeof en = {
  title: '소리 이벤트',
  region: '마이크 지도',
  allEdges: '모든 엣지 서버',
  allLabels: '모든 분류',
  lastWindow: '최근 {{window}}',
  everySeconds: '{{seconds}}초마다 갱신',
  clock: '현지 시각',
  fresh: '{{time}} 갱신',
  stale: '{{time}}부터 데이터 갱신 안 됨',
  staleReason: '엣지가 응답하지 않습니다({{reason}}). 마지막 정상 데이터를 표시하며 {{seconds}}초마다 다시 시도합니다.',
  noData: '데이터 없음: 엣지에 연결할 수 없습니다',
  tokenRejected: '엣지가 토큰을 거부했습니다. 콘솔 서버의 EDGE_API_TOKEN을 확인하세요.',
  connecting: '엣지에 연결 중…',
  composites: '복합 이벤트',
  events: '최근 이벤트',
  noComposites: '최근 {{window}} 동안 복합 이벤트가 없습니다.',
  noEvents: '최근 {{window}} 동안 이벤트가 없습니다.',
  newEntry: '새 이벤트',
  compositeMics_one: '마이크 {{count}}개',
  compositeMics_other: '마이크 {{count}}개',
  compositeEvents_one: '이벤트 {{count}}건',
  compositeEvents_other: '이벤트 {{count}}건',
  confidence: '{{value}}',
  enableSound: '클릭하여 소리 켜기',
  soundOn: '알림음 켜짐',
  mics: '마이크 {{count}}개',
  revoked: '이 상황판 링크는 폐기되었습니다',
  revokedHint: '이 화면은 더 이상 접근할 수 없습니다. 관리자에게 새 상황판 링크를 요청하세요(관리 → 상황판 화면).',
  signInNeeded: '로그인이 필요합니다',
  signInNeededHint:
    '이 화면은 콘솔에 접근할 수 없습니다. 관리 → 상황판 화면에서 만든 상황판 링크를 이 화면에서 여세요.',
};

registerTranslations('wall', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    wall: typeof en;
  }
}
