import { Button, Group, NumberInput, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconMap } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import type { Mic } from '@/api';
import { MicStatusBadge } from '@/components/mic-status-badge';
import { useTranslation } from '@/lib/i18n';
import type { Position } from './location-picker';
import type { MicFormValues } from './mic-form-model';
import classes from './mics.module.css';
import './locales';

type MicForm = UseFormReturnType<MicFormValues>;

/*
 * Leaflet's code and start, and the whole inventory for the neighbour dots, came with every open
 * of the drawer (its longest task at 4x CPU on a city's edge), while most opens read or change
 * thresholds: the map and what it draws load when asked for; the fields take the position without it.
 */
const LocationPicker = lazy(async () => ({ default: (await import('./location-picker')).LocationPicker }));
const MAP_HEIGHT = 220;

/** Name, host and status. */
export function MicIdentityFields({ form, mic, readOnly }: { form: MicForm; mic: Mic; readOnly: boolean }) {
  const { t } = useTranslation('mics');
  return (
    <>
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
            <Radio value="active" label={t('common:status.active')} />
            <Radio value="inactive" label={t('common:status.inactive')} />
            {form.values.status !== 'active' && form.values.status !== 'inactive' && (
              <Radio
                value={form.values.status}
                label={t('common:status.unknown', { value: form.values.status })}
                disabled
              />
            )}
          </Group>
        </Radio.Group>
      )}
    </>
  );
}

function positionOf(values: MicFormValues): Position | null {
  const latitude = Number(values.latitude);
  const longitude = Number(values.longitude);
  if (values.latitude === '' || values.longitude === '' || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return null;
  return { latitude, longitude };
}

/** Latitude and longitude, typed, or picked on a map (shown on request) that shows the other mics around. */
export function MicLocationFields({ form, mic, readOnly }: { form: MicForm; mic: Mic; readOnly: boolean }) {
  const { t } = useTranslation('mics');
  const [mapShown, setMapShown] = useState(false);
  const mapId = useId();
  const setPosition = useCallback(
    (position: Position) => {
      form.setFieldValue('latitude', position.latitude);
      form.setFieldValue('longitude', position.longitude);
    },
    // form.setFieldValue is stable for the life of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const coordinate = (field: 'latitude' | 'longitude', limit: number) => (
    <NumberInput
      label={t(`form.${field}`)}
      min={-limit}
      max={limit}
      step={0.0001}
      decimalScale={6}
      clampBehavior="none"
      readOnly={readOnly}
      withAsterisk={!readOnly}
      {...form.getInputProps(field)}
    />
  );
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {t('form.location')}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMap size={16} aria-hidden />}
          aria-expanded={mapShown}
          aria-controls={mapShown ? mapId : undefined}
          onClick={() => setMapShown((shown) => !shown)}
        >
          {mapShown ? t('form.hideMap') : t(readOnly ? 'form.showMap' : 'form.setOnMap')}
        </Button>
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        {coordinate('latitude', 90)}
        {coordinate('longitude', 180)}
      </SimpleGrid>
      {mapShown && (
        <Stack gap={6} id={mapId}>
          {/* The map's own height while its code loads: what follows moves once, on the click. */}
          <Suspense fallback={<Skeleton height={MAP_HEIGHT} />}>
            <LocationPicker
              micId={mic.id}
              initial={mic.location}
              position={positionOf(form.values)}
              onChange={setPosition}
              readOnly={readOnly}
              label={t('form.mapLabel')}
              height={MAP_HEIGHT}
            />
          </Suspense>
          {!readOnly && (
            <Text size="xs" c="dimmed">
              {t('form.mapHint')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
