import { Center, Loader } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('query.loading')} />
    </Center>
  );
}
