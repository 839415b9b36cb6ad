import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime, formatRelative, formatUtc } from '@/lib/format';

interface DateTimeProps extends TextProps {
  value: string;
  /** Show "3 minutes ago" with the exact local time on hover instead of the exact time. */
  relative?: boolean;
}

/** A timestamp from the API (UTC) shown in local time with its zone; UTC on hover (a `HintHost` hint). */
export function DateTime({ value, relative = false, ...textProps }: DateTimeProps) {
  const { i18n } = useTranslation();
  const local = formatDateTime(value, i18n.language);
  const utc = formatUtc(value);
  return (
    <Text
      component="time"
      dateTime={value}
      size="sm"
      {...textProps}
      style={{ whiteSpace: 'nowrap' }}
      data-hint={relative ? `${local} · ${utc}` : utc}
    >
      {relative ? formatRelative(value) : local}
    </Text>
  );
}
