import { Drawer, Group, Stack, Text } from '@mantine/core';
import type { SoundEvent } from '@/api';
import { DateTime } from '@/components/date-time';
import { LabelName } from '@/components/label-name';
import { ReviewPanel } from '@/components/review/review-panel';
import { useTranslation } from '@/lib/i18n';
import { usePhone } from '@/lib/screens';

/** A separate event's review (resolve, assign, comments, history) beside the list it was opened from. */
export function EventReviewDrawer({ event, onClose }: { event: SoundEvent | null; onClose: () => void }) {
  const { t } = useTranslation('events');
  const phone = usePhone();
  return (
    <Drawer
      opened={event !== null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '100%' : 'lg'}
      title={t('review.drawerTitle')}
      closeButtonProps={{ 'aria-label': t('review.close') }}
    >
      {event !== null && (
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <LabelName name={event.label.name} strong />
            <Text size="sm">{event.mic.name}</Text>
            <DateTime value={event.created_at} />
          </Group>
          <ReviewPanel kind="event" id={event.id} firedAt={event.created_at} />
        </Stack>
      )}
    </Drawer>
  );
}
