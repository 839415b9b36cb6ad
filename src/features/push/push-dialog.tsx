import { Divider, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '@/lib/i18n';
import { DeviceList } from './device-list';
import { PushPreferencesForm } from './push-preferences-form';
import { ThisDevice } from './this-device';
import './push-locales';

/** "Notifications on this device" from the account menu: this browser, one's devices, one's choices. */
export default function PushDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('push');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="lg" fullScreen={phone === true} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <ThisDevice />
        <Divider />
        <DeviceList />
        <Divider />
        <PushPreferencesForm />
      </Stack>
    </Modal>
  );
}
