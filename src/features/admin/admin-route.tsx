import './admin-locales';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconBell, IconChecklist, IconDeviceTv, IconHistory, IconStairsUp, IconUsers } from '@tabler/icons-react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useCan, useSession } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';

/** Admin sections, each its own route (and chunk); concerns add theirs here. */
const SECTIONS = [
  { path: 'accounts', key: 'tabs.accounts', icon: IconUsers },
  { path: 'walls', key: 'tabs.walls', icon: IconDeviceTv },
  { path: 'audit', key: 'tabs.audit', icon: IconHistory },
  { path: 'procedures', key: 'tabs.procedures', icon: IconChecklist },
  { path: 'alerts', key: 'tabs.alerts', icon: IconBell },
  { path: 'priority', key: 'tabs.priority', icon: IconStairsUp },
] as const;

export function Component() {
  const { t } = useTranslation('admin');
  const me = useSession();
  const isAdmin = useCan('manageAccounts');
  const { pathname } = useLocation();

  if (!isAdmin) {
    const role = me?.kind === 'account' ? t(`common:roles.${me.role}`) : '—';
    return (
      <Alert color="orange" role="alert" maw={640}>
        {t('needsAdmin', { role })}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} />
      {/* Links between routes, not tabs: each section is an address of its own (the router marks the
          current one with aria-current), which a link can open in a new tab. */}
      <Group component="nav" aria-label={t('tabs.label')} gap="xs" wrap="wrap">
        {SECTIONS.map(({ path, key, icon: Icon }) => {
          const current = pathname.startsWith(`/admin/${path}`);
          return (
            <Button
              key={path}
              component={NavLink}
              to={`/admin/${path}`}
              size="sm"
              variant={current ? 'light' : 'subtle'}
              color={current ? undefined : 'gray'}
              leftSection={<Icon size={16} aria-hidden />}
            >
              {t(key)}
            </Button>
          );
        })}
      </Group>
      <Outlet />
    </Stack>
  );
}
