import { registerTranslations } from '@/lib/i18n';

const en = {
  fields: {
    name: 'Name',
    host: 'Host',
    status: 'Status',
    location: 'Location',
    thresholds: 'Threshold {{category}}',
    role: 'Role',
    query: 'Wall options',
  },
  none: '—',
  threshold: 'confidence {{confidence}} · ≥ {{level}} dB',
  arrow: '→',
  refusedAnswer: 'Refused: {{answer}}',
  failedAnswer: 'Failed: {{answer}}',
  requested: 'asked for',
  actions: {
    mic_update: 'Mic edited',
    mic_status: 'Mic status switched',
    account_create: 'Account created',
    account_role: 'Role changed',
    account_disable: 'Account disabled',
    account_enable: 'Account enabled',
    account_password: 'Password changed',
    account_reset: 'Admin restored at start (ADMIN_USERNAME)',
    wall_create: 'Wall link created',
    wall_revoke: 'Wall link revoked',
    wall_remove: 'Wall link removed',
    review_acknowledge: 'Acknowledged',
    review_assign: 'Assigned',
    review_resolve: 'Resolved',
    review_reopen: 'Reopened',
    review_comment: 'Commented',
    review_listen_confirm: 'Confirmed by listening',
    review_listen_relabel: 'Label corrected by listening',
    evidence_export: 'Evidence pack exported',
    auth_login: 'Signed in',
    auth_login_failed: 'Sign-in failed',
    auth_logout: 'Signed out',
    audit_retention: 'Old audit entries removed',
  },
  actorKinds: {
    account: '{{name}}',
    wall: 'Wall link “{{name}}”',
    system: 'System ({{name}})',
    anonymous: 'Anonymous',
  },
  outcomes: { ok: 'Done', refused: 'Refused', failed: 'Failed' },
};

const ko: typeof en = {
  fields: {
    name: '이름',
    host: '호스트',
    status: '상태',
    location: '위치',
    thresholds: '임계값 {{category}}',
    role: '역할',
    query: '상황판 설정',
  },
  none: '—',
  threshold: '신뢰도 {{confidence}} · ≥ {{level}} dB',
  arrow: '→',
  refusedAnswer: '거부됨: {{answer}}',
  failedAnswer: '실패: {{answer}}',
  requested: '요청',
  actions: {
    mic_update: '마이크 수정',
    mic_status: '마이크 상태 전환',
    account_create: '계정 생성',
    account_role: '역할 변경',
    account_disable: '계정 비활성화',
    account_enable: '계정 활성화',
    account_password: '비밀번호 변경',
    account_reset: '시작 시 관리자 복원(ADMIN_USERNAME)',
    wall_create: '상황판 링크 생성',
    wall_revoke: '상황판 링크 폐기',
    wall_remove: '상황판 링크 삭제',
    review_acknowledge: '확인',
    review_assign: '담당자 지정',
    review_resolve: '해결',
    review_reopen: '다시 열기',
    review_comment: '댓글 작성',
    review_listen_confirm: '듣고 확인',
    review_listen_relabel: '듣고 분류 정정',
    evidence_export: '증거 자료 내보내기',
    auth_login: '로그인',
    auth_login_failed: '로그인 실패',
    auth_logout: '로그아웃',
    audit_retention: '오래된 감사 기록 삭제',
  },
  actorKinds: {
    account: '{{name}}',
    wall: '상황판 링크 “{{name}}”',
    system: '시스템({{name}})',
    anonymous: '익명',
  },
  outcomes: { ok: '완료', refused: '거부됨', failed: '실패' },
};

registerTranslations('audit', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    audit: typeof en;
  }
}
