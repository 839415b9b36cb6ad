import { Button, Group } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { SoundEvent } from '@/api';
import { StaleDataNotice } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import type { EventFilters } from './event-filters';
import { useNewEventCount } from './use-new-events';

/** Mantine's compact-md button height. */
const BUTTON_HEIGHT = 30;

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
      {live && !pushing && <StaleDataNotice query={newer.polled} />}
      {/* A live page keeps the button's line even while it is empty: appearing, it moved the table (CLS). */}
      {live && (
        <Group justify="center" mih={BUTTON_HEIGHT}>
          {newCount > 0 && (
            <Button
              size="compact-md"
              radius="xl"
              leftSection={<IconArrowUp size={16} aria-hidden />}
              onClick={onShow}
              loading={refetching}
            >
              {t('live.newEvents', { count: newCount })}
            </Button>
          )}
        </Group>
      )}
    </>
  );
}
