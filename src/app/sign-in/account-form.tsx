import { Alert, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconLogin2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { continueAsDemo, sessionQueries, signIn, SignInError } from '@/api';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';

function reasonOf(error: unknown, t: TFunction<'signIn'>): string {
  if (!(error instanceof SignInError)) return t('failed', { reason: String(error) });
  switch (error.code) {
    case 'bad_credentials':
      return t('badCredentials');
    case 'account_disabled':
      return t('disabled');
    case 'rate_limited':
      return t('rateLimited', { count: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) });
    default:
      return t('failed', { reason: error.message });
  }
}

/** Username and password, the single sign-on button when configured, and the demo's way back in. */
export function AccountForm({
  notice,
  from,
  onSignedIn,
}: {
  notice: string | null;
  from: string;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('signIn');
  const { auth } = useRuntimeConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Nobody can sign in yet: the first admin comes from the setup link in the server log.
  const setupPending = useQuery({ ...sessionQueries.setupPending(), enabled: !auth.demoAutoSignIn }).data === true;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() === '' ? t('usernameRequired') : null),
      password: (value) => (value === '' ? t('passwordRequired') : null),
    },
  });

  const attempt = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      onSignedIn();
    } catch (error) {
      setFailure(reasonOf(error, t));
    } finally {
      setBusy(false);
    }
  };

  const submit = form.onSubmit(({ username, password }) => attempt(() => signIn(username.trim(), password)));

  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
          {setupPending && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('setupHint.title')}>
              {t('setupHint.body')}
            </Alert>
          )}
          {notice !== null && failure === null && (
            <Alert color="orange" role="alert">
              {notice}
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
            data-autofocus
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('password')}
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={busy}>
            {t('submit')}
          </Button>
        </Stack>
      </form>
      {auth.oidc !== null && (
        <>
          <Divider label={t('or')} labelPosition="center" />
          <Button
            component="a"
            variant="default"
            leftSection={<IconLogin2 size={18} aria-hidden />}
            href={`/auth/oidc/start?from=${encodeURIComponent(from)}`}
          >
            {t('sso', { label: auth.oidc.label })}
          </Button>
        </>
      )}
      {auth.demoAutoSignIn && (
        <>
          <Divider />
          <Text size="sm">{t('demo')}</Text>
          <Button variant="light" color="grape" onClick={() => attempt(continueAsDemo)} disabled={busy}>
            {t('demoContinue')}
          </Button>
        </>
      )}
    </Stack>
  );
}
