import { Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@/api';
import { translateData, useTranslation } from '@/lib/i18n';
import { answerOf, changesOf, formatAuditValue, type FieldChange } from './audit-changes';
import classes from './audit-changes.module.css';
import './locales';

function fieldLabel(change: FieldChange): string {
  return translateData('audit', `fields.${change.field}`, change.field, { category: change.category ?? '' });
}

/** "Field: old → new" lines of an entry (new is what was asked when the write was refused), then the answer. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const changes = changesOf(entry.details);
  const answer = answerOf(entry.details);
  if (changes.length === 0 && answer === null) return null;
  const applied = entry.outcome === 'ok';
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={`${change.field}.${change.category ?? ''}`} size="sm" className={classes.change}>
          <span className={classes.field}>{fieldLabel(change)}:</span>{' '}
          <span className={classes.before}>{formatAuditValue(change.before, t)}</span> {t('arrow')}{' '}
          <span className={applied ? classes.after : classes.requested}>{formatAuditValue(change.after, t)}</span>
        </Text>
      ))}
      {answer !== null && (
        <Text size="sm" c={entry.outcome === 'failed' ? 'orange' : 'red'} className={classes.change}>
          {t(entry.outcome === 'failed' ? 'failedAnswer' : 'refusedAnswer', { answer })}
        </Text>
      )}
    </Stack>
  );
}
