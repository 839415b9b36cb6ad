import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { acknowledgeAlert, alertQueries, type AlertView } from '@/api/alerts';
import { hasRole, useSession } from '@/api';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-feedback';
import { formatDateTime } from '@/lib/format';
import { localName, useTranslation } from '@/lib/i18n';
import './alerts-locales';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** Where the link in an alert lands (after sign-in): what was heard, and "Acknowledge" to stop the escalation. */
function AlertCard({ alert }: { alert: AlertView }) {
  const { t, i18n } = useTranslation('adminAlerts');
  const queryClient = useQueryClient();
  const mayAcknowledge = hasRole(useSession(), 'operator');
  const ack = useMutation({
    mutationFn: () => acknowledgeAlert(alert.id),
    onSuccess: () => notifications.show({ color: 'teal', message: t('alert.done') }),
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertQueries.alert(alert.id).queryKey }),
  });
  const label = localName({ en: alert.labelWords.en ?? alert.label, ko: alert.labelWords.ko ?? '' }, i18n.language);
  const start = new Date(Date.parse(alert.firstAt) - 60_000).toISOString();
  const end = new Date(Date.parse(alert.lastAt) + 60_000).toISOString();
  const events = `/events?label_id=${encodeURIComponent(alert.label)}&start=${start}&end=${end}`;
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('alert.title', { label })} />
      {alert.acknowledgedBy !== null && (
        <Alert color="teal" role="status">
          {t('alert.acknowledgedBy', {
            name: alert.acknowledgedBy,
            at: formatDateTime(alert.acknowledgedAt ?? alert.lastAt, i18n.language),
          })}
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact label={t('alert.state')}>
            <Badge color={alert.state === 'open' ? 'red' : 'gray'}>{t(`alert.states.${alert.state as 'open'}`)}</Badge>
          </Fact>
          <Fact label={t('rules.priority')}>{t(`rules.priorities.${alert.priority as 'high'}`)}</Fact>
          <Fact label={t('alert.rule')}>{alert.ruleName ?? '—'}</Fact>
          <Fact label={t('alert.place')}>
            {alert.place === null ? '—' : `${alert.place.name} ${alert.place.estimated ? t('alert.estimated') : ''}`}
          </Fact>
          <Fact label={t('alert.heardBy')}>{alert.mics.map((m) => m.name).join(', ')}</Fact>
          <Fact label={t('alert.detections')}>{alert.detections}</Fact>
          <Fact label={t('alert.first')}>{formatDateTime(alert.firstAt, i18n.language)}</Fact>
          <Fact label={t('alert.last')}>{formatDateTime(alert.lastAt, i18n.language)}</Fact>
        </SimpleGrid>
      </Card>
      <Group>
        {mayAcknowledge && (alert.state === 'open' || alert.state === 'gathering') && (
          <Button color="red" loading={ack.isPending} onClick={() => ack.mutate()}>
            {t('alert.acknowledge')}
          </Button>
        )}
        <Button component={Link} to={events} variant="default">
          {t('alert.events')}
        </Button>
      </Group>
    </Stack>
  );
}

export function Component() {
  const { alertId = '' } = useParams();
  const query = useQuery(alertQueries.alert(alertId));
  return <QueryView query={query}>{({ alert }) => <AlertCard alert={alert} />}</QueryView>;
}
