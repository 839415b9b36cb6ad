import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { Mic, MicPatch } from '@/api';
import { useTranslation, type TFunction } from '@/lib/i18n';
import type { SaveFailure, SaveOutcome } from './use-mic-save';
import './locales';

/** What a PATCH asked for, in words (`t` in the `mics` namespace). */
export function describeSent(t: TFunction<'mics'>, sent: MicPatch): string {
  const parts: string[] = [];
  if (sent.name !== undefined) parts.push(t('sent.name', { value: sent.name }));
  if (sent.host !== undefined) parts.push(t('sent.host', { value: sent.host }));
  if (sent.status !== undefined) parts.push(t('sent.status', { value: sent.status }));
  if (sent.location !== undefined) parts.push(t('sent.location', sent.location));
  for (const [category, value] of Object.entries(sent.thresholds ?? {}))
    parts.push(t('sent.threshold', { category, value }));
  return t('form.sent', { what: parts.join(', ') });
}

/** The thresholds the device reports after the save, for the categories that were sent. */
function reportedSummary(t: TFunction<'mics'>, saved: Mic, sent: MicPatch): string {
  return Object.keys(sent.thresholds ?? {})
    .map((category) => {
      const threshold = saved.thresholds[category];
      return threshold === undefined
        ? `${category}: —`
        : t('form.reportsThreshold', { category, confidence: threshold.confidence, level: threshold.sound_level_ge });
    })
    .join('; ');
}

/** After a save: what was sent and what the device now reports; or why nothing was saved. */
export function SaveResult({ outcome, failure }: { outcome: SaveOutcome | null; failure: SaveFailure | null }) {
  const { t } = useTranslation('mics');
  return (
    <>
      {outcome !== null && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          title={t('form.saved', { name: outcome.mic.name })}
        >
          <Stack gap={2}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {describeSent(t, outcome.sent)}
            </Text>
            {outcome.sent.thresholds !== undefined && (
              <Text size="sm">{t('form.nowReports', { what: reportedSummary(t, outcome.mic, outcome.sent) })}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {failure.kind === 'invalid'
              ? t('form.validationFailed')
              : failure.marked
                ? t('form.refusedMarked')
                : t('form.saveFailed', { reason: failure.error.message })}
          </Text>
          {failure.kind === 'refused' &&
            failure.unmapped.map((message) => (
              <Text key={message} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {message}
              </Text>
            ))}
        </Alert>
      )}
    </>
  );
}
