import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkSelection } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { useBulkReview } from './use-review-action';
import './priority-locales';

/**
 * "Mark low and medium as reviewed": resolves the open detections shown (below the review level)
 * as "Other" with the reason given, which each item's history and the audit log keep.
 */
export function BulkReviewed({ items }: { items: BulkSelection[] }) {
  const { t } = useTranslation('priority');
  const bulk = useBulkReview();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setOpened(false);
    setReason('');
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="gray"
        leftSection={<IconChecks size={14} aria-hidden />}
        onClick={() => setOpened(true)}
        disabled={items.length === 0}
        title={items.length === 0 ? t('bulk.none') : undefined}
      >
        {t('bulk.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('bulk.title')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() === '') return;
            bulk.mutate(
              { action: 'resolve', outcome: 'other', note: reason.trim(), items: items.slice(0, 100) },
              { onSuccess: close },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('bulk.body', { count: items.length })}</Text>
            <Textarea
              label={t('bulk.reason')}
              description={t('bulk.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              required
              maxLength={2000}
              autosize
              minRows={2}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('bulk.cancel')}
              </Button>
              <Button type="submit" loading={bulk.isPending} disabled={reason.trim() === ''}>
                {t('bulk.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
