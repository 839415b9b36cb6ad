import { TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { PICKER_FORMAT, type DateTimeFieldProps } from './date-time-field-props';

// Mantine's date pickers are the biggest part of a filter bar (about 65 kB before gzip): the
// page paints with the field as it looks, and the calendar arrives right after.
const Picker = lazy(async () => ({ default: (await import('./date-time-picker-field')).DateTimePickerField }));

/** A clearable local date-time to the second, read and written as ISO 8601 (see `DateTimePickerField`). */
export function DateTimeField(props: DateTimeFieldProps) {
  const { label, placeholder, value } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          label={label}
          placeholder={placeholder}
          value={value === null ? '' : dayjs(value).format(PICKER_FORMAT)}
          readOnly
          w={210}
        />
      }
    >
      <Picker {...props} />
    </Suspense>
  );
}
