import { Autocomplete, Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

const DEBOUNCE_MS = 350;

interface FilterBarProps {
  name: string;
  edgeId: string;
  edgeIds: string[];
  /** The edge field was used: its suggestions are wanted now. */
  onEdgesWanted?: () => void;
  onChange: (change: { name?: string; edgeId?: string }) => void;
}

/**
 * Text typed here reaches the URL after a pause; the URL stays the source of truth, so back and
 * forward put their value back into the inputs.
 */
export function MicFiltersBar({ name, edgeId, edgeIds, onEdgesWanted, onChange }: FilterBarProps) {
  const { t } = useTranslation('mics');
  const [nameInput, setNameInput] = useState(name);
  const [nameFrom, setNameFrom] = useState(name);
  const [edgeInput, setEdgeInput] = useState(edgeId);
  const [edgeFrom, setEdgeFrom] = useState(edgeId);
  // Adopt a value that came from the URL (back/forward, a link) rather than from typing.
  if (name !== nameFrom) {
    setNameFrom(name);
    setNameInput(name);
  }
  if (edgeId !== edgeFrom) {
    setEdgeFrom(edgeId);
    setEdgeInput(edgeId);
  }
  const commitName = useDebouncedCallback((value: string) => onChange({ name: value }), DEBOUNCE_MS);
  const commitEdge = useDebouncedCallback((value: string) => onChange({ edgeId: value }), DEBOUNCE_MS);

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label={t('filters.label')}>
      <TextInput
        label={t('filters.name')}
        data-shortcut="search"
        placeholder={t('filters.namePlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={nameInput}
        onChange={(event) => {
          setNameInput(event.currentTarget.value);
          commitName(event.currentTarget.value);
        }}
        w={280}
        size="sm"
      />
      <Autocomplete
        label={t('filters.edge')}
        placeholder={t('filters.edgePlaceholder')}
        data={edgeIds}
        onFocus={onEdgesWanted}
        onDropdownOpen={onEdgesWanted}
        value={edgeInput}
        onChange={(value) => {
          setEdgeInput(value);
          commitEdge(value);
        }}
        onOptionSubmit={(value) => {
          commitEdge.cancel();
          onChange({ edgeId: value });
        }}
        clearable
        w={220}
        size="sm"
      />
      {(name !== '' || edgeId !== '') && (
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => {
            commitName.cancel();
            commitEdge.cancel();
            onChange({ name: '', edgeId: '' });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
