import { Button, Group, Select, Text } from '@mantine/core';
import { IconFocusCentered, IconSearch } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { formatWindow } from '@/components/map/mic-marker-legend';
import type { MarkerMic } from '@/components/map/mic-marker-state';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';
import './locales';

const FIND_LIMIT = 50;
const NO_OPTIONS: { value: string; label: string }[] = [];

/**
 * The search's options: the mics matching what was typed (Mantine's own rule: the label
 * contains it, case aside), at most FIND_LIMIT. Given every mic, the Select parsed and checked
 * 2,400-10,000 options on each render, and the header renders with each new set of markers (the
 * events' answer, the clock's tick), in the map's first tasks too.
 */
function findOptions(markers: readonly MarkerMic[], text: string): { value: string; label: string }[] {
  const search = text.toLowerCase().trim();
  const out: { value: string; label: string }[] = [];
  for (const m of markers) {
    const label = `${m.name} · ${m.id}`;
    if (search === '' || label.toLowerCase().includes(search)) out.push({ value: m.id, label });
    if (out.length === FIND_LIMIT) break;
  }
  return out;
}

/**
 * Title and counts, a search that opens a mic, and "Reset view" once the user moved the map.
 * Memoised: the page re-renders on each hover and each draw of the map.
 */
export const MapHeader = memo(function MapHeader({
  markers,
  total,
  heardCount,
  windowMinutes,
  userMoved,
  onFind,
  onReset,
}: {
  markers: readonly MarkerMic[];
  total: number;
  /** Null while the window's events are being read. */
  heardCount: number | null;
  windowMinutes: number;
  userMoved: boolean;
  onFind: (micId: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const [findText, setFindText] = useState('');
  const [findOpen, setFindOpen] = useState(false);
  // Options only while the list is open or something is typed: the header renders with each new set
  // of markers, and the Select parsed its options each time, twice in the map's first commit (once
  // more for Mantine's useId), for a list nobody had opened.
  const findData = useMemo(
    () => (findOpen || findText !== '' ? findOptions(markers, findText) : NO_OPTIONS),
    [markers, findText, findOpen],
  );
  return (
    <PageHeader
      title={t('map:title')}
      actions={
        <Group gap="xs" align="flex-end">
          <Select
            label={t('map:filters.find')}
            data-shortcut="search"
            placeholder={t('map:filters.findPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            data={findData}
            value={null}
            searchValue={findText}
            onSearchChange={setFindText}
            onDropdownOpen={() => setFindOpen(true)}
            onDropdownClose={() => setFindOpen(false)}
            onChange={(id) => {
              if (id === null) return;
              setFindText('');
              onFind(id);
            }}
            searchable
            limit={FIND_LIMIT}
            nothingFoundMessage={t('map:filters.nothingFound')}
            w={260}
          />
          <Button
            variant={userMoved ? 'filled' : 'light'}
            leftSection={<IconFocusCentered size={16} aria-hidden />}
            onClick={onReset}
            data-hint={userMoved ? t('map:resetHint') : undefined}
          >
            {t('map:resetView')}
          </Button>
        </Group>
      }
    >
      <Text size="sm" role="status" aria-live="polite" data-testid="map-summary">
        {t('map:summary', { shown: markers.length, total })}
        {' · '}
        {heardCount === null
          ? t('map:heardLoading', { window: formatWindow(t, windowMinutes) })
          : t('map:heardSummary', { count: heardCount, window: formatWindow(t, windowMinutes) })}
      </Text>
    </PageHeader>
  );
});
