import { registerTranslations } from '@/lib/i18n';

export const en = {
  title: 'Priority',
  intro:
    'Every incident gets a priority from its category, how many mics heard it, how loud, whether the area is unusual now and what outcomes taught. Only incidents at or above the review level ask a person for acknowledgement, count in the badge and go overdue; the rest are detections.',
  reviewLevel: 'Review level',
  reviewLevelHint: 'Incidents at this priority or above become review items.',
  severities: 'Category severity',
  label: 'Label id',
  severity: 'Severity',
  addLabel: 'Add a label',
  addLabelHint: 'The edge’s label id, e.g. glass_break',
  add: 'Add',
  save: 'Save',
  saved: 'Priority settings saved.',
  failed: 'Could not save',
  level: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
};

export const ko: typeof en = {
  title: '우선순위',
  intro:
    '모든 사건은 범주, 감지한 마이크 수, 소리 크기, 지금 지역이 평소와 다른지, 처리 결과로 배운 것에 따라 우선순위를 받습니다. 검토 기준 이상인 사건만 확인을 요청하고 배지에 세어지며 지연될 수 있습니다. 나머지는 탐지입니다.',
  reviewLevel: '검토 기준',
  reviewLevelHint: '이 우선순위 이상인 사건이 검토 항목이 됩니다.',
  severities: '범주별 심각도',
  label: '라벨 ID',
  severity: '심각도',
  addLabel: '라벨 추가',
  addLabelHint: '엣지의 라벨 ID (예: glass_break)',
  add: '추가',
  save: '저장',
  saved: '우선순위 설정을 저장했습니다.',
  failed: '저장하지 못했습니다',
  level: { critical: '긴급', high: '높음', medium: '보통', low: '낮음' },
};

registerTranslations('adminPriority', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    adminPriority: typeof en;
  }
}
