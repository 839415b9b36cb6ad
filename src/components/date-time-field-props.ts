import type { DateTimePickerProps } from '@mantine/dates';

/** How both the field and its lazily loaded picker show a date-time. */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface DateTimeFieldProps extends Omit<DateTimePickerProps, 'value' | 'onChange'> {
  /** ISO 8601, as the API and the URL carry it; null when unset. */
  value: string | null;
  onChange: (iso: string | null) => void;
}
