import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { useId } from 'react';
// The pickers name months and weekdays with dayjs in the UI language (DatesProvider in src/app/app.tsx).
import 'dayjs/locale/ko';
import { useTranslation } from '@/lib/i18n';
import classes from './date-time-field.module.css';

// Mantine's formats put the month before the year ("11월 2026"); Korean reads year first.
const KOREAN_FORMATS: Partial<DateTimePickerProps> = {
  monthLabelFormat: 'YYYY년 M월',
  yearLabelFormat: 'YYYY년',
  getDayAriaLabel: (date) => dayjs(date).format('YYYY년 M월 D일'),
};

/**
 * A date-time picker whose calendar pop-up is named by its field (Mantine gives the pop-up
 * `aria-labelledby` the popover's id while the field keeps its own, so both share one id here),
 * with readable outside days and Korean calendar headings.
 */
export function DateTimeField(props: DateTimePickerProps) {
  const id = useId();
  const { i18n } = useTranslation();
  const formats = i18n.language === 'ko' ? KOREAN_FORMATS : {};
  return <DateTimePicker id={id} popoverProps={{ id }} classNames={{ day: classes.day }} {...formats} {...props} />;
}
