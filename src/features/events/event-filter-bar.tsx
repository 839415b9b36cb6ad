import { Alert, Button, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateTimeField } from '@/components/date-time-field';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { textOrder } from '@/lib/collate';
import { useTranslation } from '@/lib/i18n';
import { listEdit, type Change } from '@/lib/search-params';
import { micQueries, type LabelName } from '@/api';
import { localName } from '@/lib/i18n';
import { activeReviewFilters } from '@/components/review/review-filter';
import { ReviewFilterRow } from '@/components/review/review-filter-row';
import {
  DEFAULT_RANGE,
  EVENT_REVIEW_CHOICES,
  QUICK_RANGES,
  type EventFilters,
  type RangeChoice,
} from './event-filters';

const RANGE_CHOICES: RangeChoice[] = [...(Object.keys(QUICK_RANGES) as RangeChoice[]), 'all', 'custom'];

interface EventFilterBarProps {
  filters: EventFilters;
  onChange: (change: Change<EventFilters>) => void;
  /** Label names known so far; the service has no label list, so they are collected from events seen. */
  knownLabels: ReadonlyMap<string, LabelName>;
}

export function EventFilterBar({ filters, onChange, knownLabels }: EventFilterBarProps) {
  const { t, i18n } = useTranslation('events');
  const language = i18n.language;
  const rangeLabelId = useId();
  // The whole inventory (thousands of mics on a city's edge) is read once the picker is wanted or
  // names a mic, not with the page: the list of events does not need it.
  const [micsWanted, setMicsWanted] = useState(false);
  const mics = useQuery({ ...micQueries.inventory(), enabled: micsWanted || filters.mics.length > 0 });
  const order = textOrder(language);

  const micOptions = useMemo(() => {
    const options = (mics.data?.mics ?? []).map((mic) => ({ value: mic.id, label: `${mic.name} (${mic.id})` }));
    const listed = new Set(options.map((o) => o.value));
    // Ids from a shared link stay selectable (and removable) even before or without the mic list.
    for (const id of filters.mics) if (!listed.has(id)) options.push({ value: id, label: id });
    return options.sort((a, b) => order(a.label, b.label));
  }, [mics.data, filters.mics, order]);

  const labelOptions = useMemo(() => {
    const options = [...knownLabels].map(([id, name]) => ({
      value: id,
      label: `${localName(name, language)} (${id})`,
    }));
    for (const id of filters.labels) if (!knownLabels.has(id)) options.push({ value: id, label: id });
    return options.sort((a, b) => order(a.label, b.label));
  }, [knownLabels, filters.labels, language, order]);

  const invalidRange =
    filters.range === 'custom' && filters.start !== null && filters.end !== null && filters.start > filters.end;
  const filtered =
    filters.range !== DEFAULT_RANGE ||
    filters.mics.length > 0 ||
    filters.labels.length > 0 ||
    activeReviewFilters(filters, 'all') > 0;

  return (
    <Stack gap="sm" role="search" aria-label={t('filters.label')}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text id={rangeLabelId} size="sm" fw={500}>
            {t('filters.range')}
          </Text>
          <SegmentedControl
            aria-labelledby={rangeLabelId}
            // Seven choices outgrow a phone: they scroll within the control, not the page.
            style={{ maxWidth: '100%', overflowX: 'auto' }}
            value={filters.range}
            onChange={(value) => onChange({ range: value as RangeChoice, start: null, end: null })}
            data={RANGE_CHOICES.map((value) => ({ value, label: t(`filters.ranges.${value}`) }))}
          />
        </Stack>
        {filters.range === 'custom' && (
          <>
            <DateTimeField
              label={t('filters.from')}
              placeholder={t('filters.fromPlaceholder')}
              value={filters.start}
              onChange={(value) => onChange({ range: 'custom', start: value })}
            />
            <DateTimeField
              label={t('filters.to')}
              placeholder={t('filters.toPlaceholder')}
              value={filters.end}
              onChange={(value) => onChange({ range: 'custom', end: value })}
            />
          </>
        )}
      </Group>
      <Group align="flex-end" gap="md" wrap="wrap">
        <MultiSelect
          label={t('filters.mics')}
          data-shortcut="search"
          placeholder={filters.mics.length === 0 ? t('filters.micsPlaceholder') : undefined}
          data={micOptions}
          value={filters.mics}
          onChange={(value) => onChange((current) => ({ mics: listEdit(filters.mics, value)(current.mics) }))}
          searchable
          hidePickedOptions
          maxDropdownHeight={320}
          onFocus={() => setMicsWanted(true)}
          onDropdownOpen={() => setMicsWanted(true)}
          description={mics.isLoading ? t('filters.micsLoading') : undefined}
          error={
            mics.isError && mics.data === undefined
              ? t('filters.micsFailed', { reason: mics.error.message })
              : undefined
          }
          style={{ flex: '1 1 320px' }}
        />
        <MultiSelect
          label={t('filters.labels')}
          placeholder={filters.labels.length === 0 ? t('filters.labelsPlaceholder') : undefined}
          data={labelOptions}
          value={filters.labels}
          onChange={(value) => onChange((current) => ({ labels: listEdit(filters.labels, value)(current.labels) }))}
          searchable
          hidePickedOptions
          style={{ flex: '1 1 260px' }}
        />
      </Group>
      <Group align="flex-end" gap="md" wrap="wrap">
        <ReviewFilterRow filters={filters} choices={EVENT_REVIEW_CHOICES} update={onChange} />
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() =>
              onChange({
                range: DEFAULT_RANGE,
                start: null,
                end: null,
                mics: [],
                labels: [],
                review: 'all',
                assignee: null,
                outcome: null,
              })
            }
          >
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      {invalidRange && (
        <Alert color="yellow" variant="light" role="status">
          {t('filters.rangeInvalid')}
        </Alert>
      )}
    </Stack>
  );
}
