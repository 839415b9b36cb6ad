import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountQueries, createAccount, resetAccountPassword, type Account } from '@/api/accounts';
import { ApiError, ROLES, type Role } from '@/api';
import { useTranslation, type TFunction } from '@/lib/i18n';

export function roleOptions(t: TFunction<'accounts'>) {
  return ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }));
}

/** Puts the server's per-field reasons on the fields; what is left goes to the form's alert. */
function applyRefusal(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return String(error);
  const unplaced = error.fieldErrors.filter((item) => {
    const field = String(item.path[0] ?? '');
    if (!fields.includes(field)) return true;
    setFieldError(field, item.message);
    return false;
  });
  return error.fieldErrors.length > 0 && unplaced.length === 0 ? null : error.message;
}

export function CreateAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', role: 'viewer' as Role, password: '' },
    validate: {
      username: (value) => (value.trim() === '' ? t('form.required') : null),
      password: (value) => (value.length < 8 ? t('form.tooShort') : null),
    },
  });
  const mutation = useMutation({
    mutationFn: createAccount,
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: accountQueries.all() });
      notifications.show({ color: 'teal', message: t('done.created', { name: account.username }) });
      form.reset();
      onClose();
    },
    onError: (error) => setFailure(applyRefusal(error, form.setFieldError, ['username', 'role', 'password'])),
  });
  const close = () => {
    setFailure(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('form.createTitle')} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          mutation.mutate({ ...values, username: values.username.trim() });
        })}
      >
        <Stack>
          {failure !== null && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('form.username')}
            description={t('form.usernameHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <Select
            label={t('form.role')}
            data={roleOptions(t)}
            allowDeselect={false}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <PasswordInput
            label={t('form.password')}
            description={t('form.passwordHint')}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ResetPasswordModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: (value) => (value.length < 8 ? t('form.tooShort') : null) },
  });
  const mutation = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) => resetAccountPassword(id, password),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: accountQueries.all() });
      notifications.show({ color: 'teal', message: t('done.password', { name: saved.username }) });
      form.reset();
      onClose();
    },
    onError: (error) => setFailure(applyRefusal(error, form.setFieldError, ['password'])),
  });
  const close = () => {
    setFailure(null);
    form.reset();
    onClose();
  };

  return (
    <Modal
      opened={account !== null}
      onClose={close}
      title={account === null ? '' : t('form.resetTitle', { name: account.username })}
      centered
    >
      <form
        noValidate
        onSubmit={form.onSubmit(({ password }) => {
          if (account === null) return;
          setFailure(null);
          mutation.mutate({ id: account.id, password });
        })}
      >
        <Stack>
          {failure !== null && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={t('form.newPassword')}
            description={t('form.passwordHint')}
            autoComplete="new-password"
            data-autofocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('form.reset')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
