import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useId } from 'react';
// The pickers name months and weekdays with dayjs in the UI language (DatesProvider in src/app/app.tsx).
import 'dayjs/locale/ko';
import classes from './date-time-field.module.css';

/**
 * A date-time picker whose calendar pop-up is named by its field: Mantine gives the pop-up
 * `aria-labelledby` the popover's id while the field keeps its own, so both share one id here.
 */
export function DateTimeField(props: DateTimePickerProps) {
  const id = useId();
  return <DateTimePicker id={id} popoverProps={{ id }} classNames={{ day: classes.day }} {...props} />;
}
