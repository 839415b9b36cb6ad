import { registerTranslations } from '@/lib/i18n';

export const en = {
  level: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
  levelLabel: 'Priority: {{level}}',
  detection: 'Detection',
  detectionHint: 'Below the review level: kept and listed, never asks for a person.',
  unscored: 'Not scored yet',
  reason: {
    mics_one: 'heard by one mic only',
    mics_other: 'heard by {{count}} mics',
    db_over: '{{db}} dB over threshold',
    unusual: 'area unusual now',
    rule: 'rule says {{priority}}',
    false_alarms: '{{falseAlarms}} of {{outcomes}} {{label}} at {{mic}} were false alarms',
  },
  bulk: {
    button: 'Mark low and medium as reviewed',
    title: 'Mark low and medium as reviewed',
    body_one: '{{count}} open item below the review level on this page will be resolved as "Other" with your reason.',
    body_other:
      '{{count}} open items below the review level on this page will be resolved as "Other" with your reason.',
    reason: 'Reason',
    reasonHint: 'Kept in each item\u2019s history and in the audit log.',
    confirm: 'Mark as reviewed',
    cancel: 'Cancel',
    none: 'No open low or medium items on this page.',
  },
};

export const ko: typeof en = {
  level: { critical: '긴급', high: '높음', medium: '보통', low: '낮음' },
  levelLabel: '우선순위: {{level}}',
  detection: '탐지',
  detectionHint: '검토 기준 미만: 목록에 남지만 사람을 부르지 않습니다.',
  unscored: '아직 점수 없음',
  reason: {
    mics_one: '마이크 1개만 감지',
    mics_other: '마이크 {{count}}개가 감지',
    db_over: '임계값보다 {{db}} dB 높음',
    unusual: '지금 이 지역이 평소와 다름',
    rule: '규칙 우선순위 {{priority}}',
    false_alarms: '{{mic}}의 {{label}} {{outcomes}}건 중 {{falseAlarms}}건이 오경보',
  },
  bulk: {
    button: '낮음·보통 항목을 검토 완료로 표시',
    title: '낮음·보통 항목을 검토 완료로 표시',
    body_one: '이 페이지의 검토 기준 미만 열린 항목 {{count}}건을 입력한 사유와 함께 "기타"로 해결합니다.',
    body_other: '이 페이지의 검토 기준 미만 열린 항목 {{count}}건을 입력한 사유와 함께 "기타"로 해결합니다.',
    reason: '사유',
    reasonHint: '각 항목의 이력과 감사 로그에 남습니다.',
    confirm: '검토 완료로 표시',
    cancel: '취소',
    none: '이 페이지에 열린 낮음·보통 항목이 없습니다.',
  },
};

registerTranslations('priority', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    priority: typeof en;
  }
}
