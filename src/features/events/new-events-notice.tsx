import { useEffect } from 'react';
import type { SoundEvent } from '@/api';
import { NewItemsButton } from '@/components/new-items-button';
import { StaleDataNotice } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import type { EventFilters } from './event-filters';
import { useNewEventCount } from './use-new-events';
import classes from './new-events-notice.module.css';

interface NewEventsNoticeProps {
  filters: EventFilters;
  /** The snapshot on screen; undefined while a placeholder is shown. */
  shown: readonly SoundEvent[] | undefined;
  live: boolean;
  pushing: boolean;
  refetching: boolean;
  refetchList: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
  onShow: () => void;
}

/**
 * "N new events": a component of its own because every event the stream pushes changes the count.
 * On a city's edge that is one every two seconds or so, and when the page itself held the count
 * each push drew the whole page, its table included, again.
 */
export function NewEventsNotice({
  filters,
  shown,
  live,
  pushing,
  refetching,
  refetchList,
  onShow,
}: NewEventsNoticeProps) {
  const { t } = useTranslation('events');
  const newer = useNewEventCount(filters, shown, live);
  const newCount = newer.count;
  const emptyShown = shown !== undefined && shown.length === 0;
  useEffect(() => {
    if (pushing && emptyShown && newCount > 0) void refetchList({ cancelRefetch: false });
  }, [pushing, emptyShown, newCount, refetchList]);
  return (
    <>
      {/* Empty (no margin) unless the count's own poll fails. */}
      <div className={classes.stale}>{live && !pushing && <StaleDataNotice query={newer.polled} />}</div>
      <NewItemsButton
        label={t('live.newEvents', { count: newCount })}
        count={live ? newCount : 0}
        onShow={onShow}
        loading={refetching}
      />
    </>
  );
}
