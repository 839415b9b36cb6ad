import { Button, Group, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useBlocker } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import './locales';

/** With unsaved changes, leaving the page (in the app or the browser) asks first. */
export function UnsavedChangesGuard({ changes }: { changes: number }) {
  const { t } = useTranslation('mics');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changes > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useWindowEvent('beforeunload', (event) => {
    if (changes > 0) event.preventDefault();
  });
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('unsaved.title')}
      centered
      zIndex={400}
    >
      <Text size="sm">{t('unsaved.body')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('unsaved.discard')}
        </Button>
      </Group>
    </Modal>
  );
}
