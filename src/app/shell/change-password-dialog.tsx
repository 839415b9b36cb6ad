import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/api';
import { changeOwnPassword } from '@/api/accounts';
import { useTranslation, type TFunction } from '@/lib/i18n';
import './password-locales';

/** The server's refusal in the UI's language: its field errors are known, the rest says itself. */
function placeRefusal(error: unknown, t: TFunction<'password'>, setFieldError: (field: string, text: string) => void) {
  if (!(error instanceof ApiError)) return String(error);
  if (error.status === 409) return t('noPassword');
  if (error.status === 429) return t('tooMany');
  const fields = error.fieldErrors.map((item) => String(item.path[0] ?? ''));
  if (fields.includes('currentPassword')) setFieldError('currentPassword', t('wrongCurrent'));
  if (fields.includes('newPassword')) setFieldError('newPassword', t('common'));
  return fields.length > 0 ? null : error.message;
}

/** "Change password" from the account menu: the current password, then the new one twice. */
export default function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('password');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: {
      currentPassword: (value) => (value === '' ? t('required') : null),
      newPassword: (value, values) =>
        value.length < 8
          ? t('tooShort')
          : value.length > 256
            ? t('tooLong')
            : value === values.currentPassword
              ? t('same')
              : null,
      confirm: (value, values) => (value !== values.newPassword ? t('mismatch') : null),
    },
  });
  const close = () => {
    setFailure(null);
    form.reset();
    onClose();
  };
  const mutation = useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      changeOwnPassword(currentPassword, newPassword),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('done') });
      close();
    },
    onError: (error) => setFailure(placeRefusal(error, t, form.setFieldError)),
  });

  return (
    <Modal opened={opened} onClose={close} title={t('title')} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          mutation.mutate(values);
        })}
      >
        <Stack>
          {failure !== null && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={t('current')}
            autoComplete="current-password"
            data-autofocus
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('next')}
            description={t('nextHint')}
            autoComplete="new-password"
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={t('confirm')}
            autoComplete="new-password"
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
