import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useBlocker } from 'react-router-dom';
import { ApiError, micQueries, storeMic, updateMic, type Mic, type MicPatch } from '@/api';
import { MicStatusBadge } from '@/components/mic-status-badge';
import { categoryLabel } from './category-name';
import { LocationPicker, type Position } from './location-picker';
import {
  buildPatch,
  formValuesOf,
  isEmptyPatch,
  mapServerErrors,
  validateForm,
  type MicFormValues,
} from './mic-form-model';
import { ThresholdRow } from './threshold-row';
import { useCategories } from './use-categories';
import classes from './mics.module.css';

interface SaveOutcome {
  sent: MicPatch;
  mic: Mic;
}

function changeCount(patch: MicPatch): number {
  const { thresholds, ...rest } = patch;
  return Object.keys(rest).length + Object.keys(thresholds ?? {}).length;
}

function positionOf(values: MicFormValues): Position | null {
  const latitude = Number(values.latitude);
  const longitude = Number(values.longitude);
  if (values.latitude === '' || values.longitude === '' || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return null;
  return { latitude, longitude };
}

/** The device's edit form: validates before sending, sends only what changed, keeps the input when refused. */
export function MicForm({ mic, readOnly }: { mic: Mic; readOnly: boolean }) {
  const { t, i18n } = useTranslation('mics');
  const queryClient = useQueryClient();
  const { categories, names } = useCategories();
  const everyMic = useQuery(micQueries.every({}));
  const neighbours = useMemo(
    () => (everyMic.data ?? []).filter((other) => other.id !== mic.id),
    [everyMic.data, mic.id],
  );
  const [initial, setInitial] = useState(() => formValuesOf(mic));
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [failure, setFailure] = useState<{ reason: string; unmapped: string[] } | null>(null);
  const [newCategory, setNewCategory] = useState('');
  const saving = useRef(false);

  const form = useForm<MicFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => Object.fromEntries(Object.entries(validateForm(values)).map(([path, key]) => [path, t(key)])),
  });

  const patch = useMemo(() => buildPatch(initial, form.values), [initial, form.values]);
  const changes = readOnly ? 0 : changeCount(patch);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changes > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useWindowEvent('beforeunload', (event) => {
    if (changes > 0) event.preventDefault();
  });

  const mutation = useMutation({
    mutationFn: (body: MicPatch) => updateMic(mic.id, body),
    onSuccess: (saved, sent) => {
      storeMic(queryClient, saved);
      const next = formValuesOf(saved);
      setInitial(next);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      form.clearErrors();
      setFailure(null);
      setOutcome({ sent, mic: saved });
      notifications.show({ color: 'teal', title: t('form.saved', { name: saved.name }), message: describeSent(sent) });
    },
    onError: (error) => {
      const reason = error instanceof Error ? error.message : String(error);
      const mapped =
        error instanceof ApiError ? mapServerErrors(error.fieldErrors, form.getValues()) : { fields: {}, general: [] };
      form.setErrors(mapped.fields);
      setOutcome(null);
      setFailure({ reason, unmapped: mapped.general });
    },
    onSettled: () => {
      saving.current = false;
    },
  });

  const describeSent = (sent: MicPatch): string => {
    const parts: string[] = [];
    if (sent.name !== undefined) parts.push(t('sent.name', { value: sent.name }));
    if (sent.host !== undefined) parts.push(t('sent.host', { value: sent.host }));
    if (sent.status !== undefined) parts.push(t('sent.status', { value: sent.status }));
    if (sent.location !== undefined) parts.push(t('sent.location', sent.location));
    for (const [category, value] of Object.entries(sent.thresholds ?? {}))
      parts.push(t('sent.threshold', { category, value }));
    return t('form.sent', { what: parts.join(', ') });
  };

  const save = (values: MicFormValues) => {
    // A second click (or Enter) while the first save is on its way must not send again.
    if (saving.current || readOnly) return;
    const body = buildPatch(initial, values);
    if (isEmptyPatch(body)) return;
    saving.current = true;
    setFailure(null);
    mutation.mutate(body);
  };
  const invalid = () => {
    setOutcome(null);
    setFailure({ reason: t('form.validationFailed'), unmapped: [] });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => form.onSubmit(save, invalid)(event);

  const setPosition = useCallback(
    (position: Position) => {
      form.setFieldValue('latitude', position.latitude);
      form.setFieldValue('longitude', position.longitude);
    },
    // form.setFieldValue is stable for the life of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

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

  const reportedSummary = (saved: Mic, sent: MicPatch) =>
    Object.keys(sent.thresholds ?? {})
      .map((category) => {
        const threshold = saved.thresholds[category];
        return threshold === undefined
          ? `${category}: —`
          : t('form.reportsThreshold', { category, confidence: threshold.confidence, level: threshold.sound_level_ge });
      })
      .join('; ');

  return (
    <form onSubmit={submit} noValidate aria-label={t('drawer.title')}>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" variant="light">
            {t('drawer.readOnly')}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('form.name')}
            readOnly={readOnly}
            withAsterisk={!readOnly}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('form.host')}
            readOnly={readOnly}
            withAsterisk={!readOnly}
            {...form.getInputProps('host')}
            classNames={{ input: classes.monoInput }}
          />
        </SimpleGrid>
        {readOnly ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('form.status')}
            </Text>
            <MicStatusBadge status={mic.status} />
          </Stack>
        ) : (
          <Radio.Group label={t('form.status')} {...form.getInputProps('status')}>
            <Group gap="lg" mt={6}>
              <Radio value="active" label={t('status.active', { ns: 'common' })} />
              <Radio value="inactive" label={t('status.inactive', { ns: 'common' })} />
              {form.values.status !== 'active' && form.values.status !== 'inactive' && (
                <Radio
                  value={form.values.status}
                  label={t('status.unknown', { ns: 'common', value: form.values.status })}
                  disabled
                />
              )}
            </Group>
          </Radio.Group>
        )}

        <Stack gap={6}>
          <Title order={3} size="h5">
            {t('form.location')}
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label={t('form.latitude')}
              min={-90}
              max={90}
              step={0.0001}
              decimalScale={6}
              clampBehavior="none"
              readOnly={readOnly}
              withAsterisk={!readOnly}
              {...form.getInputProps('latitude')}
            />
            <NumberInput
              label={t('form.longitude')}
              min={-180}
              max={180}
              step={0.0001}
              decimalScale={6}
              clampBehavior="none"
              readOnly={readOnly}
              withAsterisk={!readOnly}
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
          <LocationPicker
            initial={mic.location}
            position={positionOf(form.values)}
            onChange={setPosition}
            readOnly={readOnly}
            label={t('form.mapLabel')}
            neighbours={neighbours}
          />
          {!readOnly && (
            <Text size="xs" c="dimmed">
              {t('form.mapHint')}
            </Text>
          )}
        </Stack>

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

        {outcome !== null && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            role="status"
            title={t('form.saved', { name: outcome.mic.name })}
          >
            <Stack gap={2}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {describeSent(outcome.sent)}
              </Text>
              {outcome.sent.thresholds !== undefined && (
                <Text size="sm">{t('form.nowReports', { what: reportedSummary(outcome.mic, outcome.sent) })}</Text>
              )}
            </Stack>
          </Alert>
        )}
        {failure !== null && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {failure.reason === t('form.validationFailed')
                ? failure.reason
                : t('form.saveFailed', { reason: failure.reason })}
            </Text>
            {failure.unmapped.map((message) => (
              <Text key={message} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {message}
              </Text>
            ))}
          </Alert>
        )}

        {!readOnly && (
          <Group justify="space-between" className={classes.footer} wrap="nowrap">
            <Text size="sm" c={changes > 0 ? undefined : 'dimmed'} aria-live="polite">
              {changes > 0 ? t('form.unsaved', { count: changes }) : t('form.noChanges')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                disabled={changes === 0 || mutation.isPending}
                onClick={() => {
                  form.setValues(initial);
                  form.clearErrors();
                  setFailure(null);
                }}
              >
                {t('form.reset')}
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={changes === 0}>
                {t('form.save')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('unsaved.title')}
        centered
        zIndex={400}
      >
        <Text size="sm">{t('unsaved.body')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('unsaved.discard')}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}
