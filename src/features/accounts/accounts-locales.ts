import { registerTranslations } from '@/lib/i18n';

const en = {
  subtitle_one: '{{count}} account',
  subtitle_other: '{{count}} accounts',
  create: 'New account',
  columns: {
    username: 'Username',
    role: 'Role',
    status: 'Status',
    lastLogin: 'Last sign-in',
    actions: 'Actions',
  },
  table: { label: 'Accounts', empty: 'No account yet.' },
  status: { active: 'Active', disabled: 'Disabled' },
  method: { password: 'Password', sso: 'Single sign-on', none: 'No password' },
  never: 'Never',
  you: 'you',
  roleOf: 'Role of {{name}}',
  disable: 'Disable',
  enable: 'Enable',
  disableOf: 'Disable {{name}}',
  enableOf: 'Enable {{name}}',
  resetPassword: 'Reset password',
  resetPasswordOf: 'Reset the password of {{name}}',
  form: {
    createTitle: 'New account',
    resetTitle: 'New password for {{name}}',
    username: 'Username',
    usernameHint: 'Letters, digits and . _ @ -; not case-sensitive.',
    role: 'Role',
    password: 'Initial password',
    newPassword: 'New password',
    passwordHint: 'At least 8 characters. Tell it to the person through a safe channel.',
    required: 'Required.',
    tooShort: 'At least 8 characters.',
    cancel: 'Cancel',
    create: 'Create account',
    reset: 'Set password',
  },
  roleHelp: {
    viewer: 'Reads every page.',
    operator: 'A viewer who may also act on incidents.',
    admin: 'Edits mics, manages accounts and wall links, reads the audit trail.',
  },
  done: {
    created: 'Account {{name}} created.',
    role: '{{name}} is now {{role}}; their open sessions ended.',
    disabled: '{{name}} is disabled; their open sessions ended.',
    enabled: '{{name}} is enabled.',
    password: 'Password of {{name}} changed; their other sessions ended.',
  },
  refused: 'Not changed: {{reason}}',
};

const ko: typeof en = {
  subtitle_one: '계정 {{count}}개',
  subtitle_other: '계정 {{count}}개',
  create: '새 계정',
  columns: {
    username: '사용자 이름',
    role: '역할',
    status: '상태',
    lastLogin: '마지막 로그인',
    actions: '작업',
  },
  table: { label: '계정', empty: '아직 계정이 없습니다.' },
  status: { active: '사용 중', disabled: '비활성' },
  method: { password: '비밀번호', sso: 'SSO', none: '비밀번호 없음' },
  never: '없음',
  you: '나',
  roleOf: '{{name}}의 역할',
  disable: '비활성화',
  enable: '활성화',
  disableOf: '{{name}} 비활성화',
  enableOf: '{{name}} 활성화',
  resetPassword: '비밀번호 재설정',
  resetPasswordOf: '{{name}}의 비밀번호 재설정',
  form: {
    createTitle: '새 계정',
    resetTitle: '{{name}}의 새 비밀번호',
    username: '사용자 이름',
    usernameHint: '영문자, 숫자, . _ @ - 만 사용. 대소문자를 구분하지 않습니다.',
    role: '역할',
    password: '초기 비밀번호',
    newPassword: '새 비밀번호',
    passwordHint: '8자 이상. 안전한 경로로 본인에게 전달하세요.',
    required: '필수 항목입니다.',
    tooShort: '8자 이상이어야 합니다.',
    cancel: '취소',
    create: '계정 만들기',
    reset: '비밀번호 설정',
  },
  roleHelp: {
    viewer: '모든 페이지를 볼 수 있습니다.',
    operator: '조회자 권한에 더해 사건을 처리할 수 있습니다.',
    admin: '마이크 편집, 계정과 상황판 링크 관리, 감사 기록 조회.',
  },
  done: {
    created: '계정 {{name}}을(를) 만들었습니다.',
    role: '{{name}}의 역할이 {{role}}(으)로 바뀌었고 열린 세션이 종료되었습니다.',
    disabled: '{{name}}을(를) 비활성화했고 열린 세션이 종료되었습니다.',
    enabled: '{{name}}을(를) 활성화했습니다.',
    password: '{{name}}의 비밀번호를 바꿨고 다른 세션이 종료되었습니다.',
  },
  refused: '변경되지 않았습니다: {{reason}}',
};

registerTranslations('accounts', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    accounts: typeof en;
  }
}
