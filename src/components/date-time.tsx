import type { CSSProperties } from 'react';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime, formatRelative, formatUtc } from '@/lib/format';
import { plainText, type PlainTextLook } from './plain-text';

interface DateTimeProps extends PlainTextLook {
  value: string;
  /** Show "3 minutes ago" with the exact local time on hover instead of the exact time. */
  relative?: boolean;
  style?: CSSProperties;
}

/**
 * A timestamp from the API (UTC) shown in local time with its zone; UTC on hover (a `HintHost` hint).
 * A plain element: tables draw one per row.
 */
export function DateTime({ value, relative = false, style, ...look }: DateTimeProps) {
  const { i18n } = useTranslation();
  const local = formatDateTime(value, i18n.language);
  const utc = formatUtc(value);
  return (
    <time
      dateTime={value}
      className={plainText(look)}
      style={{ whiteSpace: 'nowrap', ...style }}
      data-hint={relative ? `${local} · ${utc}` : utc}
    >
      {relative ? formatRelative(value) : local}
    </time>
  );
}
