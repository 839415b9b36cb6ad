import './sign-in-styles';
import './locales';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { completeSetup, sessionQueries, SignInError } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { SignInCard } from './sign-in-card';

/**
 * `/setup#<key>`: the one-time link the server prints when it has no account. The key sits in
 * the fragment, which browsers never send, so it reaches no request log and no Referer; the page
 * takes it out of the address bar at once and posts it with the new admin's name and password.
 */
function takeSetupKey(): string | null {
  const key = window.location.hash.slice(1);
  if (key === '') return null;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return key;
}

/** The page the router draws (src/app/routes.ts). */
export { SetupPage as Component };

export function SetupPage() {
  const { t } = useTranslation('signIn');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [key] = useState(takeSetupKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '', confirm: '' },
    validate: {
      username: (value) => (value.trim() === '' ? t('usernameRequired') : null),
      password: (value) => (value.length < 8 ? t('setup.tooShort') : null),
      confirm: (value, values) => (value !== values.password ? t('setup.mismatch') : null),
    },
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    if (key === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await completeSetup(key, username.trim(), password);
      await queryClient.refetchQueries({ queryKey: sessionQueries.all() });
      navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof SignInError && error.status === 403) setFailure(t('setup.invalid'));
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <SignInCard>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {t('setup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('setup.description')}
          </Text>
          {key === null && (
            <Alert color="orange" role="alert">
              {t('setup.noLink')}
            </Alert>
          )}
          {failure !== null && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            disabled={key === null}
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('password')}
            autoComplete="new-password"
            disabled={key === null}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('setup.confirm')}
            autoComplete="new-password"
            disabled={key === null}
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={busy} disabled={key === null}>
            {t('setup.submit')}
          </Button>
        </Stack>
      </form>
    </SignInCard>
  );
}
