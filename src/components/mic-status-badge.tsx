import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

/** Device status as a badge with an icon and words, so it is never told by colour alone. */
export function MicStatusBadge({ status, size = 'sm' }: { status: string; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation();
  if (status === 'active') {
    return (
      <Badge color="teal" variant="light" size={size} leftSection={<IconCircleCheck size={12} aria-hidden />}>
        {t('status.active')}
      </Badge>
    );
  }
  if (status === 'inactive') {
    return (
      <Badge color="gray" variant="light" size={size} leftSection={<IconCircleOff size={12} aria-hidden />}>
        {t('status.inactive')}
      </Badge>
    );
  }
  return (
    <Badge color="yellow" variant="light" size={size} leftSection={<IconHelpCircle size={12} aria-hidden />}>
      {t('status.unknown', { value: status })}
    </Badge>
  );
}
