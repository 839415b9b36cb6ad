import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconBan, IconTrash } from '@tabler/icons-react';
import type { WallLink } from '@/api/walls';
import { DateTime } from '@/components/date-time';
import { formatWindow } from '@/components/map/mic-marker-legend';
import { PlainTable } from '@/components/plain-table/plain-table';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { wallOptionWords } from './wall-link-options';

/** A screen that asked for data this recently is alive (walls refresh every few seconds; last seen is written once a minute). */
export const ONLINE_MINUTES = 3;

export type WallLinkStatus = 'revoked' | 'online' | 'idle' | 'never';

export function wallLinkStatus(link: WallLink, now = Date.now()): WallLinkStatus {
  if (link.revoked_at !== null) return 'revoked';
  if (link.last_seen_at === null) return 'never';
  return now - Date.parse(link.last_seen_at) <= ONLINE_MINUTES * 60_000 ? 'online' : 'idle';
}

const STATUS_COLOR: Record<WallLinkStatus, string> = { online: 'teal', idle: 'yellow', never: 'gray', revoked: 'red' };

function StatusBadge({ link, t }: { link: WallLink; t: TFunction<'adminWalls'> }) {
  const status = wallLinkStatus(link);
  return (
    <Badge
      variant="light"
      color={STATUS_COLOR[status]}
      data-hint={status === 'online' ? t('status.onlineHint', { minutes: ONLINE_MINUTES }) : undefined}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

const linkId = (link: WallLink) => link.id;

export function WallsTable({
  links,
  onRevoke,
  onRemove,
}: {
  links: WallLink[];
  onRevoke: (link: WallLink) => void;
  onRemove: (link: WallLink) => void;
}) {
  const { t } = useTranslation('adminWalls');
  const { t: tc } = useTranslation();
  return (
    <PlainTable<WallLink>
      label={t('table.label')}
      alignTop
      records={links}
      rowKey={linkId}
      fetching={false}
      emptyText={t('table.empty')}
      columns={[
        {
          key: 'name',
          title: t('table.name'),
          render: (link) => (
            <Text size="sm" fw={600}>
              {link.name}
            </Text>
          ),
        },
        {
          key: 'query',
          title: t('table.options'),
          render: (link) =>
            link.query === '' ? (
              <Text size="sm" c="dimmed">
                {t('table.defaults')}
              </Text>
            ) : (
              // In words; the link's own query on hover, as it is typed for `npm run walls`.
              <Text size="sm" data-hint={link.query} style={{ overflowWrap: 'anywhere' }}>
                {wallOptionWords(link.query, t, (minutes) => formatWindow(tc, minutes)).join(' · ')}
              </Text>
            ),
        },
        {
          key: 'created_at',
          title: t('table.created'),
          render: (link) => (
            <Stack gap={0}>
              <DateTime value={link.created_at} />
              {link.created_by !== null && (
                <Text size="xs" c="dimmed">
                  {t('table.createdBy', { name: link.created_by })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'last_seen_at',
          title: t('table.lastSeen'),
          render: (link) =>
            link.last_seen_at === null ? (
              <Text size="sm" c="dimmed">
                {t('table.never')}
              </Text>
            ) : (
              <Stack gap={0}>
                <DateTime value={link.last_seen_at} relative />
                <Text size="xs" c="dimmed" ff="monospace">
                  {link.last_seen_ip ?? ''}
                </Text>
              </Stack>
            ),
        },
        { key: 'status', title: t('table.status'), render: (link) => <StatusBadge link={link} t={t} /> },
        {
          key: 'actions',
          title: t('table.actions'),
          alignEnd: true,
          render: (link) =>
            link.revoked_at === null ? (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconBan size={14} aria-hidden />}
                aria-label={t('revoke.label', { name: link.name })}
                onClick={() => onRevoke(link)}
              >
                {t('revoke.button')}
              </Button>
            ) : (
              <Stack gap={4} align="flex-end">
                <DateTime value={link.revoked_at} size="xs" dimmed />
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={t('remove.label', { name: link.name })}
                  onClick={() => onRemove(link)}
                >
                  {t('remove.button')}
                </Button>
              </Stack>
            ),
        },
      ]}
    />
  );
}
