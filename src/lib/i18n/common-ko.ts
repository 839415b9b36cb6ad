import type { commonEn } from './common-en';

export const commonKo: typeof commonEn = {
  appName: '엣지 사운드 콘솔',
  nav: {
    label: '주 메뉴',
    mics: '마이크',
    map: '지도',
    events: '이벤트',
    compositeEvents: '복합 이벤트',
    wall: '상황판',
  },
  header: {
    toggleNavigation: '메뉴 열기/닫기',
    colorScheme: '화면 테마',
    light: '밝게',
    dark: '어둡게',
    auto: '시스템',
    language: '언어',
    signOut: '로그아웃',
    demo: '데모 엣지',
    readOnly: '읽기 전용',
  },
  connection: {
    connecting: '연결 중…',
    live: '실시간',
    liveHint: '{{time}}에 엣지 응답',
    staleSince: '{{time}}부터 갱신 안 됨',
    unreachable: '엣지 연결 불가',
    unauthorized: '인증 실패',
    tokenRejected: '엣지가 토큰을 거부했습니다. 콘솔 서버의 EDGE_API_TOKEN을 확인하세요.',
  },
  query: {
    staleNotice: '{{time}} 기준 데이터입니다. 엣지가 응답하지 않습니다({{reason}}). 자동으로 다시 시도합니다.',
    errorTitle: '데이터를 불러오지 못했습니다',
    retry: '다시 시도',
    loading: '불러오는 중…',
    notFoundTitle: '찾을 수 없음',
    back: '돌아가기',
  },
  signIn: {
    title: '엣지 로그인',
    description: '이 콘솔 서버에는 엣지 토큰이 없습니다. 엣지 마이크 서비스의 액세스 토큰을 입력하세요. 이 브라우저 탭에만 보관됩니다.',
    token: '액세스 토큰',
    submit: '로그인',
    checking: '확인 중…',
    rejected: '엣지가 이 토큰을 거부했습니다({{reason}}).',
    expired: '엣지가 액세스 토큰을 거부했습니다. 계속하려면 다시 로그인하세요.',
    required: '액세스 토큰을 입력하세요.',
  },
  notFound: {
    title: '페이지를 찾을 수 없습니다',
    description: '{{path}} 페이지가 없습니다.',
    home: '마이크 목록으로',
  },
  routeError: {
    title: '페이지 오류',
    reload: '새로 고침',
    home: '마이크 목록으로',
  },
  time: {
    utcHint: '{{utc}}',
  },
  status: {
    active: '활성',
    inactive: '비활성',
    unknown: '알 수 없음({{value}})',
  },
};
