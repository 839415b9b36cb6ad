import { Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

/**
 * What the review column and filters can and cannot say: the filters narrow only the page the
 * edge sent (it knows nothing of reviews), and incident membership may be read in part.
 */
export function EventReviewNote({
  filtered,
  shown,
  total,
  known,
  complete,
  error,
}: {
  filtered: boolean;
  shown: number;
  total: number;
  known: boolean;
  complete: boolean;
  error: Error | null;
}) {
  const { t } = useTranslation('events');
  if (error !== null) {
    return (
      <Text size="sm" c="red" role="alert">
        {t('review.failed', { reason: error.message })}
      </Text>
    );
  }
  return (
    <>
      {filtered && (
        <Text size="sm" c="dimmed" role="status">
          {known ? t('review.pageOnly', { count: shown, total }) : t('review.reading')}
        </Text>
      )}
      {!complete && (
        <Text size="sm" c="dimmed" role="status">
          {t('review.partial')}
        </Text>
      )}
    </>
  );
}
