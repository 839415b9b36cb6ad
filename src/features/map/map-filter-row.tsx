import { Button, Group, Select } from '@mantine/core';
import { useMemo } from 'react';
import { formatWindow } from '@/components/map/mic-marker-legend';
import { useTranslation } from '@/lib/i18n';
import { useMapLabels } from './use-map-labels';
import { STATUS_FILTERS, WINDOW_CHOICES, type MapFilters } from './map-filters';
import './locales';

/** Edge, status, sound label and time window; "Clear" when any narrowing filter is set. */
export function MapFilterRow({
  filters,
  mics,
  events,
  onChange,
}: {
  filters: MapFilters;
  /** Their edges are the edge filter's choices, listed here: on a phone, only once the drawer opens. */
  mics: readonly { edge_id: string }[] | undefined;
  /** The window's events: their labels are among the label filter's choices. */
  events: Parameters<typeof useMapLabels>[0];
  onChange: (patch: Partial<MapFilters>) => void;
}) {
  const { t } = useTranslation();
  const labels = useMapLabels(events, filters.label);
  const edges = useMemo(() => [...new Set((mics ?? []).map((mic) => mic.edge_id))].sort(), [mics]);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('map:filters.label')}>
      <Select
        label={t('map:filters.edge')}
        placeholder={t('map:filters.allEdges')}
        data={edges}
        value={filters.edgeId}
        onChange={(edgeId) => onChange({ edgeId })}
        clearable
        w={190}
      />
      <Select
        label={t('map:filters.status')}
        placeholder={t('map:filters.allStatuses')}
        data={STATUS_FILTERS.map((value) => ({ value, label: t(`map:filters.${value}`) }))}
        value={filters.status}
        onChange={(status) => onChange({ status: STATUS_FILTERS.find((s) => s === status) ?? null })}
        clearable
        w={160}
      />
      <Select
        label={t('map:filters.soundLabel')}
        placeholder={t('map:filters.allLabels')}
        data={labels}
        value={filters.label}
        onChange={(label) => onChange({ label })}
        clearable
        searchable
        w={170}
      />
      <Select
        label={t('map:filters.window')}
        data={[...new Set<number>([...WINDOW_CHOICES, filters.windowMinutes])]
          .sort((a, b) => a - b)
          .map((minutes) => ({ value: String(minutes), label: formatWindow(t, minutes) }))}
        value={String(filters.windowMinutes)}
        onChange={(value) => value !== null && onChange({ windowMinutes: Number(value) })}
        allowDeselect={false}
        w={150}
      />
      {(filters.edgeId !== null || filters.status !== null || filters.label !== null) && (
        <Button variant="subtle" onClick={() => onChange({ edgeId: null, status: null, label: null })}>
          {t('map:filters.clear')}
        </Button>
      )}
    </Group>
  );
}
