/** Fixed reference data of the demo edge: sound categories, sites and composite rules. */

export interface LabelSeed {
  id: string;
  ko: string;
  en: string;
  /** Relative frequency of the category in background traffic. */
  weight: number;
}

export const LABELS: readonly LabelSeed[] = [
  { id: 'scream', ko: '비명', en: 'Scream', weight: 3 },
  { id: 'glass_break', ko: '유리 깨짐', en: 'Glass breaking', weight: 3 },
  { id: 'siren', ko: '사이렌', en: 'Siren', weight: 10 },
  { id: 'car_horn', ko: '차량 경적', en: 'Car horn', weight: 16 },
  { id: 'gunshot', ko: '총성', en: 'Gunshot', weight: 1 },
  { id: 'explosion', ko: '폭발음', en: 'Explosion', weight: 1 },
  { id: 'dog_bark', ko: '개 짖는 소리', en: 'Dog barking', weight: 12 },
  { id: 'baby_cry', ko: '아기 울음', en: 'Baby crying', weight: 5 },
  { id: 'help_call', ko: '도움 요청', en: 'Call for help', weight: 1 },
];

export interface SiteSeed {
  ko: string;
  en: string;
  lat: number;
  lon: number;
}

export interface EdgeSeed {
  id: string;
  subnet: string;
  sites: readonly SiteSeed[];
}

export const EDGES: readonly EdgeSeed[] = [
  {
    id: 'edge-seoul-01',
    subnet: '10.10.1',
    sites: [
      { ko: '서울역 광장', en: 'Seoul Station Plaza', lat: 37.5547, lon: 126.9707 },
      { ko: '강남역 11번 출구', en: 'Gangnam Station Exit 11', lat: 37.4979, lon: 127.0276 },
      { ko: '홍대입구 걷고싶은거리', en: 'Hongdae Walking Street', lat: 37.5563, lon: 126.9236 },
      { ko: '명동 중앙로', en: 'Myeongdong Central Road', lat: 37.5636, lon: 126.9855 },
      { ko: '잠실 롯데월드몰 앞', en: 'Jamsil Lotte World Mall', lat: 37.5133, lon: 127.1028 },
      { ko: '여의도 한강공원', en: 'Yeouido Hangang Park', lat: 37.5284, lon: 126.9327 },
      { ko: '광화문 광장', en: 'Gwanghwamun Square', lat: 37.5725, lon: 126.9769 },
    ],
  },
  {
    id: 'edge-busan-01',
    subnet: '10.20.1',
    sites: [
      { ko: '해운대 해수욕장', en: 'Haeundae Beach', lat: 35.1587, lon: 129.1604 },
      { ko: '서면 젊음의거리', en: 'Seomyeon Youth Street', lat: 35.1557, lon: 129.0594 },
      { ko: '부산역 광장', en: 'Busan Station Plaza', lat: 35.1151, lon: 129.0415 },
      { ko: '광안리 해변로', en: 'Gwangalli Beach Road', lat: 35.1532, lon: 129.1187 },
      { ko: '부산항 국제여객터미널', en: 'Busan Port Ferry Terminal', lat: 35.1167, lon: 129.0453 },
    ],
  },
  {
    id: 'edge-incheon-01',
    subnet: '10.30.1',
    sites: [
      { ko: '인천공항 제1터미널', en: 'Incheon Airport T1', lat: 37.4492, lon: 126.4506 },
      { ko: '송도 센트럴파크', en: 'Songdo Central Park', lat: 37.3925, lon: 126.6395 },
      { ko: '인천 차이나타운', en: 'Incheon Chinatown', lat: 37.4757, lon: 126.6175 },
      { ko: '부평역 지하상가', en: 'Bupyeong Underground Mall', lat: 37.4895, lon: 126.7245 },
    ],
  },
];

/** Device roles within a site; each role hears some categories more than others. */
export const ROLES: readonly { ko: string; en: string; labels: readonly string[] }[] = [
  // What each spot hears most is everyday noise; the first is also what a noisy mic there repeats.
  { ko: '북측 기둥', en: 'North pole', labels: ['car_horn', 'siren', 'baby_cry'] },
  { ko: '남측 기둥', en: 'South pole', labels: ['car_horn', 'dog_bark', 'siren'] },
  { ko: '출입구', en: 'Entrance', labels: ['car_horn', 'baby_cry', 'dog_bark'] },
  { ko: '주차장', en: 'Parking lot', labels: ['car_horn', 'siren', 'dog_bark'] },
  { ko: '산책로', en: 'Promenade', labels: ['dog_bark', 'baby_cry', 'car_horn'] },
];

export const MIC_TYPES = ['MEMS-OMNI-2', 'ECM-CARDIOID', 'ARRAY-4CH'] as const;

/** Edge health as the composite-event `mics[]` entries report it; `maintenance` is deliberately outside the usual pair. */
export const EDGE_STATUSES = ['online', 'online', 'online', 'online', 'offline', 'maintenance'] as const;

export interface RuleSeed {
  id: string;
  name: string;
  description: string;
  window_seconds: number;
  min_events: number;
  enabled: boolean;
  group_by: string;
  include_label_ids: string[];
  /** Resolved at seed time: indexes into the seeded mic list. */
  include_mic_indexes: number[];
}

export const RULES: readonly RuleSeed[] = [
  {
    id: 'rule-repeated-scream',
    name: 'Repeated screams',
    description: 'Three or more screams within a minute on any mic.',
    window_seconds: 60,
    min_events: 3,
    enabled: true,
    group_by: 'label_id',
    include_label_ids: ['scream', 'help_call'],
    include_mic_indexes: [],
  },
  {
    id: 'rule-glass-break',
    name: 'Glass breaking cluster',
    description: 'Three glass-breaking sounds within two minutes: possible break-in.',
    window_seconds: 120,
    min_events: 3,
    enabled: true,
    group_by: 'label_id',
    include_label_ids: ['glass_break'],
    include_mic_indexes: [],
  },
  {
    id: 'rule-weapons',
    name: 'Gunshot or explosion',
    description: 'Two impulsive blasts within 30 seconds.',
    window_seconds: 30,
    min_events: 2,
    enabled: true,
    group_by: 'label_id',
    include_label_ids: ['gunshot', 'explosion'],
    include_mic_indexes: [],
  },
  {
    id: 'rule-seoul-station-any',
    name: '서울역 광장 소음 급증 (Seoul Station surge)',
    description: 'Five events of one kind within 45 seconds on the Seoul Station Plaza mics.',
    window_seconds: 45,
    min_events: 5,
    enabled: true,
    group_by: 'label_id',
    include_label_ids: [],
    include_mic_indexes: [0, 1, 2, 3],
  },
  {
    id: 'rule-dog-nuisance',
    name: 'Dog barking nuisance',
    description: 'Ten barks within ten minutes. Disabled after complaints were resolved.',
    window_seconds: 600,
    min_events: 10,
    enabled: false,
    group_by: 'label_id',
    include_label_ids: ['dog_bark'],
    include_mic_indexes: [],
  },
];
