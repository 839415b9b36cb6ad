import { ActionIcon, AppShell, Badge, Burger, Group, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBroadcast,
  IconBulb,
  IconClipboardList,
  IconDeviceTv,
  IconKeyboard,
  IconMap2,
  IconMicrophone,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { useCan } from '@/api';
import { PageLoader } from '@/components/page-loader';
import { NewItemsBadge } from '@/components/review/new-items-badge';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { usePhone } from '@/lib/screens';
import { ConnectionIndicator } from './connection-indicator';
import { EdgeHeartbeat, TokenRejectedAlert } from './edge-status';
import { ColorSchemeToggle, LanguageToggle } from './header-controls';
import classes from './app-layout.module.css';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { UserMenuSlot } from './user-menu-slot';

const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

// The incident queue first: it is the landing page (src/app/router.tsx).
const NAV = [
  { to: '/composite-events', key: 'nav.compositeEvents', icon: IconStack2 },
  { to: '/events', key: 'nav.events', icon: IconBroadcast },
  { to: '/map', key: 'nav.map', icon: IconMap2 },
  { to: '/mics', key: 'nav.mics', icon: IconMicrophone },
  { to: '/insights', key: 'nav.insights', icon: IconBulb },
  { to: '/handover', key: 'nav.handover', icon: IconClipboardList },
] as const;

export function AppLayout() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const [opened, { toggle, close }] = useDisclosure();
  const [helpOpened, setHelpOpened] = useState(false);
  const [helpLoaded, setHelpLoaded] = useState(false);
  const openHelp = useCallback(() => {
    setHelpLoaded(true);
    setHelpOpened(true);
  }, []);
  useKeyboardShortcuts(openHelp);
  const location = useLocation();
  const isAdmin = useCan('manageAccounts');

  useEffect(close, [location.pathname, close]);
  // On a phone the header's controls move into the menu the burger opens, beside the navigation.
  const compact = usePhone();

  // Every header control, once: in the header on a wide screen, in the burger's menu on a phone.
  const controls = (
    <>
      <ConnectionIndicator />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('shortcuts.open')}
        data-hint={t('shortcuts.open')}
        onClick={openHelp}
        visibleFrom="sm"
      >
        <IconKeyboard size={18} aria-hidden />
      </ActionIcon>
      <LanguageToggle />
      <ColorSchemeToggle />
      <UserMenuSlot />
    </>
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('header.toggleNavigation')}
            />
            <Title order={1} size="h4" className={classes.brand}>
              {t('appName')}
            </Title>
            {config.mode === 'demo' && (
              <Badge variant="outline" color="grape" visibleFrom="sm">
                {t('header.demo')}
              </Badge>
            )}
            {config.readOnly && (
              <Badge variant="outline" color="gray" visibleFrom="sm">
                {t('header.readOnly')}
              </Badge>
            )}
          </Group>
          {!compact && (
            <Group gap="xs" wrap="nowrap">
              {controls}
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
        <AppShell.Section grow className={classes.navList}>
          {NAV.map(({ to, key, icon: Icon }) => (
            <NavLink
              key={to}
              component={RouterNavLink}
              to={to}
              label={t(key)}
              leftSection={<Icon size={18} aria-hidden />}
              rightSection={to === '/composite-events' ? <NewItemsBadge /> : undefined}
              active={location.pathname === to || location.pathname.startsWith(`${to}/`)}
            />
          ))}
          <NavLink
            component="a"
            href="/wall"
            target="_blank"
            rel="noopener"
            label={t('nav.wall')}
            leftSection={<IconDeviceTv size={18} aria-hidden />}
          />
          {isAdmin && (
            <NavLink
              component={RouterNavLink}
              to="/admin"
              label={t('nav.admin')}
              leftSection={<IconSettings size={18} aria-hidden />}
              active={location.pathname.startsWith('/admin')}
            />
          )}
        </AppShell.Section>
        {compact && (
          <AppShell.Section className={classes.menuControls}>
            <Group gap="xs">{controls}</Group>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {config.auth.demoAutoSignIn && (
          // Styled in index.html, like the first frame's copy of it: the two are drawn alike.
          <p className="demo-banner" role="note">
            {t('user.demoBanner')} <span className="demo-banner-hint">{t('user.demoBannerHint')}</span>
          </p>
        )}
        <EdgeHeartbeat />
        <TokenRejectedAlert />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        {helpLoaded && (
          <Suspense fallback={null}>
            <ShortcutsDialog opened={helpOpened} onClose={() => setHelpOpened(false)} />
          </Suspense>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
