import './admin-locales';
import { Alert, Button, Group, Stack } from '@mantine/core';
import {
  IconBell,
  IconChecklist,
  IconDeviceTv,
  IconHistory,
  IconStairsUp,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router-dom';
import { useCan, useSession } from '@/api';
import { type KeyOf, useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';

/** The label and icon of each admin section (routes of src/app/routes.ts; its test checks they match). */
export const SECTION_ITEMS: Record<string, { label: KeyOf<'admin'>; icon: TablerIcon }> = {
  '/admin/accounts': { label: 'tabs.accounts', icon: IconUsers },
  '/admin/walls': { label: 'tabs.walls', icon: IconDeviceTv },
  '/admin/audit': { label: 'tabs.audit', icon: IconHistory },
  '/admin/procedures': { label: 'tabs.procedures', icon: IconChecklist },
  '/admin/alerts': { label: 'tabs.alerts', icon: IconBell },
  '/admin/priority': { label: 'tabs.priority', icon: IconStairsUp },
};

/** The sections the router hands this page (its route's `handle`), in the route table's order. */
function useSections(): string[] {
  return useMatches().flatMap(({ handle }) =>
    typeof handle === 'object' && handle !== null && 'sections' in handle ? (handle.sections as string[]) : [],
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const me = useSession();
  const isAdmin = useCan('manageAccounts');
  const { pathname } = useLocation();
  const sections = useSections();

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
        {sections.map((path) => {
          const item = SECTION_ITEMS[path];
          if (item === undefined) return null;
          const { label, icon: Icon } = item;
          const current = pathname.startsWith(path);
          return (
            <Button
              key={path}
              component={NavLink}
              to={path}
              size="sm"
              variant={current ? 'light' : 'subtle'}
              color={current ? undefined : 'gray'}
              leftSection={<Icon size={16} aria-hidden />}
            >
              {t(label)}
            </Button>
          );
        })}
      </Group>
      <Outlet />
    </Stack>
  );
}
