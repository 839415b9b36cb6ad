import { IconCircleCheck, IconCircleOff, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { PlainBadge } from './plain-controls/plain-badge';

/** Device status as a badge with an icon and words, so it is never told by colour alone. */
export function MicStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  if (status === 'active') {
    return (
      <PlainBadge color="teal" variant="light" size="sm" leftSection={<IconCircleCheck size={12} aria-hidden />}>
        {t('status.active')}
      </PlainBadge>
    );
  }
  if (status === 'inactive') {
    return (
      <PlainBadge color="gray" variant="light" size="sm" leftSection={<IconCircleOff size={12} aria-hidden />}>
        {t('status.inactive')}
      </PlainBadge>
    );
  }
  return (
    <PlainBadge color="yellow" variant="light" size="sm" leftSection={<IconHelpCircle size={12} aria-hidden />}>
      {t('status.unknown', { value: status })}
    </PlainBadge>
  );
}
