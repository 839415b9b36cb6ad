import { registerTranslations } from '@/lib/i18n';

const en = {
  menuItem: 'Change password',
  title: 'Change your password',
  current: 'Current password',
  next: 'New password',
  nextHint: 'At least 8 characters, and not one of the most common passwords.',
  confirm: 'New password again',
  cancel: 'Cancel',
  save: 'Change password',
  required: 'Enter your current password.',
  tooShort: 'At least 8 characters.',
  tooLong: 'At most 256 characters.',
  mismatch: 'The two new passwords differ.',
  same: 'Choose a password other than your current one.',
  wrongCurrent: 'This is not your current password.',
  common: 'This is one of the most common passwords, the first an attacker tries. Choose another.',
  noPassword: 'This account has no password: it signs in through single sign-on.',
  tooMany: 'Too many wrong passwords. Try again in a few minutes.',
  done: 'Password changed. Your other sessions have been signed out.',
};

const ko: typeof en = {
  menuItem: '비밀번호 변경',
  title: '비밀번호 변경',
  current: '현재 비밀번호',
  next: '새 비밀번호',
  nextHint: '8자 이상이며, 가장 흔한 비밀번호가 아니어야 합니다.',
  confirm: '새 비밀번호 확인',
  cancel: '취소',
  save: '비밀번호 변경',
  required: '현재 비밀번호를 입력하세요.',
  tooShort: '8자 이상이어야 합니다.',
  tooLong: '256자 이하여야 합니다.',
  mismatch: '두 새 비밀번호가 다릅니다.',
  same: '현재 비밀번호와 다른 비밀번호를 고르세요.',
  wrongCurrent: '현재 비밀번호가 아닙니다.',
  common: '가장 흔한 비밀번호 중 하나로, 공격자가 가장 먼저 시도합니다. 다른 비밀번호를 고르세요.',
  noPassword: '이 계정에는 비밀번호가 없습니다. 통합 로그인(SSO)으로 로그인합니다.',
  tooMany: '틀린 비밀번호가 너무 많습니다. 몇 분 후에 다시 시도하세요.',
  done: '비밀번호를 바꿨습니다. 다른 세션은 모두 로그아웃되었습니다.',
};

registerTranslations('password', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    password: typeof en;
  }
}
