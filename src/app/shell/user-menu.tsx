import { Badge, Menu, Text } from '@mantine/core';
import { IconBell, IconKey, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accessToken, edgeConnection, signOut, useSession } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { UserButton } from './user-button';
import './password-locales';
import '@/features/push/push-locales';

const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));
const PushDialog = lazy(() => import('@/features/push/push-dialog'));

/**
 * Who is signed in, with which role, and the way out. Loaded after the first paint (the menu's
 * positioning code is some 15 kB); the shell shows the same button meanwhile.
 */
/** `opened`: the stand-in button was clicked while this loaded; the click opens the menu now. */
export default function UserMenu({ opened = false }: { opened?: boolean }) {
  const { t } = useTranslation();
  const me = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [pushing, setPushing] = useState(false);
  if (me === null || me.kind !== 'account') return null;
  const role = t(`roles.${me.role}`);

  const leave = async () => {
    try {
      await signOut();
    } catch (error) {
      setFailure(t('user.signOutFailed', { reason: error instanceof Error ? error.message : String(error) }));
      return;
    }
    accessToken.clear();
    edgeConnection.reset();
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={opened} onClose={() => setFailure(null)}>
        <Menu.Target>
          <UserButton username={me.username} label={t('user.menu', { name: me.username, role })} />
        </Menu.Target>
        <Menu.Dropdown miw={200}>
          <Menu.Label>{t('user.signedInAs')}</Menu.Label>
          <Text px="sm" pb={6} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {me.username}{' '}
            <Badge size="sm" variant="light" ml={4}>
              {role}
            </Badge>
          </Text>
          <Menu.Divider />
          {failure !== null && (
            <Text px="sm" py={4} size="xs" c="red" role="alert">
              {failure}
            </Text>
          )}
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setChanging(true)}>
            {t('password:menuItem')}
          </Menu.Item>
          <Menu.Item leftSection={<IconBell size={16} aria-hidden />} onClick={() => setPushing(true)}>
            {t('push:menuItem')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void leave()}
            closeMenuOnClick={false}
          >
            {t('user.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setChanging(false)} />
        </Suspense>
      )}
      {pushing && (
        <Suspense fallback={null}>
          <PushDialog opened onClose={() => setPushing(false)} />
        </Suspense>
      )}
    </>
  );
}
