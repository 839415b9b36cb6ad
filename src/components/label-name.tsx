import { useTranslation } from '@/lib/i18n';
import type { LabelName as LabelNameValue } from '@/api';
import { localName, otherName } from '@/lib/i18n';
import { plainText, type PlainTextLook } from './plain-text';

interface LabelNameProps extends PlainTextLook {
  name: LabelNameValue;
}

/**
 * A sound label in the UI language, with the other language's name on hover (a `HintHost` hint).
 * A plain element: tables draw one per row.
 */
export function LabelName({ name, ...look }: LabelNameProps) {
  const { i18n } = useTranslation();
  const other = otherName(name, i18n.language);
  return (
    <span className={plainText(look)} data-hint={other === '' ? undefined : other}>
      {localName(name, i18n.language)}
    </span>
  );
}
