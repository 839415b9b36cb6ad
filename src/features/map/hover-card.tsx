import { Text } from '@mantine/core';
import type { HoverHit } from '@/components/map/mic-marker-layer';
import { useTranslation } from '@/lib/i18n';
import classes from './map-page.module.css';
import './locales';

/** What the pointer is over: a mic's name and state, or a cluster's breakdown. */
export function HoverCard({ hover }: { hover: HoverHit }) {
  const { t } = useTranslation();
  return (
    <div className={classes.hover} style={{ left: hover.x, top: hover.y }} aria-hidden>
      {hover.kind === 'mic' ? (
        <>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hover.mic.name}
          </Text>
          <Text size="xs">{t(`map:state.${hover.mic.state}`)}</Text>
        </>
      ) : (
        <>
          <Text size="sm" fw={600}>
            {t('map:cluster.title', { count: hover.cluster.count })}
          </Text>
          <Text size="xs">{t('map:cluster.breakdown', { state: t(`map:state.${hover.cluster.state}`) })}</Text>
          {hover.cluster.leaves.map((mic) => (
            <Text key={mic.id} size="xs" truncate="end">
              {mic.name}
            </Text>
          ))}
          {hover.cluster.count > hover.cluster.leaves.length && (
            <Text size="xs" c="dimmed">
              {t('map:cluster.more', { count: hover.cluster.count - hover.cluster.leaves.length })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('map:cluster.hoverHint')}
          </Text>
        </>
      )}
    </div>
  );
}
