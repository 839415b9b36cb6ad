import {
  Alert,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { createWallLink, wallLinkQueries, type CreatedWallLink } from '@/api/walls';
import { micQueries } from '@/api';
import { formatWindow } from '@/components/map/mic-marker-legend';
import { useTranslation } from '@/lib/i18n';
import { DEFAULT_WALL_OPTIONS, WINDOW_CHOICES, wallQueryOf, type WallOptions } from './wall-link-options';

export const NAME_MAX = 80;

interface FormValues extends WallOptions {
  name: string;
}

/** Name and wall options of a new link; on success hands the one-time URL to `onCreated`. */
export function WallLinkForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedWallLink) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminWalls');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const langId = useId();
  const mics = useQuery(micQueries.inventory());
  const edgeIds = useMemo(() => [...new Set((mics.data?.mics ?? []).map((mic) => mic.edge_id))].sort(), [mics.data]);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', ...DEFAULT_WALL_OPTIONS },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? t('form.nameRequired')
          : value.trim().length > NAME_MAX
            ? t('form.nameTooLong', { max: NAME_MAX })
            : null,
    },
  });
  const mutation = useMutation({
    mutationFn: (values: FormValues) => createWallLink({ name: values.name.trim(), query: wallQueryOf(values) }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: wallLinkQueries.all() });
      onCreated(created);
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('form.name')}
          description={t('form.nameDescription')}
          required
          data-autofocus
          maxLength={NAME_MAX + 20}
          {...form.getInputProps('name')}
        />
        <Group grow align="flex-start">
          <Autocomplete
            label={t('form.edge')}
            placeholder={t('form.edgePlaceholder')}
            data={edgeIds}
            clearable
            {...form.getInputProps('edgeId')}
          />
          <TextInput
            label={t('form.label')}
            placeholder={t('form.labelPlaceholder')}
            {...form.getInputProps('label')}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t('form.window')}
            data={WINDOW_CHOICES.map((minutes) => ({ value: String(minutes), label: formatWindow(tc, minutes) }))}
            allowDeselect={false}
            value={String(form.values.windowMinutes)}
            onChange={(value) =>
              form.setFieldValue('windowMinutes', Number(value ?? DEFAULT_WALL_OPTIONS.windowMinutes))
            }
          />
          <NumberInput
            label={t('form.refresh')}
            min={1}
            max={300}
            allowDecimal={false}
            value={form.values.refreshSeconds}
            onChange={(value) =>
              form.setFieldValue(
                'refreshSeconds',
                typeof value === 'number' ? value : DEFAULT_WALL_OPTIONS.refreshSeconds,
              )
            }
          />
        </Group>
        <Stack gap={4}>
          <Text id={langId} size="sm" fw={500}>
            {t('form.lang')}
          </Text>
          <SegmentedControl
            aria-labelledby={langId}
            data={[
              { value: '', label: t('form.langBrowser') },
              { value: 'en', label: 'English' },
              { value: 'ko', label: '한국어' },
            ]}
            {...form.getInputProps('lang')}
          />
        </Stack>
        <Switch label={t('form.chime')} {...form.getInputProps('chime', { type: 'checkbox' })} />
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('form.failed', { reason: mutation.error.message })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
