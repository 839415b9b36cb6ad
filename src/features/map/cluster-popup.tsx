import { Button, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { ClusterHit } from '@/components/map/mic-marker-layer';
import { MARKER_STATES } from '@/components/map/mic-marker-state';
import classes from './map-page.module.css';
import './locales';

/** Which mics a cluster holds, their states, and ways in: open one or zoom in. */
export function ClusterPopupContent({
  cluster,
  onOpenMic,
  onZoomIn,
}: {
  cluster: ClusterHit;
  onOpenMic: (micId: string) => void;
  onZoomIn: () => void;
}) {
  const { t } = useTranslation();
  const counts = MARKER_STATES.filter((state) => cluster.counts[state] > 0).map(
    (state) => `${t(`map:state.${state}`)} ${cluster.counts[state]}`,
  );
  return (
    <Stack gap={6} miw={240} maw={320} data-testid="cluster-popup">
      <Title order={3} size="h5">
        {t('map:cluster.title', { count: cluster.count })}
      </Title>
      <Text size="xs">{t('map:cluster.breakdown', { state: t(`map:state.${cluster.state}`) })}</Text>
      <Text size="xs" c="dimmed">
        {counts.join(' · ')}
      </Text>
      <ScrollArea.Autosize mah={200} type="auto">
        <Stack gap={0} component="ul" className={classes.plainList}>
          {cluster.leaves.map((mic) => (
            <li key={mic.id}>
              <UnstyledButton className={classes.leaf} onClick={() => onOpenMic(mic.id)}>
                <Text size="sm" span style={{ overflowWrap: 'anywhere' }}>
                  {mic.name}
                </Text>{' '}
                <Text size="xs" span c="dimmed">
                  {t(`map:state.${mic.state}`)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {cluster.count > cluster.leaves.length && (
        <Text size="xs" c="dimmed">
          {t('map:cluster.more', { count: cluster.count - cluster.leaves.length })}
        </Text>
      )}
      <Group>
        <Button size="compact-sm" variant="light" leftSection={<IconZoomIn size={14} aria-hidden />} onClick={onZoomIn}>
          {t('map:cluster.zoomIn')}
        </Button>
      </Group>
    </Stack>
  );
}
