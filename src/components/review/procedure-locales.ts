import { registerTranslations } from '@/lib/i18n';

const en = {
  title: 'Procedure: {{title}}',
  required: 'Every step before resolving',
  progress: '{{done}} of {{total}} done',
  tickedBy: 'Ticked by {{name}}, {{time}}',
  viewOnly: 'Only operators and admins tick steps.',
  resolvedNote: 'Resolved: reopen the item to change its checklist.',
  failed: 'The step could not be changed',
  refused: 'Not resolved: this procedure needs every step ticked first. Still open: {{steps}}.',
};

const ko: typeof en = {
  title: '대응 절차: {{title}}',
  required: '해결 전에 모든 단계 필요',
  progress: '{{total}}단계 중 {{done}}단계 완료',
  tickedBy: '{{name}} 님이 체크함, {{time}}',
  viewOnly: '단계 체크는 운영자와 관리자만 할 수 있습니다.',
  resolvedNote: '해결됨: 체크 목록을 바꾸려면 항목을 다시 여세요.',
  failed: '단계를 바꾸지 못했습니다',
  refused: '해결되지 않았습니다: 이 절차는 모든 단계를 먼저 체크해야 합니다. 남은 단계: {{steps}}.',
};

registerTranslations('procedure', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    procedure: typeof en;
  }
}
