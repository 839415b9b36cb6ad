import { Group, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { LabelName } from '@/api';
import { localName, otherName } from '@/lib/i18n';

/** A category in the UI language with the other language on hover; an unknown one shown by its id, as it is. */
export function categoryLabel(id: string, name: LabelName | null | undefined, language: string): string {
  return name === null || name === undefined ? id : localName(name, language);
}

export function CategoryName({ id, name }: { id: string; name: LabelName | null | undefined }) {
  const { t, i18n } = useTranslation('mics');
  if (name === null || name === undefined) {
    return (
      <Text
        span
        fw={600}
        size="sm"
        ff="monospace"
        style={{ overflowWrap: 'anywhere' }}
        data-hint={t('form.unknownCategory')}
      >
        {id}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text span fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-hint={otherName(name, i18n.language)}>
        {localName(name, i18n.language)}
      </Text>
      <Text span size="xs" c="dimmed" ff="monospace">
        {id}
      </Text>
    </Group>
  );
}
