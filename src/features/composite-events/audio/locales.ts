import { registerTranslations } from '@/lib/i18n';

export const en = {
  title: 'Listen',
  description:
    'Every mic’s clip on one time line, by when it heard the sound: hear and see it travel. The bar marks the detection.',
  keys: 'Keys: space play or pause · j/k or ↑/↓ choose a clip · ←/→ move a quarter second · l loop the marked part',
  loading: 'Loading the player…',
  sound: 'Sound',
  soundOption: '{{n}} at {{time}}',
  sounds: 'Sounds in this incident',
  playAll: 'Play all in order',
  stop: 'Stop',
  loop: 'Loop the marked part',
  play: 'Play {{mic}}',
  pause: 'Pause {{mic}}',
  arrival: '+{{seconds}} s',
  arrivalHint: 'Heard {{seconds}} s after the first mic',
  fromPlace: '{{distance}} from the estimated place',
  level: '{{level}} dB',
  levelAgainst: '{{level}} dB against a threshold of {{threshold}} dB ({{margin}} dB)',
  waveform: 'Waveform of {{mic}}',
  spectrogram: 'Spectrogram of {{mic}}: time across, pitch up, loudness as brightness',
  detection: 'Detection',
  fetching: 'Fetching the clip…',
  analysing: 'Drawing…',
  retry: 'Try again',
  axisEnd: '{{seconds}} s',
  verdict: {
    title: 'After listening',
    confirm: 'Confirmed by listening',
    wrong: 'The label is wrong: it was…',
    category: 'The sound really was',
    record: 'Record',
    recorded: 'Recorded in the review history.',
  },
  evidence: {
    export: 'Evidence pack',
    exporting: 'Packing…',
    done: 'Evidence pack downloaded',
    doneDetail: 'Manifest SHA-256 {{hash}}',
    failed: 'The evidence pack could not be made',
  },
};

export const ko: typeof en = {
  title: '듣기',
  description:
    '모든 마이크의 녹음을 소리를 들은 시각 순으로 한 시간축에 놓았습니다. 소리가 퍼지는 것을 듣고 볼 수 있습니다. 막대는 감지 시점입니다.',
  keys: '키: 스페이스 재생/일시정지 · j/k 또는 ↑/↓ 녹음 선택 · ←/→ 0.25초 이동 · l 표시 구간 반복',
  loading: '플레이어를 불러오는 중…',
  sound: '소리',
  soundOption: '{{n}}번째 · {{time}}',
  sounds: '이 사건의 소리',
  playAll: '순서대로 모두 재생',
  stop: '정지',
  loop: '표시 구간 반복',
  play: '{{mic}} 재생',
  pause: '{{mic}} 일시정지',
  arrival: '+{{seconds}}초',
  arrivalHint: '첫 마이크보다 {{seconds}}초 늦게 들음',
  fromPlace: '추정 위치에서 {{distance}}',
  level: '{{level}} dB',
  levelAgainst: '{{level}} dB, 임계값 {{threshold}} dB 대비 {{margin}} dB',
  waveform: '{{mic}}의 파형',
  spectrogram: '{{mic}}의 스펙트로그램: 가로는 시간, 세로는 음높이, 밝기는 크기',
  detection: '감지',
  fetching: '녹음을 가져오는 중…',
  analysing: '그리는 중…',
  retry: '다시 시도',
  axisEnd: '{{seconds}}초',
  verdict: {
    title: '들은 뒤',
    confirm: '듣고 확인함',
    wrong: '분류가 틀림: 실제는…',
    category: '실제 소리',
    record: '기록',
    recorded: '검토 이력에 기록했습니다.',
  },
  evidence: {
    export: '증거 자료',
    exporting: '묶는 중…',
    done: '증거 자료를 내려받았습니다',
    doneDetail: '목록 SHA-256 {{hash}}',
    failed: '증거 자료를 만들지 못했습니다',
  },
};

registerTranslations('listen', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    listen: typeof en;
  }
}
