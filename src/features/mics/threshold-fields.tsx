import { Autocomplete, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Mic } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { categoryLabel } from './category-name';
import type { MicFormValues } from './mic-form-model';
import { ThresholdRow } from './threshold-row';
import { useLabels } from '@/components/labels/use-labels';
import './locales';

/** A row per category the device has, and a way to add one it does not have yet. */
export function ThresholdFields({
  form,
  mic,
  readOnly,
}: {
  form: UseFormReturnType<MicFormValues>;
  mic: Mic;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation('mics');
  const { categories, names } = useLabels();
  const [newCategory, setNewCategory] = useState('');

  const listed = new Set(form.values.thresholds.map((row) => row.category.trim()));
  const offered = categories
    .filter((c) => !listed.has(c.id))
    .map((c) => ({
      value: c.id,
      label: c.name === null ? c.id : `${categoryLabel(c.id, c.name, i18n.language)} (${c.id})`,
    }));
  const addCategory = () => {
    const category = newCategory.trim();
    if (category === '' || listed.has(category)) return;
    form.insertListItem('thresholds', { category, value: 0.5, added: true });
    setNewCategory('');
  };

  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {t('form.thresholds')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('form.thresholdsHint')}
      </Text>
      {form.values.thresholds.map((row, index) => (
        <ThresholdRow
          key={row.added ? `added-${row.category}` : row.category}
          micId={mic.id}
          category={row.category}
          name={names.get(row.category) ?? null}
          reported={row.added ? undefined : mic.thresholds[row.category]}
          value={row.value}
          error={
            (form.errors[`thresholds.${index}.value`] ?? form.errors[`thresholds.${index}.category`]) as
              string | undefined
          }
          onChange={(value) => form.setFieldValue(`thresholds.${index}.value`, value)}
          onRemove={row.added && !readOnly ? () => form.removeListItem('thresholds', index) : null}
          readOnly={readOnly}
        />
      ))}
      {!readOnly && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Autocomplete
            label={t('form.newCategory')}
            placeholder={t('form.newCategoryPlaceholder')}
            data={offered}
            value={newCategory}
            onChange={setNewCategory}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addCategory();
              }
            }}
            style={{ flex: 1 }}
            size="sm"
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addCategory}
            disabled={newCategory.trim() === '' || listed.has(newCategory.trim())}
          >
            {t('form.addCategory')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
