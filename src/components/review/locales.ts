import { registerTranslations } from '@/lib/i18n';

export const en = {
  state: { new: 'New', acknowledged: 'Acknowledged', resolved: 'Resolved' },
  outcome: {
    real_incident: 'Real incident',
    false_alarm: 'False alarm',
    test: 'Test',
    other: 'Other',
  },
  ackBy: 'Acknowledged by {{name}}',
  resolvedBy: 'Resolved by {{name}}',
  assignee: 'Assignee',
  assignedTo: 'Assigned to {{name}}',
  unassigned: 'Unassigned',
  age: 'Age',
  ageValue: '{{age}} old',
  section: 'Review',
  actions: {
    acknowledge: 'Acknowledge',
    assign: 'Assign',
    assignToMe: 'Assign to me',
    resolve: 'Resolve',
    reopen: 'Reopen',
    confirmResolve: 'Resolve with this outcome',
    cancel: 'Cancel',
    note: 'Note (optional)',
    outcome: 'Outcome',
    resolveTitle: 'Resolve {{count}} item(s)',
    done: 'Saved',
    failed: 'Not saved',
    viewOnly: 'You can see the review; acting on it needs the operator role.',
  },
  conflict: {
    title: 'Someone else got there first',
    acknowledged: 'Already acknowledged by {{name}} at {{time}}.',
    resolved: 'Already resolved by {{name}} at {{time}}.',
    changed: 'Changed by {{name}} at {{time}}. Showing the current state.',
    some_one: '{{count}} item had changed meanwhile and was left as it is.',
    some_other: '{{count}} items had changed meanwhile and were left as they are.',
  },
  comments: {
    title: 'Comments',
    empty: 'No comments yet.',
    add: 'Add a comment',
    send: 'Comment',
    label: 'Comment text',
  },
  history: {
    title: 'History',
    empty: 'Nothing has happened to this item yet: it is new.',
    entry: '{{actor}}: {{action}} ({{from}} → {{to}})',
    acknowledge: 'acknowledged',
    assign: 'assigned to {{name}}',
    resolve: 'resolved as {{outcome}}',
    reopen: 'reopened',
  },
  newItems: '{{shown}} new',
  newItemsHint: 'Composite events and separate sound events of the last {{hours}} h that nobody has acted on',
};

export const ko: typeof en = {
  state: { new: '새 항목', acknowledged: '확인됨', resolved: '해결됨' },
  outcome: {
    real_incident: '실제 사건',
    false_alarm: '오경보',
    test: '테스트',
    other: '기타',
  },
  ackBy: '{{name}} 님이 확인함',
  resolvedBy: '{{name}} 님이 해결함',
  assignee: '담당자',
  assignedTo: '담당: {{name}}',
  unassigned: '담당자 없음',
  age: '경과',
  ageValue: '{{age}} 경과',
  section: '검토',
  actions: {
    acknowledge: '확인',
    assign: '배정',
    assignToMe: '나에게 배정',
    resolve: '해결',
    reopen: '다시 열기',
    confirmResolve: '이 결과로 해결',
    cancel: '취소',
    note: '메모 (선택)',
    outcome: '결과',
    resolveTitle: '{{count}}개 항목 해결',
    done: '저장됨',
    failed: '저장되지 않음',
    viewOnly: '검토 내용은 볼 수 있지만, 처리하려면 운영자 역할이 필요합니다.',
  },
  conflict: {
    title: '다른 사람이 먼저 처리했습니다',
    acknowledged: '{{name}} 님이 {{time}}에 이미 확인했습니다.',
    resolved: '{{name}} 님이 {{time}}에 이미 해결했습니다.',
    changed: '{{name}} 님이 {{time}}에 변경했습니다. 현재 상태를 표시합니다.',
    some_one: '{{count}}개 항목은 그사이 변경되어 그대로 두었습니다.',
    some_other: '{{count}}개 항목은 그사이 변경되어 그대로 두었습니다.',
  },
  comments: {
    title: '댓글',
    empty: '아직 댓글이 없습니다.',
    add: '댓글 추가',
    send: '댓글 달기',
    label: '댓글 내용',
  },
  history: {
    title: '이력',
    empty: '아직 아무 처리도 없습니다: 새 항목입니다.',
    entry: '{{actor}}: {{action}} ({{from}} → {{to}})',
    acknowledge: '확인함',
    assign: '{{name}} 님에게 배정함',
    resolve: '{{outcome}}(으)로 해결함',
    reopen: '다시 엶',
  },
  newItems: '새 항목 {{shown}}개',
  newItemsHint: '최근 {{hours}}시간 동안 아무도 처리하지 않은 복합 이벤트와 개별 소리 이벤트',
};

registerTranslations('review', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    review: typeof en;
  }
}
