import { registerTranslations } from '@/lib/i18n';

/** The map's coverage layer and recent estimated places (issue 27). */
const en = {
  toggle: 'Coverage',
  panel: 'Coverage and estimated places',
  category: 'Sound',
  locate: 'Three or more mics hear it: it can be located',
  heard: 'One or two mics hear it: heard, not located',
  counted_one: 'From {{count}} active mic that is not suspected deaf.',
  counted_other: 'From {{count}} active mics that are not suspected deaf.',
  assumptionDb:
    'A typical sound of this kind: {{source}} dB at 1 m, falling 20·log10(distance) plus 0.02 dB per metre (air, ground, buildings); heard where it stays at or above the mic’s threshold for it (65 dB when it has none).',
  assumptionFixed:
    'The edge’s thresholds do not read as dB: every mic is taken to hear a typical sound of this kind ({{source}} dB at 1 m) up to {{range}} m.',
  about: 'How coverage is worked out',
  places: 'Estimated places of recent incidents (1 = newest)',
  placeLabel: '{{rule}}, {{time}}: {{place}}',
  open: 'Open the incident',
};

const ko: typeof en = {
  toggle: '탐지 범위',
  panel: '탐지 범위와 추정 위치',
  category: '소리',
  locate: '마이크 3개 이상이 들음: 위치 추정 가능',
  heard: '마이크 1~2개가 들음: 감지되지만 위치 추정 불가',
  counted_one: '활성이고 고장 의심이 없는 마이크 {{count}}개 기준.',
  counted_other: '활성이고 고장 의심이 없는 마이크 {{count}}개 기준.',
  assumptionDb:
    '이 종류의 전형적인 소리: 1 m에서 {{source}} dB, 거리에 따라 20·log10(거리)에 미터당 0.02 dB(공기, 지면, 건물)씩 더 줄어듦. 마이크의 해당 임곗값(없으면 65 dB) 이상으로 들리는 곳까지 듣는다고 봅니다.',
  assumptionFixed:
    '엣지의 임곗값이 dB로 보이지 않아, 모든 마이크가 이 종류의 전형적인 소리(1 m에서 {{source}} dB)를 {{range}} m까지 듣는다고 봅니다.',
  about: '탐지 범위 계산 방법',
  places: '최근 사건의 추정 위치 (1 = 가장 최근)',
  placeLabel: '{{rule}}, {{time}}: {{place}}',
  open: '사건 열기',
};

registerTranslations('coverage', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    coverage: typeof en;
  }
}
