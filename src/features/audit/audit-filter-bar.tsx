import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { micQueries } from '@/api';
import { AUDIT_ACTIONS } from '@/api/audit-actions';
import { actionLabel } from '@/components/audit/audit-changes';
import { DateTimeField } from '@/components/date-time-field';
import { textOrder } from '@/lib/collate';
import { useTranslation } from '@/lib/i18n';
import { isFiltered, type AuditFilters } from './audit-filters';

const DEBOUNCE_MS = 350;
/** The picker lists this many mics at a time; typing finds the others. */
const MIC_OPTIONS_SHOWN = 100;

interface AuditFilterBarProps {
  filters: AuditFilters;
  onChange: (patch: Partial<AuditFilters>) => void;
}

/** Person is typed (committed after a pause); the rest are picked. The URL stays the source of truth. */
export function AuditFilterBar({ filters, onChange }: AuditFilterBarProps) {
  const { t, i18n } = useTranslation('adminAudit');
  const [person, setPerson] = useState(filters.person ?? '');
  const [personFrom, setPersonFrom] = useState(filters.person);
  // Adopt a value that came from the URL (back/forward, a link) rather than from typing.
  if (filters.person !== personFrom) {
    setPersonFrom(filters.person);
    setPerson(filters.person ?? '');
  }
  const commitPerson = useDebouncedCallback((value: string) => onChange({ person: value.trim() || null }), DEBOUNCE_MS);

  // The mic list (a city's 2,400 mics) is read, sorted and handed to the picker once it is opened
  // or a mic is picked, not with the page.
  const [wantMics, setWantMics] = useState(false);
  const mics = useQuery({ ...micQueries.inventory(), enabled: wantMics || filters.mic !== null });
  const micOptions = useMemo(() => {
    const options = (mics.data?.mics ?? []).map((mic) => ({ value: mic.id, label: `${mic.name} (${mic.id})` }));
    // A mic from a shared link stays selectable even before (or without) the mic list.
    if (filters.mic !== null && !options.some((o) => o.value === filters.mic))
      options.push({ value: filters.mic, label: filters.mic });
    const order = textOrder(i18n.language);
    return options.sort((a, b) => order(a.label, b.label));
  }, [mics.data, filters.mic, i18n.language]);

  const actionOptions: { value: string; label: string }[] = AUDIT_ACTIONS.map((action) => ({
    value: action,
    label: actionLabel(action),
  }));
  if (filters.action !== null && !(AUDIT_ACTIONS as readonly string[]).includes(filters.action))
    actionOptions.push({ value: filters.action, label: filters.action });
  const invalidRange = filters.from !== null && filters.to !== null && filters.from > filters.to;

  return (
    <Stack gap="sm" role="search" aria-label={t('filters.label')}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label={t('filters.person')}
          placeholder={t('filters.personPlaceholder')}
          data-shortcut="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={person}
          onChange={(event) => {
            setPerson(event.currentTarget.value);
            commitPerson(event.currentTarget.value);
          }}
          w={180}
        />
        <Select
          label={t('filters.action')}
          placeholder={t('filters.actionPlaceholder')}
          data={actionOptions}
          value={filters.action}
          onChange={(value) => onChange({ action: value })}
          clearable
          w={190}
        />
        <Select
          label={t('filters.mic')}
          placeholder={t('filters.micPlaceholder')}
          data={micOptions}
          value={filters.mic}
          onChange={(value) => onChange({ mic: value })}
          onDropdownOpen={() => setWantMics(true)}
          limit={MIC_OPTIONS_SHOWN}
          searchable
          clearable
          w={220}
        />
        <DateTimeField
          label={t('filters.from')}
          placeholder={t('filters.fromPlaceholder')}
          value={filters.from}
          onChange={(value) => onChange({ from: value })}
        />
        <DateTimeField
          label={t('filters.to')}
          placeholder={t('filters.toPlaceholder')}
          value={filters.to}
          onChange={(value) => onChange({ to: value })}
        />
        {isFiltered(filters) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => {
              commitPerson.cancel();
              onChange({ person: null, action: null, mic: null, from: null, to: null });
            }}
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
