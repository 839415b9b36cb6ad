import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'History',
  description: 'Changes made to this device through the console, newest first.',
  empty: 'No change to this device has been recorded.',
  more: 'Show older changes',
  by: 'by {{actor}}',
  list: 'History of this device',
  rate: {
    change: '{{category}}: {{before}} → {{after}} events a day ({{days}} days before and since)',
    tooSoon: '{{category}}: {{before}} events a day before; too soon to say since',
  },
};

const ko: typeof en = {
  title: '변경 이력',
  description: '콘솔에서 이 장치에 한 변경 내역입니다. 최신 순입니다.',
  empty: '이 장치에 기록된 변경이 없습니다.',
  more: '이전 변경 더 보기',
  by: '{{actor}}',
  list: '이 장치의 변경 이력',
  rate: {
    change: '{{category}}: 하루 {{before}}건 → {{after}}건 (변경 전후 {{days}}일)',
    tooSoon: '{{category}}: 변경 전 하루 {{before}}건, 변경 후는 아직 판단하기 이릅니다',
  },
};

registerTranslations('micHistory', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    micHistory: typeof en;
  }
}
