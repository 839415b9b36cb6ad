import { registerTranslations } from '@/lib/i18n';

/** The drill-down's "Where it was" section (issue 27). */
const en = {
  title: 'Where it was',
  description:
    'Each sound placed from the mics that heard it: by when it reached each mic, else by how loud each heard it. The circle holds the true place with 95 % probability.',
  mapLabel: 'Map of the estimated places',
  best: 'Best estimate: {{place}} ({{radius}}, by {{method}})',
  noneLocated_one: 'The sound could not be located; it is shown at the mic that heard it.',
  noneLocated_other:
    'None of the {{count}} sounds could be located; each is shown at the mic that heard it loudest or first.',
  cannotLocate: 'Cannot locate: {{why}}',
  sounds: 'Sounds',
  sound: 'Sound {{index}}',
  show: 'Show sound {{index}} on the map',
  showShort: 'Show on map',
  shown: 'On the map',
  place: 'Place',
  radius95: '{{radius}} (95 %)',
  methodLine: {
    'arrival-time':
      'By arrival times: the sound reached the {{count}} mics at different moments, and those differences fix the place.',
    level:
      'By sound levels: the nearer a mic, the louder it heard the sound (fitted: {{source}} dB at 1 m); the timestamps could not be used.',
    levelNoSource:
      'By sound levels: the nearer a mic, the louder it heard the sound; the timestamps could not be used.',
    'nearest-mic': 'Not located: shown at the mic that heard it, with the distance a mic hears ({{radius}}).',
  },
  why: 'Why this place',
  note: 'Note: {{text}}',
  residuals: 'How well each mic fits',
  mic: 'Mic',
  distance: 'Distance',
  timing: 'Heard vs. expected',
  level: 'Level vs. fit',
  residualsHint:
    'How much later (+) or earlier (−) each mic heard it than sound from this place would arrive; or how much louder (+) or quieter (−) than the fitted fall-off.',
  droppedTitle: 'Mics left out',
  droppedLine: '{{mic}}: {{why}}',
  moving: 'Moving {{direction}} at {{speed}} m/s (±{{error}}), {{from}} → {{to}}',
  legend: {
    place: 'Estimated place (number: sound)',
    near: 'Not located: at the mic that heard it',
    circle: '95 % circle',
    used: 'Mic that placed the sound shown',
    dropped: 'Mic left out (why below)',
    other: 'Other mic of this incident',
    track: 'Path of a moving sound',
  },
  micTooltip: {
    used: '{{name}}: placed it ({{distance}} away)',
    dropped: '{{name}}: left out: {{why}}',
    other: '{{name}}: did not hear this sound',
  },
};

const ko: typeof en = {
  title: '발생 위치',
  description:
    '각 소리를 들은 마이크들로 위치를 추정합니다. 각 마이크에 도달한 시각으로, 안 되면 각 마이크가 들은 소리 크기로 추정합니다. 원 안에 실제 위치가 있을 확률이 95 %입니다.',
  mapLabel: '추정 위치 지도',
  best: '가장 좋은 추정: {{place}} ({{radius}}, {{method}} 기준)',
  noneLocated_one: '소리의 위치를 추정할 수 없어 들은 마이크 위치에 표시합니다.',
  noneLocated_other:
    '소리 {{count}}개 모두 위치를 추정할 수 없어 각각 가장 크게 또는 가장 먼저 들은 마이크 위치에 표시합니다.',
  cannotLocate: '위치를 추정할 수 없음: {{why}}',
  sounds: '소리',
  sound: '소리 {{index}}',
  show: '소리 {{index}} 지도에 표시',
  showShort: '지도에 표시',
  shown: '지도에 표시 중',
  place: '위치',
  radius95: '{{radius}} (95 %)',
  methodLine: {
    'arrival-time':
      '도달 시각 기준: 소리가 마이크 {{count}}개에 서로 다른 순간에 도달했고, 그 차이로 위치가 정해집니다.',
    level:
      '소리 크기 기준: 가까운 마이크일수록 크게 들었습니다 (추정 음원: 1 m에서 {{source}} dB). 시각은 쓸 수 없었습니다.',
    levelNoSource: '소리 크기 기준: 가까운 마이크일수록 크게 들었습니다. 시각은 쓸 수 없었습니다.',
    'nearest-mic': '위치 추정 안 됨: 들은 마이크 위치에, 마이크가 듣는 거리({{radius}})와 함께 표시합니다.',
  },
  why: '이 위치인 이유',
  note: '참고: {{text}}',
  residuals: '마이크별 맞음 정도',
  mic: '마이크',
  distance: '거리',
  timing: '실제와 예상 시각 차',
  level: '추정 대비 크기 차',
  residualsHint:
    '이 위치에서 난 소리가 도달할 시각보다 각 마이크가 얼마나 늦게(+) 또는 일찍(−) 들었는지, 또는 추정한 감쇠보다 얼마나 크게(+) 또는 작게(−) 들었는지입니다.',
  droppedTitle: '제외한 마이크',
  droppedLine: '{{mic}}: {{why}}',
  moving: '{{direction}}으로 초속 {{speed}} m (±{{error}}) 이동, {{from}} → {{to}}',
  legend: {
    place: '추정 위치 (숫자: 소리 번호)',
    near: '위치 추정 안 됨: 들은 마이크 위치',
    circle: '95 % 원',
    used: '표시한 소리의 위치를 정한 마이크',
    dropped: '제외한 마이크 (이유는 아래)',
    other: '이 사건의 다른 마이크',
    track: '움직이는 소리의 경로',
  },
  micTooltip: {
    used: '{{name}}: 위치 추정에 사용 (거리 {{distance}})',
    dropped: '{{name}}: 제외: {{why}}',
    other: '{{name}}: 이 소리를 듣지 않음',
  },
};

registerTranslations('where', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    where: typeof en;
  }
}
