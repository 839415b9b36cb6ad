import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { exportEvidence } from '@/api/audio';
import { useCanReview } from '@/components/review/use-review';
import { downloadBlob } from '@/lib/csv';
import { useTranslation } from '@/lib/i18n';
import './locales';

/** Downloads the incident's evidence pack (operators and admins; the console audits each export). */
export function EvidenceButton({ compositeId }: { compositeId: string }) {
  const { t } = useTranslation('listen');
  const { canAct } = useCanReview();
  const pack = useMutation({
    mutationFn: () => exportEvidence(compositeId),
    onSuccess: ({ blob, fileName, manifestSha256 }) => {
      downloadBlob(blob, fileName);
      notifications.show({
        color: 'teal',
        title: t('evidence.done'),
        message: manifestSha256 === null ? fileName : t('evidence.doneDetail', { hash: manifestSha256.slice(0, 16) }),
      });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('evidence.failed'), message: error.message }),
  });
  if (!canAct) return null;
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileZip size={14} />}
      loading={pack.isPending}
      onClick={() => pack.mutate()}
    >
      {t('evidence.export')}
    </Button>
  );
}
