import { Button, Group, Select } from '@mantine/core';
import { formatWindow } from '@/components/map/mic-marker-legend';
import { useTranslation } from '@/lib/i18n';
import { STATUS_FILTERS, WINDOW_CHOICES, type MapFilters } from './map-filters';
import './locales';

/** Edge, status, sound label and time window; "Clear" when any narrowing filter is set. */
export function MapFilterRow({
  filters,
  edges,
  labels,
  onChange,
}: {
  filters: MapFilters;
  edges: string[];
  labels: { value: string; label: string }[];
  onChange: (patch: Partial<MapFilters>) => void;
}) {
  const { t } = useTranslation();
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
