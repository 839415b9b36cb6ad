import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { forwardRef, lazy, Suspense, type ComponentPropsWithoutRef } from 'react';
import { useSession } from '@/api';
import { useTranslation } from '@/lib/i18n';

const UserMenu = lazy(() => import('./user-menu'));

type UserButtonProps = { username: string; label: string } & ComponentPropsWithoutRef<'button'>;

/** The header's account button: the menu's target, and its stand-in until the menu has loaded. */
export const UserButton = forwardRef<HTMLButtonElement, UserButtonProps>(function UserButton(
  { username, label, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-md"
      h={34}
      leftSection={<IconUserCircle size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={label}
      {...rest}
    >
      <Text span size="sm" fw={500} maw={160} truncate="end">
        {username}
      </Text>
    </Button>
  );
});

/** Who is signed in; the menu with "Sign out" arrives just after the first paint. */
export function UserMenuSlot() {
  const { t } = useTranslation();
  const me = useSession();
  if (me === null || me.kind !== 'account') return null;
  const label = t('user.menu', { name: me.username, role: t(`roles.${me.role}`) });
  return (
    <Suspense fallback={<UserButton username={me.username} label={label} />}>
      <UserMenu />
    </Suspense>
  );
}
