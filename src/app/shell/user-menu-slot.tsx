import { lazy, Suspense, useState } from 'react';
import { useSession } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { UserButton } from './user-button';

const UserMenu = lazy(() => import('./user-menu'));

/** Who is signed in; the menu with "Sign out" arrives just after the first paint. */
export function UserMenuSlot() {
  const { t } = useTranslation();
  const me = useSession();
  // A click on the stand-in is kept, not lost: the menu opens as soon as it has loaded.
  const [asked, setAsked] = useState(false);
  if (me === null || me.kind !== 'account') return null;
  const label = t('user.menu', { name: me.username, role: t(`roles.${me.role}`) });
  return (
    <Suspense fallback={<UserButton username={me.username} label={label} onClick={() => setAsked(true)} />}>
      <UserMenu opened={asked} />
    </Suspense>
  );
}
