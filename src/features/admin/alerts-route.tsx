import { Alert, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { alertQueries } from '@/api/alerts';
import { PageHeader } from '@/components/page-header';
import { useTranslation } from '@/lib/i18n';
import { AlertChannels } from './alerts-channels';
import { AlertDeliveries } from './alerts-deliveries';
import { AlertRules } from './alerts-rules';
import './alerts-locales';

/** Admin → Alerts: channels (with "send a test"), rules, and the delivery log; a banner when deliveries failed. */
export function Component() {
  const { t } = useTranslation('adminAlerts');
  const deliveries = useQuery(alertQueries.deliveries());
  const failed = deliveries.data?.failed ?? 0;
  return (
    <Stack gap="md">
      <PageHeader level={3} title={t('title')} subtitle={t('subtitle')} />
      {failed > 0 && (
        <Alert color="red" role="alert">
          {t('failedBanner', { count: failed, error: deliveries.data?.lastFailure?.last_error ?? '—' })}
        </Alert>
      )}
      <Tabs defaultValue="rules" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rules">{t('tabs.rules')}</Tabs.Tab>
          <Tabs.Tab value="channels">{t('tabs.channels')}</Tabs.Tab>
          <Tabs.Tab value="deliveries">{t('tabs.deliveries')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules" pt="sm">
          <AlertRules />
        </Tabs.Panel>
        <Tabs.Panel value="channels" pt="sm">
          <AlertChannels />
        </Tabs.Panel>
        <Tabs.Panel value="deliveries" pt="sm">
          <AlertDeliveries query={deliveries} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
