import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { Unusual } from '@/api/insights';
import { formatDateTime, formatPercent } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import './locales';

/** While the server reads the weeks of history "usual" is learnt from: how far it is, and what that means. */
export function BackfillNotice({ backfill }: { backfill: Unusual['backfill'] }) {
  const { t, i18n } = useTranslation('insights');
  const from = backfill.covered_from === null ? '—' : formatDateTime(backfill.covered_from, i18n.language);
  if (backfill.status === 'running') {
    const percent = formatPercent(Math.min(1, Math.max(0, backfill.progress)));
    return (
      <Alert variant="light" color="blue" icon={<IconHistory aria-hidden />} role="status" data-testid="backfill">
        <Stack gap={6}>
          <Text size="sm">{t('backfill.running', { days: backfill.days, percent, requests: backfill.requests })}</Text>
          <Progress value={backfill.progress * 100} aria-label={percent} size="sm" animated />
        </Stack>
      </Alert>
    );
  }
  if (backfill.status === 'failed')
    return (
      <Alert variant="light" color="orange" icon={<IconHistory aria-hidden />} role="status">
        <Text size="sm">{t('backfill.failed', { error: backfill.error ?? '?', from })}</Text>
      </Alert>
    );
  return null;
}
