import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { useId } from 'react';
// The pickers name months and weekdays with dayjs in the UI language (DatesProvider in src/app/app.tsx).
import 'dayjs/locale/ko';
import { useTranslation } from '@/lib/i18n';
import { PICKER_FORMAT, type DateTimeFieldProps } from './date-time-field-props';
import classes from './date-time-field.module.css';

// Mantine's formats put the month before the year ("11월 2026"); Korean reads year first.
const KOREAN_FORMATS: Partial<DateTimePickerProps> = {
  monthLabelFormat: 'YYYY년 M월',
  yearLabelFormat: 'YYYY년',
  getDayAriaLabel: (date) => dayjs(date).format('YYYY년 M월 D일'),
};

/**
 * A clearable local date-time to the second, read and written as ISO 8601. Its calendar pop-up is
 * named by its field (Mantine gives the pop-up `aria-labelledby` the popover's id while the field
 * keeps its own, so both share one id here), with readable outside days and Korean headings.
 */
export function DateTimePickerField({ value, onChange, ...props }: DateTimeFieldProps) {
  const id = useId();
  const { i18n } = useTranslation();
  const formats = i18n.language === 'ko' ? KOREAN_FORMATS : {};
  return (
    <DateTimePicker
      id={id}
      popoverProps={{ id }}
      classNames={{ day: classes.day }}
      clearable
      withSeconds
      valueFormat={PICKER_FORMAT}
      w={210}
      {...formats}
      {...props}
      value={value === null ? null : dayjs(value).format(PICKER_FORMAT)}
      onChange={(picked) => onChange(picked === null || picked === '' ? null : dayjs(picked).toISOString())}
    />
  );
}
