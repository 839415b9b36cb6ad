import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { accessToken, ApiError, edgeConnection, listMics } from '@/api';
import { useRuntimeConfig } from '@/lib/runtime-config';

export interface SignInState {
  from?: string;
  expired?: boolean;
}

export function SignInPage() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = (useLocation().state ?? {}) as SignInState;
  const [failure, setFailure] = useState<string | null>(null);
  // Arriving because the edge rejected the token, whichever redirect got here first, and even if
  // this page is mounted again before the user signs in.
  const [expired] = useState(
    () => state.expired === true || edgeConnection.get().status === 'unauthorized' || accessToken.wasRejected(),
  );
  const [checking, setChecking] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { token: '' },
    validate: { token: (value) => (value.trim() === '' ? t('signIn.required') : null) },
  });

  useEffect(() => {
    // Forget the rejected token and whatever it fetched.
    if (expired) {
      accessToken.reject();
      edgeConnection.reset();
      queryClient.clear();
    }
  }, [expired, queryClient]);

  if (config.serverHoldsToken) return <Navigate to={state.from ?? '/mics'} replace />;

  const submit = form.onSubmit(async ({ token }) => {
    setChecking(true);
    setFailure(null);
    accessToken.set(token.trim());
    try {
      await listMics({ page: 1, size: 1 });
      edgeConnection.reset();
      queryClient.clear();
      navigate(state.from ?? '/mics', { replace: true });
    } catch (error) {
      accessToken.clear();
      setFailure(t('signIn.rejected', { reason: error instanceof ApiError ? error.message : String(error) }));
    } finally {
      setChecking(false);
    }
  });

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('signIn.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('signIn.description')}
            </Text>
            {expired && failure === null && (
              <Alert color="orange" role="alert">
                {t('signIn.expired')}
              </Alert>
            )}
            {failure !== null && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <PasswordInput
              label={t('signIn.token')}
              autoComplete="off"
              leftSection={<IconLock size={16} aria-hidden />}
              data-autofocus
              key={form.key('token')}
              {...form.getInputProps('token')}
            />
            <Button type="submit" loading={checking}>
              {t('signIn.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
