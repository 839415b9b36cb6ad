import { Autocomplete, Button, Group, Stack, Text, Title, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import type { Mic } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { categoryLabel } from './category-name';
import type { MicFormValues } from './mic-form-model';
import { AddedThresholdRow, ThresholdRow } from './threshold-row';
import { useDeviceThresholdEvents } from './use-threshold-events';
import { useLabels, type Category } from '@/components/labels/use-labels';
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
  // The categories only thresholds name come from the whole inventory (thousands of mics on a
  // city's edge, read and checked in the drawer's opening task): read once the picker is used.
  const [pickerUsed, setPickerUsed] = useState(false);
  const { categories, names } = useLabels({ withInventory: pickerUsed });
  const [newCategory, setNewCategory] = useState('');
  const reportedCategories = useMemo(() => Object.keys(mic.thresholds).sort(), [mic.thresholds]);
  const reportedEvents = useDeviceThresholdEvents(mic.id, reportedCategories);
  // One function for every row, so a row's inputs are not drawn again for a new closure.
  const { setFieldValue } = form;
  const setThreshold = useCallback(
    (index: number, value: number | string) => setFieldValue(`thresholds.${index}.value`, value),
    [setFieldValue],
  );

  const listed = new Set(form.values.thresholds.map((row) => row.category.trim()));
  // The options' values are the keys the edge takes; their names are only shown. (Picking a
  // name-valued option put "Gunshot (gunshot)" in the field, and the edge refused it.)
  const offered = categories.filter((c) => !listed.has(c.id)).map((c) => c.id);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const optionText = (id: string) => {
    const name = byId.get(id)?.name ?? null;
    return name === null ? id : `${categoryLabel(id, name, i18n.language)} (${id})`;
  };
  const filter: OptionsFilter = ({ options, search }) => {
    const wanted = search.trim().toLowerCase();
    return (options as ComboboxItem[]).filter((option) => matches(byId.get(option.value), option.value, wanted));
  };
  const addCategory = () => {
    const category = keyOf(categories, newCategory);
    if (category === '' || listed.has(category)) return;
    form.insertListItem('thresholds', { category, value: 0.5, added: true });
    setNewCategory('');
  };
  const pending = keyOf(categories, newCategory);

  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {t('form.thresholds')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('form.thresholdsHint')}
      </Text>
      {form.values.thresholds.map((row, index) => {
        const common = {
          category: row.category,
          name: names.get(row.category) ?? null,
          value: row.value,
          valueError: form.errors[`thresholds.${index}.value`] as string | undefined,
          categoryError: form.errors[`thresholds.${index}.category`] as string | undefined,
          index,
          onChange: setThreshold,
          readOnly,
        };
        const reported = row.added ? undefined : mic.thresholds[row.category];
        const events = reportedEvents.get(row.category);
        return reported !== undefined && events !== undefined ? (
          <ThresholdRow key={row.category} {...common} reported={reported} events={events} onRemove={null} />
        ) : (
          <AddedThresholdRow
            key={`added-${row.category}`}
            micId={mic.id}
            {...common}
            onRemove={row.added && !readOnly ? () => form.removeListItem('thresholds', index) : null}
          />
        );
      })}
      {!readOnly && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Autocomplete
            label={t('form.newCategory')}
            placeholder={t('form.newCategoryPlaceholder')}
            data={offered}
            filter={filter}
            renderOption={({ option }) => optionText(option.value)}
            value={newCategory}
            onChange={setNewCategory}
            onFocus={() => setPickerUsed(true)}
            onKeyDown={(event) => {
              // Enter on a highlighted option picks it (the picker's own handling, after this one).
              if (event.key === 'Enter' && !event.currentTarget.hasAttribute('aria-activedescendant')) {
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
            disabled={pending === '' || listed.has(pending)}
          >
            {t('form.addCategory')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function matches(category: Category | undefined, id: string, wanted: string): boolean {
  if (wanted === '') return true;
  const names = category?.name == null ? [] : [category.name.en, category.name.ko];
  return [id, ...names].some((text) => text.toLowerCase().includes(wanted));
}

/** The key for what was typed: a category's name, in either language, stands for its key. */
function keyOf(categories: readonly Category[], typed: string): string {
  const text = typed.trim();
  const lower = text.toLowerCase();
  const named = categories.find((c) => c.name !== null && (c.name.en.toLowerCase() === lower || c.name.ko === text));
  return categories.some((c) => c.id === text) ? text : (named?.id ?? text);
}
