import { registerTranslations } from '@/lib/i18n';

export const en = {
  title: 'Precision from outcomes',
  intro:
    'Of the incidents resolved as a real incident or a false alarm (tests counted apart), how many were real. A mic whose category is mostly false alarms lowers the priority of what it alone reports.',
  empty: 'No resolved incidents yet: precision shows once operators resolve incidents with an outcome.',
  byLabel: 'By category',
  byMic: 'By mic and category (least precise first)',
  byHour: 'Least precise hours of the week (UTC)',
  label: 'Category',
  mic: 'Mic',
  real: 'Real',
  falseAlarms: 'False alarms',
  tests: 'Tests',
  precision: 'Precision',
  hour: '{{day}} {{hour}}:00',
  days: 'Mon Tue Wed Thu Fri Sat Sun',
  none: '—',
};

export const ko: typeof en = {
  title: '처리 결과로 본 정밀도',
  intro:
    '실제 사건 또는 오경보로 해결된 사건 중 실제였던 비율입니다 (테스트는 따로 셉니다). 어떤 범주가 주로 오경보인 마이크는 그 마이크만 보고한 사건의 우선순위를 낮춥니다.',
  empty: '아직 해결된 사건이 없습니다. 운영자가 결과와 함께 해결하면 정밀도가 나타납니다.',
  byLabel: '범주별',
  byMic: '마이크·범주별 (정밀도 낮은 순)',
  byHour: '정밀도가 가장 낮은 요일·시간 (UTC)',
  label: '범주',
  mic: '마이크',
  real: '실제',
  falseAlarms: '오경보',
  tests: '테스트',
  precision: '정밀도',
  hour: '{{day}} {{hour}}:00',
  days: '월 화 수 목 금 토 일',
  none: '—',
};

registerTranslations('precision', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    precision: typeof en;
  }
}
