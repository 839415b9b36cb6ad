import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router-dom';
import { NotFoundState } from '@/components/query-feedback';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <NotFoundState
      title={t('notFound.title')}
      description={t('notFound.description', { path: pathname })}
      backTo="/mics"
      backLabel={t('notFound.home')}
    />
  );
}
