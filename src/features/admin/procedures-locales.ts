import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'Procedures',
  intro:
    'A short checklist per sound label or composite rule. Operators see it on the item and tick each step; each tick goes into the item’s history. A rule can require every step before the item is resolved.',
  empty: 'No procedure yet.',
  add: 'New procedure',
  edit: 'Edit',
  delete: 'Delete',
  editTitle: 'Edit procedure',
  newTitle: 'New procedure',
  targetKind: 'Applies to',
  kind: { label: 'Sound label', rule: 'Composite rule' },
  target: { label: 'Label', rule: 'Composite rule' },
  targetHint: 'The edge’s id, e.g. gunshot or rule-weapons. A rule’s own procedure wins over its labels’.',
  name: 'Title',
  requireAll: 'Every step must be ticked before resolving',
  required: 'Every step before resolving',
  steps: 'Steps',
  step: 'Step {{n}}',
  removeStep: 'Remove step {{n}}',
  addStep: 'Add step',
  stepsMax: 'At most {{max}} steps.',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Procedure saved',
  deleted: 'Procedure deleted',
  failed: 'Not saved',
  deleteTitle: 'Delete “{{title}}”?',
  deleteBody: 'Operators no longer see it; ticks already made stay in the items’ history.',
  confirmDelete: 'Delete',
  updatedBy: 'Changed by {{name}}, {{time}}',
  appliesTo: { label: 'Label: {{target}}', rule: 'Rule: {{target}}' },
};

const ko: typeof en = {
  title: '대응 절차',
  intro:
    '소리 분류나 복합 규칙마다 짧은 체크 목록을 둡니다. 운영자는 항목에서 이를 보고 단계를 체크하며, 체크는 항목 이력에 남습니다. 해결 전에 모든 단계를 요구할 수 있습니다.',
  empty: '아직 대응 절차가 없습니다.',
  add: '새 대응 절차',
  edit: '편집',
  delete: '삭제',
  editTitle: '대응 절차 편집',
  newTitle: '새 대응 절차',
  targetKind: '적용 대상',
  kind: { label: '소리 분류', rule: '복합 규칙' },
  target: { label: '분류', rule: '복합 규칙' },
  targetHint: '엣지의 ID (예: gunshot, rule-weapons). 규칙 자체의 절차가 분류의 절차보다 우선합니다.',
  name: '제목',
  requireAll: '해결 전에 모든 단계를 체크해야 함',
  required: '해결 전에 모든 단계 필요',
  steps: '단계',
  step: '{{n}}단계',
  removeStep: '{{n}}단계 삭제',
  addStep: '단계 추가',
  stepsMax: '최대 {{max}}단계입니다.',
  save: '저장',
  cancel: '취소',
  saved: '대응 절차를 저장했습니다',
  deleted: '대응 절차를 삭제했습니다',
  failed: '저장하지 못했습니다',
  deleteTitle: '“{{title}}”을(를) 삭제할까요?',
  deleteBody: '운영자에게 더 이상 보이지 않습니다. 이미 한 체크는 항목 이력에 남습니다.',
  confirmDelete: '삭제',
  updatedBy: '{{name}} 님이 변경, {{time}}',
  appliesTo: { label: '분류: {{target}}', rule: '규칙: {{target}}' },
};

registerTranslations('adminProcedures', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    adminProcedures: typeof en;
  }
}
