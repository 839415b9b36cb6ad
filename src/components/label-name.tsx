import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { LabelName as LabelNameValue } from '@/api';
import { localName, otherName } from '@/lib/i18n';

interface LabelNameProps extends TextProps {
  name: LabelNameValue;
}

/** A sound label in the UI language, with the other language's name on hover (a `HintHost` hint). */
export function LabelName({ name, ...textProps }: LabelNameProps) {
  const { i18n } = useTranslation();
  const other = otherName(name, i18n.language);
  return (
    <Text component="span" size="sm" {...textProps} data-hint={other === '' ? undefined : other}>
      {localName(name, i18n.language)}
    </Text>
  );
}
