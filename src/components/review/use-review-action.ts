import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  actOnItem,
  actOnMany,
  ApiError,
  reviewQueries,
  storeReviewItem,
  type BulkSelection,
  type ReviewAction,
  type ReviewItem,
  type ReviewKind,
  type ReviewOutcome,
} from '@/api';
import { formatDateTime } from '@/lib/format';
import { useTranslation, type TFunction } from '@/lib/i18n';
import './locales';

/** What the second operator reads: who got there first, in their language. */
export function conflictMessage(t: TFunction<'review'>, item: ReviewItem, language: string): string {
  const time = (at: string | null) => (at === null ? '?' : formatDateTime(at, language));
  if (item.state === 'resolved')
    return t('review:conflict.resolved', { name: item.resolved_by, time: time(item.resolved_at) });
  if (item.state === 'acknowledged' && item.acknowledged_by !== null) {
    return t('review:conflict.acknowledged', { name: item.acknowledged_by, time: time(item.acknowledged_at) });
  }
  return t('review:conflict.changed', { name: item.updated_by ?? '?', time: time(item.updated_at) });
}

/**
 * One action on one item. On a conflict the item is read again, every screen's copy takes the
 * current state, and a notification says who acted first; nothing is retried on its own.
 */
export function useReviewAction(kind: ReviewKind, id: string) {
  const { t, i18n } = useTranslation('review');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReviewAction) => actOnItem(kind, id, action),
    onSuccess: ({ item }) => {
      storeReviewItem(queryClient, item);
      void queryClient.invalidateQueries({ queryKey: reviewQueries.thread(kind, id).queryKey });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        const thread = await queryClient.fetchQuery({ ...reviewQueries.thread(kind, id), staleTime: 0 });
        storeReviewItem(queryClient, thread.item);
        notifications.show({
          color: 'orange',
          title: t('conflict.title'),
          message: conflictMessage(t, thread.item, i18n.language),
        });
        return;
      }
      // A procedure's unticked steps: the resolve dialog says so, in the screen's language.
      if (error instanceof ApiError && error.status === 422 && /\bprocedure: "/.test(error.message)) return;
      notifications.show({ color: 'red', title: t('actions.failed'), message: error.message });
    },
  });
}

/** Acknowledge or resolve a selection; items that changed meanwhile are left as they are and counted. */
export function useBulkReview() {
  const { t, i18n } = useTranslation('review');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      action: 'acknowledge' | 'resolve';
      outcome?: ReviewOutcome;
      note?: string;
      items: BulkSelection[];
    }) => actOnMany(body),
    onSuccess: ({ results }) => {
      for (const result of results) storeReviewItem(queryClient, result.item);
      const conflicts = results.filter((result) => result.status === 'conflict').length;
      if (results.length === 1 && conflicts === 1) {
        notifications.show({
          color: 'orange',
          title: t('conflict.title'),
          message: conflictMessage(t, results[0]!.item, i18n.language),
        });
      } else if (conflicts > 0) {
        notifications.show({
          color: 'orange',
          title: t('conflict.title'),
          message: t('conflict.some', { count: conflicts }),
        });
      }
    },
    onError: (error) => notifications.show({ color: 'red', title: t('actions.failed'), message: error.message }),
  });
}
