import { registerTranslations } from '@/lib/i18n';

const en = {
  legend: {
    title: 'Legend',
    fresh: 'Heard in the last {{minutes}} min',
    recent: 'Heard in the last {{window}}',
    active: 'Active, not heard recently',
    inactive: 'Inactive',
    unknown: 'Status unknown',
    cluster: 'Group of mics: count, badge shows the most urgent state inside',
    pulse: 'Ring pulsing: new event',
    stronger: 'A larger, denser halo means a fresher event.',
  },
  window: { minutes: '{{count}} min', hours: '{{count}} h' },
};

const ko: typeof en = {
  legend: {
    title: '범례',
    fresh: '최근 {{minutes}}분 이내 감지',
    recent: '최근 {{window}} 이내 감지',
    active: '활성, 최근 감지 없음',
    inactive: '비활성',
    unknown: '상태 알 수 없음',
    cluster: '마이크 묶음: 개수, 배지는 안에서 가장 긴급한 상태',
    pulse: '고리가 퍼짐: 새 이벤트',
    stronger: '후광이 크고 진할수록 더 최근 이벤트입니다.',
  },
  window: { minutes: '{{count}}분', hours: '{{count}}시간' },
};

registerTranslations('micMap', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    micMap: typeof en;
  }
}
