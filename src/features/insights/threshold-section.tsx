import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ThresholdAdvice, ThresholdSuggestion } from '@/api/insights';
import { EmptyState } from '@/components/query-feedback';
import { formatPercent } from '@/lib/format';
import { perDayText } from '@/lib/insight-format';
import { useTranslation } from '@/lib/i18n';
import { suggestionLink } from '@/lib/threshold-suggestion';
import { labelText, micText } from './insight-text';
import classes from './insights.module.css';
import './locales';

const threshold = (value: number) => value.toFixed(2);
/** The server lists the biggest cuts first; a long list would bury the other sections (a phone scrolled metres). */
const FIRST_SHOWN = 8;

function SuggestionRow({ suggestion: s }: { suggestion: ThresholdSuggestion }) {
  const { t, i18n } = useTranslation('insights');
  const mic = micText(s.mic_name, s.mic_id);
  const label = labelText(s.label_name, s.label_id, i18n.language);
  const cut = s.events_per_day_now > 0 ? 1 - s.events_per_day_after / s.events_per_day_now : 0;
  return (
    <Paper component="li" withBorder p="xs" className={classes.row} aria-label={`${mic} · ${label}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            <Anchor component={Link} to={`/mics/${encodeURIComponent(s.mic_id)}`} inherit>
              {mic}
            </Anchor>{' '}
            · {label}
          </Text>
          <Button
            component={Link}
            to={suggestionLink(s.mic_id, s.label_id, s.suggested)}
            size="compact-sm"
            variant="light"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-label={t('thresholds.reviewLabel', { label, mic })}
          >
            {t('thresholds.review')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={2} className={classes.stats}>
          <Text size="sm">
            <span className={classes.statLabel}>{t('thresholds.current')}: </span>
            <strong>
              {t('thresholds.change', { current: threshold(s.current), suggested: threshold(s.suggested) })}
            </strong>
          </Text>
          <Text size="sm">
            <span className={classes.statLabel}>{t('thresholds.perDay')}: </span>
            {t('thresholds.perDayValue', {
              now: perDayText(s.events_per_day_now, i18n.language),
              after: perDayText(s.events_per_day_after, i18n.language),
            })}{' '}
            <Text span size="sm" fw={600} c="teal">
              {t('thresholds.cut', { percent: formatPercent(cut) })}
            </Text>
          </Text>
          <Text size="sm">
            <span className={classes.statLabel}>{t('thresholds.kept')}: </span>
            {t('thresholds.keptValue', {
              kept: s.kept_real,
              real: s.real,
              percent: formatPercent(s.real > 0 ? s.kept_real / s.real : 1),
            })}
          </Text>
        </SimpleGrid>
        <ByEar suggestion={s} />
      </Stack>
    </Paper>
  );
}

/** What operators heard in this mic's clips: the advice already counts a wrong label as noise. */
function ByEar({ suggestion: s }: { suggestion: ThresholdSuggestion }) {
  const { t, i18n } = useTranslation('insights');
  const heard = s.listening;
  if (heard === undefined || heard.confirmed + heard.wrong === 0) return null;
  const list = heard.heard_as.map((h) => `${labelText(h.label_name, h.label_id, i18n.language)} ${h.n}`).join(', ');
  return (
    <Text size="sm">
      <span className={classes.statLabel}>{t('thresholds.byEar')}: </span>
      {t('thresholds.byEarValue', { confirmed: heard.confirmed, wrong: heard.wrong })}
      {list !== '' && ` (${t('thresholds.heardAs', { list })})`}
    </Text>
  );
}

/** Per mic and label, the threshold that would cut unconfirmed noise while keeping confirmed events. */
export function ThresholdSection({ data }: { data: ThresholdAdvice }) {
  const { t } = useTranslation('insights');
  const [all, setAll] = useState(false);
  const shown = all ? data.suggestions : data.suggestions.slice(0, FIRST_SHOWN);
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h4">
          {t('thresholds.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('thresholds.description', { days: data.days, share: formatPercent(data.keep_share) })}
        </Text>
      </div>
      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} p="xs">
        <Text size="sm">{t('thresholds.raiseOnly')}</Text>
      </Alert>
      {data.suggestions.length === 0 && data.backfill.status === 'running' ? (
        <EmptyState
          title={t('thresholds.reading')}
          description={t('thresholds.readingDescription', {
            percent: formatPercent(Math.min(1, Math.max(0, data.backfill.progress))),
          })}
        />
      ) : data.suggestions.length === 0 ? (
        <EmptyState title={t('thresholds.empty')} description={t('thresholds.emptyDescription')} />
      ) : (
        <>
          <ul className={classes.list} aria-label={t('thresholds.title')}>
            {shown.map((suggestion) => (
              <SuggestionRow key={`${suggestion.mic_id}/${suggestion.label_id}`} suggestion={suggestion} />
            ))}
          </ul>
          {data.suggestions.length > FIRST_SHOWN && (
            <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
              {all
                ? t('thresholds.showFewer', { count: FIRST_SHOWN })
                : t('thresholds.showAll', { count: data.suggestions.length })}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
