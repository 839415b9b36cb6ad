import { registerTranslations } from '@/lib/i18n';

/** Where a sound was, in words (place-words.ts): shared by the drill-down, the wall, the map and the lists. */
const en = {
  compass: {
    n: 'north',
    ne: 'north-east',
    e: 'east',
    se: 'south-east',
    s: 'south',
    sw: 'south-west',
    w: 'west',
    nw: 'north-west',
  },
  /** `{{distance}}` is already formatted with its unit ("120 m", "1.2 km"). */
  from: '{{distance}} {{direction}} of {{mic}}',
  at: 'at {{mic}}',
  near: 'near {{mic}} (not located)',
  unknown: 'Place unknown',
  within: '±{{radius}}',
  metres: '{{value}} m',
  kilometres: '{{value}} km',
  marker: 'Estimated place {{index}}: {{place}}, within {{radius}} (95 %)',
  markerNear: 'Sound {{index}} not located: {{place}}',
  track: 'Moving {{direction}} at {{speed}} m/s',
  trackLabel: 'Track of a moving sound: {{text}}',
  method: {
    'arrival-time': 'Arrival times',
    level: 'Sound levels',
    'nearest-mic': 'Nearest mic',
  },
  cannotLocate: 'Cannot locate: {{why}}',
  reason: {
    'no-location': 'the edge gave no location for the mics that heard it',
    'one-mic': 'only one mic heard it',
    'one-place': 'the mics that heard it stand at one place',
    'two-mics': 'two mics fix a curve, not a point',
    line: 'the mics stand in a line, so the sound may be on either side of it',
    'coarse-timestamps': 'the timestamps are in whole seconds',
    'timing-impossible': 'the timestamps are farther apart than sound takes between these mics',
    'timing-disagrees': 'the arrival times disagree and no place explains them',
    'timing-ambiguous': 'the arrival times fit two places equally well',
    'no-levels': 'too few mics reported a usable level',
    'levels-disagree': 'no place within hearing of every mic explains the levels',
    'levels-ambiguous': 'the levels fit two places equally well',
    // 40 m: SEND_WITHIN_M in server/location/level.ts.
    'levels-between':
      'the levels allow more than one place; this one lies between them, the likeliest to be within 40 m of the sound',
    'implausible-source': 'the levels imply a source louder than any detected sound',
    'weak-geometry': "the mics' geometry cannot fix the place better than the nearest mic",
    'levels-chose': 'the levels chose between places the arrival times allowed',
    'no-events': 'the composite event holds no base events',
    'no-readable-time': 'no base event has a readable time',
  },
  dropped: {
    'no-location': 'the edge gave no location for this mic',
    clock: 'its time is {{value}} off what the other mics imply (its clock?)',
    clockPlain: 'its time disagrees with what the other mics imply (its clock?)',
    level: 'its level is {{value}} off what the other mics imply (behind a wall?)',
    levelPlain: 'its level disagrees with what the other mics imply (behind a wall?)',
    'implausible-level': 'its level is not a sound level in air',
  },
};

const ko: typeof en = {
  compass: {
    n: '북쪽',
    ne: '북동쪽',
    e: '동쪽',
    se: '남동쪽',
    s: '남쪽',
    sw: '남서쪽',
    w: '서쪽',
    nw: '북서쪽',
  },
  from: '{{mic}}에서 {{direction}} {{distance}}',
  at: '{{mic}} 바로 옆',
  near: '{{mic}} 부근 (위치 추정 안 됨)',
  unknown: '위치 알 수 없음',
  within: '±{{radius}}',
  metres: '{{value}} m',
  kilometres: '{{value}} km',
  marker: '추정 위치 {{index}}: {{place}}, 오차 {{radius}} 이내 (95 %)',
  markerNear: '소리 {{index}} 위치 추정 안 됨: {{place}}',
  track: '{{direction}}으로 초속 {{speed}} m 이동',
  trackLabel: '움직이는 소리의 경로: {{text}}',
  method: {
    'arrival-time': '도달 시각',
    level: '소리 크기',
    'nearest-mic': '가장 가까운 마이크',
  },
  cannotLocate: '위치를 추정할 수 없음: {{why}}',
  reason: {
    'no-location': '들은 마이크들의 위치를 엣지가 알려 주지 않았습니다',
    'one-mic': '한 마이크만 들었습니다',
    'one-place': '들은 마이크들이 한 곳에 있습니다',
    'two-mics': '마이크 두 개로는 한 점이 아니라 곡선만 정해집니다',
    line: '마이크들이 일직선으로 서 있어 소리가 선의 어느 쪽인지 알 수 없습니다',
    'coarse-timestamps': '시각이 초 단위로만 기록되었습니다',
    'timing-impossible': '시각 차이가 이 마이크들 사이를 소리가 지나는 시간보다 큽니다',
    'timing-disagrees': '도달 시각이 서로 맞지 않아 어느 곳으로도 설명되지 않습니다',
    'timing-ambiguous': '도달 시각이 두 곳에 똑같이 잘 맞습니다',
    'no-levels': '쓸 수 있는 소리 크기를 보고한 마이크가 너무 적습니다',
    'levels-disagree': '모든 마이크가 들을 수 있는 곳 중 소리 크기를 설명하는 곳이 없습니다',
    'levels-ambiguous': '소리 크기가 두 곳에 똑같이 잘 맞습니다',
    'levels-between':
      '소리 크기로는 여러 곳이 가능하여, 그 사이에서 소리가 난 곳과 40 m 안일 가능성이 가장 높은 곳을 표시합니다',
    'implausible-source': '소리 크기로 보면 어떤 감지된 소리보다도 큰 음원이어야 합니다',
    'weak-geometry': '마이크 배치로는 가장 가까운 마이크보다 더 정확히 정할 수 없습니다',
    'levels-chose': '도달 시각이 허용한 여러 곳 중 소리 크기로 한 곳을 골랐습니다',
    'no-events': '복합 이벤트에 기본 이벤트가 없습니다',
    'no-readable-time': '읽을 수 있는 시각을 가진 기본 이벤트가 없습니다',
  },
  dropped: {
    'no-location': '엣지가 이 마이크의 위치를 알려 주지 않았습니다',
    clock: '다른 마이크들로 보아 시각이 {{value}} 어긋납니다 (시계 오류?)',
    clockPlain: '다른 마이크들로 보아 시각이 어긋납니다 (시계 오류?)',
    level: '다른 마이크들로 보아 소리 크기가 {{value}} 어긋납니다 (벽 뒤?)',
    levelPlain: '다른 마이크들로 보아 소리 크기가 어긋납니다 (벽 뒤?)',
    'implausible-level': '보고한 소리 크기가 공기 중 소리로 불가능한 값입니다',
  },
};

registerTranslations('place', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    place: typeof en;
  }
}
