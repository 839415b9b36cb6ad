import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { reviewQueries } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { useReviewRefresh } from './use-review';

/** The navigation's count of new items; nothing shown while it is unknown (signed out, server away). */
export function NewItemsBadge() {
  // Its words are the navigation's (common): the review catalogue loads with the review screens, not the first paint.
  const { t } = useTranslation();
  const refresh = useReviewRefresh();
  // The count changes on review (pushed, which invalidates it) and as the edge fires: 10 s is enough for the latter.
  const counts = useQuery({ ...reviewQueries.counts(), refetchInterval: Math.max(refresh, 10_000), retry: false });
  // An invisible badge holds its place meanwhile: the link's label wraps beside it, and would jump when it came.
  if (counts.data === undefined) {
    return (
      <Badge size="sm" circle aria-hidden style={{ visibility: 'hidden' }}>
        0
      </Badge>
    );
  }
  const { new: count, capped, window_hours: hours } = counts.data;
  const shown = `${count}${capped ? '+' : ''}`;
  // red.8: white on Mantine's default red (6) is 3.3:1, below WCAG AA for this small text.
  return (
    <Badge
      size="sm"
      circle={shown.length === 1}
      color={count === 0 ? 'gray' : 'red.8'}
      variant={count === 0 ? 'light' : 'filled'}
      aria-label={t('nav.newItems', { shown })}
      data-hint={t('nav.newItemsHint', { hours })}
      data-testid="new-items-count"
    >
      {shown}
    </Badge>
  );
}
