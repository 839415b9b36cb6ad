import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'Admin',
  tabs: {
    label: 'Admin sections',
    accounts: 'Accounts',
    walls: 'Wall screens',
    audit: 'Audit',
    priority: 'Priority',
    procedures: 'Procedures',
    alerts: 'Alerts',
  },
  needsAdmin: 'This page is for admins. Your role is {{role}}.',
};

const ko: typeof en = {
  title: '관리',
  tabs: {
    label: '관리 메뉴',
    accounts: '계정',
    walls: '상황판 화면',
    audit: '감사 기록',
    priority: '우선순위',
    procedures: '대응 절차',
    alerts: '알림',
  },
  needsAdmin: '관리자 전용 페이지입니다. 현재 역할은 {{role}}입니다.',
};

registerTranslations('admin', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    admin: typeof en;
  }
}
