import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReviewHistoryEntry } from '@/api';
import { DateTime } from '@/components/date-time';
import { translateData, useTranslation } from '@/lib/i18n';
import './locales';

/** Every transition of an item, oldest first, in words. */
export function ReviewHistory({ history }: { history: ReviewHistoryEntry[] }) {
  const { t } = useTranslation('review');
  const describe = (entry: ReviewHistoryEntry) => {
    const details = entry.details ?? {};
    const outcome = String(details.outcome ?? 'other');
    const action = translateData('review', `history.${entry.action}`, entry.action, {
      name: String(details.assignee ?? ''),
      label: String(details.label ?? ''),
      step: String(details.step ?? ''),
      outcome: translateData('review', `outcome.${outcome}`, outcome),
    });
    return t('history.entry', {
      actor: entry.actor,
      action,
      from: translateData('review', `state.${entry.from_state}`, entry.from_state),
      to: translateData('review', `state.${entry.to_state}`, entry.to_state),
    });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="review-history">
      <Title order={4} size="h5" id="review-history">
        {t('history.title')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {history.map((entry) => (
            <Group key={entry.id} component="li" gap="sm" wrap="nowrap" align="baseline">
              <DateTime value={entry.at} size="xs" dimmed />
              <Text size="sm">{describe(entry)}</Text>
              {typeof entry.details?.note === 'string' && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  “{entry.details.note}”
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
