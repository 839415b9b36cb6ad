import './admin-locales';
import { Alert, Stack, Tabs } from '@mantine/core';
import { IconDeviceTv, IconHistory, IconUsers } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useCan, useSession } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';

/** Admin sections as tabs, each its own route (and chunk); concerns add their tab here. */
const TABS = [
  { path: 'accounts', key: 'tabs.accounts', icon: IconUsers },
  { path: 'walls', key: 'tabs.walls', icon: IconDeviceTv },
  { path: 'audit', key: 'tabs.audit', icon: IconHistory },
] as const;

export function Component() {
  const { t } = useTranslation('admin');
  const me = useSession();
  const isAdmin = useCan('manageAccounts');
  const location = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((tab) => location.pathname.startsWith(`/admin/${tab.path}`))?.path ?? null;

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
      <Tabs value={current} onChange={(value) => value !== null && navigate(`/admin/${value}`)}>
        <Tabs.List aria-label={t('tabs.label')}>
          {TABS.map(({ path, key, icon: Icon }) => (
            <Tabs.Tab key={path} value={path} leftSection={<Icon size={16} aria-hidden />}>
              {t(key)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
