import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'Sign in',
  description: 'Sign in to Edge Sound Console with your account.',
  username: 'Username',
  password: 'Password',
  submit: 'Sign in',
  usernameRequired: 'Enter your username.',
  passwordRequired: 'Enter your password.',
  badCredentials: 'Wrong username or password.',
  disabled: 'This account is disabled. Ask an admin to enable it.',
  rateLimited_one: 'Too many failed sign-ins. Try again in {{count}} minute.',
  rateLimited_other: 'Too many failed sign-ins. Try again in {{count}} minutes.',
  failed: 'Sign-in failed: {{reason}}',
  ended: 'Your session has ended. Sign in to continue.',
  or: 'or',
  sso: 'Sign in with {{label}}',
  ssoFailed: 'Single sign-on did not complete. Try again, or ask an admin to check the console server log.',
  ssoDisabled: 'Your account is disabled. Ask an admin to enable it.',
  demo: "This is the demo: you can also continue as the 'demo' admin.",
  demoContinue: "Continue as 'demo'",
  setupHint: {
    title: 'No account yet',
    body: 'The first admin is created through the one-time setup link the console server printed in its log (“Create the first admin at …/setup#…”): open it to choose a name and password. Or restart the server with ADMIN_USERNAME and ADMIN_PASSWORD set.',
  },
  edgeToken: {
    title: 'Your edge access token',
    description:
      'This console passes your personal edge token to the edge mic service. Enter it; it is kept for this browser tab only.',
    token: 'Access token',
    submit: 'Continue',
    rejected: 'The edge rejected this token ({{reason}}).',
    expired: 'Your access token was rejected by the edge. Enter it again to continue.',
    required: 'Enter the access token.',
  },
  setup: {
    title: 'Create the first admin',
    description: 'This console has no account yet. Choose the username and password of its first admin.',
    confirm: 'Repeat the password',
    mismatch: 'The two passwords differ.',
    tooShort: 'At least 8 characters.',
    submit: 'Create admin and sign in',
    noLink: 'Open the setup link printed in the console server’s log: it carries a one-time key.',
    invalid:
      'This setup link is not valid: it was already used, or the server restarted since. Use the link in the newest log.',
  },
};

const ko: typeof en = {
  title: '로그인',
  description: '계정으로 엣지 사운드 콘솔에 로그인하세요.',
  username: '사용자 이름',
  password: '비밀번호',
  submit: '로그인',
  usernameRequired: '사용자 이름을 입력하세요.',
  passwordRequired: '비밀번호를 입력하세요.',
  badCredentials: '사용자 이름 또는 비밀번호가 올바르지 않습니다.',
  disabled: '비활성화된 계정입니다. 관리자에게 활성화를 요청하세요.',
  rateLimited_one: '로그인 실패가 너무 많습니다. {{count}}분 후에 다시 시도하세요.',
  rateLimited_other: '로그인 실패가 너무 많습니다. {{count}}분 후에 다시 시도하세요.',
  failed: '로그인하지 못했습니다: {{reason}}',
  ended: '세션이 종료되었습니다. 계속하려면 로그인하세요.',
  or: '또는',
  sso: '{{label}}(으)로 로그인',
  ssoFailed: 'SSO 로그인이 완료되지 않았습니다. 다시 시도하거나 관리자에게 콘솔 서버 로그 확인을 요청하세요.',
  ssoDisabled: '비활성화된 계정입니다. 관리자에게 활성화를 요청하세요.',
  demo: "데모입니다. 관리자 'demo'로 계속할 수도 있습니다.",
  demoContinue: "'demo'로 계속",
  setupHint: {
    title: '아직 계정이 없습니다',
    body: '첫 관리자는 콘솔 서버가 로그에 출력한 일회용 설정 링크(“Create the first admin at …/setup#…”)에서 만듭니다. 그 링크를 열어 이름과 비밀번호를 정하세요. 또는 ADMIN_USERNAME과 ADMIN_PASSWORD를 설정하고 서버를 다시 시작하세요.',
  },
  edgeToken: {
    title: '엣지 액세스 토큰',
    description:
      '이 콘솔은 개인 엣지 토큰을 엣지 마이크 서비스에 전달합니다. 토큰을 입력하세요. 이 브라우저 탭에만 보관됩니다.',
    token: '액세스 토큰',
    submit: '계속',
    rejected: '엣지가 이 토큰을 거부했습니다({{reason}}).',
    expired: '엣지가 액세스 토큰을 거부했습니다. 계속하려면 다시 입력하세요.',
    required: '액세스 토큰을 입력하세요.',
  },
  setup: {
    title: '첫 관리자 만들기',
    description: '이 콘솔에는 아직 계정이 없습니다. 첫 관리자의 사용자 이름과 비밀번호를 정하세요.',
    confirm: '비밀번호 확인',
    mismatch: '두 비밀번호가 다릅니다.',
    tooShort: '8자 이상이어야 합니다.',
    submit: '관리자 만들고 로그인',
    noLink: '콘솔 서버 로그에 출력된 설정 링크를 여세요. 일회용 키가 들어 있습니다.',
    invalid:
      '유효하지 않은 설정 링크입니다. 이미 사용되었거나 그 뒤 서버가 다시 시작되었습니다. 최신 로그의 링크를 사용하세요.',
  },
};

registerTranslations('signIn', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    signIn: typeof en;
  }
}
