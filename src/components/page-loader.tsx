import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

/**
 * A page or section still loading. The spinner is a bare span, which may not carry a name
 * (axe: aria-prohibited-attr), so the words go in a status region beside it for screen readers.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{t('query.loading')}</VisuallyHidden>
    </Center>
  );
}
