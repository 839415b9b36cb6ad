import { ActionIcon, Alert, Group, NumberInput, Skeleton, Slider, Stack, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { LabelName, Threshold } from '@/api';
import { CategoryName, categoryLabel } from './category-name';
import { countAtOrAbove } from './histogram';
import { ThresholdHistogram } from './threshold-histogram';
import { useThresholdEvents, type ThresholdEvents } from './use-threshold-events';
import classes from './mics.module.css';

interface ThresholdRowProps {
  category: string;
  name: LabelName | null;
  /** What the edge reports for this category; undefined for a category added in this form. */
  reported: Threshold | undefined;
  /** The category's events of the last day, for the preview. */
  events: ThresholdEvents;
  value: number | string;
  /** Shown under the whole row, not squeezed under the narrow number field it belongs to. */
  valueError: string | undefined;
  /** The category itself refused (empty, listed twice, or not taken by the edge). */
  categoryError: string | undefined;
  /** The row's place in the form: what `onChange` is called with, so one stable function serves every row. */
  index: number;
  onChange: (index: number, value: number | string) => void;
  onRemove: (() => void) | null;
  readOnly: boolean;
}

const numeric = (value: number | string): number | null => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
};

/** A category added in this form: its events are read on their own, once its name stops changing. */
export function AddedThresholdRow({
  micId,
  ...row
}: Omit<ThresholdRowProps, 'events' | 'reported'> & { micId: string }) {
  const [debouncedCategory] = useDebouncedValue(row.category, 400);
  const events = useThresholdEvents(micId, debouncedCategory, debouncedCategory.trim() !== '');
  return <ThresholdRow {...row} reported={undefined} events={events} />;
}

/** One category's threshold: what the edge reports, the number to send, and how recent events would fare. */
export function ThresholdRow({
  category,
  name,
  reported,
  events,
  value,
  valueError,
  categoryError,
  index,
  onChange,
  onRemove,
  readOnly,
}: ThresholdRowProps) {
  const { t, i18n } = useTranslation('mics');
  const labelName = name ?? events.labelName;
  const label = categoryLabel(category, labelName, i18n.language);
  const threshold = numeric(value);
  const read = events.confidences.length;
  // While the field holds something out of range the slider stays where it was, not at 0.
  const [sliderValue, setSliderValue] = useState(threshold ?? 0);
  if (threshold !== null && threshold !== sliderValue) setSliderValue(threshold);

  return (
    <Stack gap={6} className={`${classes.thresholdRow} ${reported === undefined ? classes.thresholdRowAdded : ''}`}>
      {/* Wraps on a phone's drawer: the name keeps its width, what the edge reports goes below it. */}
      <Group justify="space-between" gap="xs">
        <CategoryName id={category} name={labelName} />
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" ta="right">
            {reported === undefined
              ? t('form.notYetOnDevice')
              : t('form.serverReports', {
                  // A float as the edge sent it (0.49239569483324885): a digit finer than the field, no more.
                  confidence: reported.confidence.toLocaleString(i18n.language, { maximumFractionDigits: 4 }),
                  level: reported.sound_level_ge.toLocaleString(i18n.language, { maximumFractionDigits: 2 }),
                })}
          </Text>
          {onRemove !== null && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={onRemove}
              aria-label={t('form.removeCategory', { category: label })}
              data-hint={t('form.removeCategory', { category: label })}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <div className={classes.thresholdBody}>
        <Stack gap={2} className={classes.thresholdPreview}>
          {readOnly ? null : <ThresholdSlider index={index} value={sliderValue} label={label} onChange={onChange} />}
          {/* Every state keeps the loaded preview's height, so the rows below stay put as each one's events arrive. */}
          <div className={classes.previewState}>
            {events.error !== null ? (
              <Alert color="orange" variant="light" p={6} mt={6}>
                <Text size="xs">{t('preview.error', { reason: events.error.message })}</Text>
              </Alert>
            ) : events.isPending ? (
              <Skeleton height={56} mt={6} aria-label={t('preview.loading')} />
            ) : read === 0 ? (
              <Text size="xs" c="dimmed" mt={6}>
                {t('preview.none', { label })}
              </Text>
            ) : (
              <Stack gap={2} mt={6}>
                <ThresholdHistogram confidences={events.confidences} threshold={threshold} label={label} />
                <Text size="xs" aria-live="polite">
                  {t('preview.summary', {
                    count: threshold === null ? 0 : countAtOrAbove(events.confidences, threshold),
                    total: read,
                  })}
                  {' · '}
                  <Text span size="xs" c="dimmed">
                    {t('preview.title')}
                    {events.capped ? ` · ${t('preview.capped', { count: read })}` : ''}
                  </Text>
                </Text>
              </Stack>
            )}
          </div>
        </Stack>
        <ThresholdNumber
          index={index}
          value={value}
          label={label}
          error={valueError}
          readOnly={readOnly}
          onChange={onChange}
        />
      </div>
      {categoryError !== undefined && (
        <Text size="xs" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
          {categoryError}
        </Text>
      )}
    </Stack>
  );
}

interface ThresholdInputProps {
  index: number;
  value: number | string;
  /** The category as the row names it. */
  label: string;
  onChange: (index: number, value: number | string) => void;
}

const sliderText = (value: number) => value.toFixed(2);

/*
 * The slider and the number field are most of a row's cost (react-number-format, the slider's
 * thumb and track): drawn again only when their own value, label or error changes, not when the
 * preview's events arrive or another row's field is typed in.
 */
const ThresholdSlider = memo(function ThresholdSlider({
  index,
  value,
  label,
  onChange,
}: Omit<ThresholdInputProps, 'value'> & { value: number }) {
  const { t } = useTranslation('mics');
  return (
    <Slider
      min={0}
      max={1}
      step={0.01}
      precision={2}
      value={value}
      onChange={(next) => onChange(index, next)}
      label={sliderText}
      thumbLabel={t('form.thresholdSlider', { category: label })}
      size="sm"
      mt={8}
    />
  );
});

const ThresholdNumber = memo(function ThresholdNumber({
  index,
  value,
  label,
  onChange,
  error,
  readOnly,
}: ThresholdInputProps & { error: string | undefined; readOnly: boolean }) {
  const { t } = useTranslation('mics');
  return (
    <NumberInput
      label={t('form.threshold')}
      aria-label={t('form.thresholdValue', { category: label })}
      value={value}
      onChange={(next) => onChange(index, next)}
      min={0}
      max={1}
      step={0.01}
      decimalScale={3}
      clampBehavior="none"
      readOnly={readOnly}
      error={error}
      size="xs"
      classNames={numberClassNames}
    />
  );
});

const numberClassNames = {
  root: classes.thresholdInput,
  label: classes.thresholdInputLabel,
  wrapper: classes.thresholdInputField,
  error: classes.thresholdInputError,
};
