import './accounts-locales';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLock, IconLockOpen, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountQueries, updateAccount, type Account } from '@/api/accounts';
import { useSession, type Role } from '@/api';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-feedback';
import { PlainTable, type PlainColumn } from '@/components/plain-table/plain-table';
import { useTranslation } from '@/lib/i18n';
import { CreateAccountModal, ResetPasswordModal, roleOptions } from './account-forms';
import classes from './accounts.module.css';
import { useDrawn } from '@/lib/use-drawn';

/** Admin → Accounts: who may use the console, with which role; changes end the person's sessions. */
const accountId = (account: Account) => account.id;

export function Component() {
  const { t } = useTranslation('accounts');
  const me = useSession();
  const queryClient = useQueryClient();
  const query = useDrawn(useQuery(accountQueries.list()));
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<Account | null>(null);
  // The two dialogs (forms, focus traps, transitions) join the page when first asked for, not with
  // its first draw; once there they stay, to animate out and hand focus back.
  const [asked, setAsked] = useState({ create: false, reset: false });
  const startCreating = () => {
    setAsked((current) => ({ ...current, create: true }));
    setCreating(true);
  };
  const startResetting = (account: Account) => {
    setAsked((current) => ({ ...current, reset: true }));
    setResetting(account);
  };
  const update = useMutation({
    mutationFn: ({ account, change }: { account: Account; change: { role?: Role; disabled?: boolean } }) =>
      updateAccount(account.id, change),
    onSuccess: (saved, { change }) => {
      void queryClient.invalidateQueries({ queryKey: accountQueries.all() });
      const name = saved.username;
      const message =
        change.role !== undefined
          ? t('done.role', { name, role: t(`common:roles.${saved.role}`) })
          : saved.disabled
            ? t('done.disabled', { name })
            : t('done.enabled', { name });
      notifications.show({ color: 'teal', message });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: t('refused', { reason: error.message }), autoClose: 10_000 });
    },
  });
  const self = (account: Account) => me?.kind === 'account' && me.username === account.username;
  const busy = (account: Account) => update.isPending && update.variables?.account.id === account.id;

  const columns: PlainColumn<Account>[] = [
    {
      key: 'username',
      title: t('columns.username'),
      render: (account) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
            {account.username}
          </Text>
          {self(account) && (
            <Badge size="xs" variant="outline" style={{ flex: 'none' }}>
              {t('you')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'role',
      title: t('columns.role'),
      width: 150,
      render: (account) => (
        <Select
          size="xs"
          aria-label={t('roleOf', { name: account.username })}
          data={roleOptions(t)}
          value={account.role}
          allowDeselect={false}
          disabled={self(account) || busy(account)}
          onChange={(role) => role !== null && update.mutate({ account, change: { role: role as Role } })}
        />
      ),
    },
    {
      // How the person signs in, under the status: one column less for a tablet's width.
      key: 'disabled',
      title: t('columns.status'),
      width: 130,
      render: (account) => (
        <Stack gap={2} align="flex-start">
          <Badge variant="light" color={account.disabled ? 'gray' : 'teal'}>
            {account.disabled ? t('status.disabled') : t('status.active')}
          </Badge>
          <Text size="xs" c="dimmed">
            {account.sso ? t('method.sso') : account.password ? t('method.password') : t('method.none')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'lastLoginAt',
      title: t('columns.lastLogin'),
      width: 140,
      render: (account) =>
        account.lastLoginAt === null ? (
          <Text size="sm" c="dimmed">
            {t('never')}
          </Text>
        ) : (
          <DateTime value={account.lastLoginAt} relative size="xs" />
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      // As wide as its two buttons in either language; the username column takes what is left.
      width: '1%',
      render: (account) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color={account.disabled ? 'teal' : 'red'}
            leftSection={account.disabled ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
            aria-label={t(account.disabled ? 'enableOf' : 'disableOf', { name: account.username })}
            disabled={self(account) || busy(account)}
            onClick={() => update.mutate({ account, change: { disabled: !account.disabled } })}
            className={classes.action}
            data-hint={account.disabled ? t('enable') : t('disable')}
          >
            <span className={classes.actionLabel}>{account.disabled ? t('enable') : t('disable')}</span>
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconKey size={14} aria-hidden />}
            aria-label={t('resetPasswordOf', { name: account.username })}
            onClick={() => startResetting(account)}
            className={classes.action}
            data-hint={t('resetPassword')}
          >
            <span className={classes.actionLabel}>{t('resetPassword')}</span>
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" aria-live="polite">
          {query.data !== undefined ? t('subtitle', { count: query.data.length }) : ''}
        </Text>
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={startCreating}>
          {t('create')}
        </Button>
      </Group>
      {query.isError && query.data === undefined ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <PlainTable<Account>
          label={t('table.label')}
          className={classes.accounts}
          cellPadding="6px 12px"
          records={query.data ?? []}
          rowKey={accountId}
          fetching={query.isPending}
          columns={columns}
          emptyText={t('table.empty')}
        />
      )}
      {asked.create && <CreateAccountModal opened={creating} onClose={() => setCreating(false)} />}
      {asked.reset && <ResetPasswordModal account={resetting} onClose={() => setResetting(null)} />}
    </Stack>
  );
}
