import { registerTranslations } from '@/lib/i18n';

const en = {
  // Its own mic alone is its own key: Korean has no "one" plural form to select it by count.
  own: 'Only its own mic',
  count_other: 'Heard by {{count}} mics',
  atLeast_other: 'Heard by at least {{count}} mics',
  hint: 'Same sound within {{window}} s at: {{names}}',
  unknown: 'Not known yet',
  notHeld: 'Not known',
  notHeldHint: 'The console does not hold this event (older than its history), so it cannot say which mics heard it',
};

const ko: typeof en = {
  own: '해당 마이크만',
  count_other: '마이크 {{count}}대가 들음',
  atLeast_other: '마이크 {{count}}대 이상이 들음',
  hint: '±{{window}}초 안에 같은 소리를 들은 마이크: {{names}}',
  unknown: '아직 알 수 없음',
  notHeld: '알 수 없음',
  notHeldHint: '콘솔이 이 이벤트를 보관하고 있지 않아(보관 기간 이전) 어떤 마이크가 들었는지 알 수 없습니다',
};

registerTranslations('heardBy', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    heardBy: typeof en;
  }
}
