import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accessToken, ApiError, edgeConnection, listMics } from '@/api';
import { useTranslation } from '@/lib/i18n';

/**
 * EDGE_TOKEN_FROM_BROWSER=1: after signing in to the console, the person gives their own edge
 * token, which the server passes on. Kept for the browser tab only.
 */
export function EdgeTokenForm({ expired, onDone }: { expired: boolean; onDone: () => void }) {
  const { t } = useTranslation('signIn');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { token: '' },
    validate: { token: (value) => (value.trim() === '' ? t('edgeToken.required') : null) },
  });

  useEffect(() => {
    // Forget the rejected token and whatever it fetched.
    if (expired) {
      accessToken.reject();
      edgeConnection.reset();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    }
  }, [expired, queryClient]);

  const submit = form.onSubmit(async ({ token }) => {
    setChecking(true);
    setFailure(null);
    accessToken.set(token.trim());
    try {
      await listMics({ page: 1, size: 1 });
      edgeConnection.reset();
      onDone();
    } catch (error) {
      accessToken.clear();
      setFailure(t('edgeToken.rejected', { reason: error instanceof ApiError ? error.message : String(error) }));
    } finally {
      setChecking(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('edgeToken.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('edgeToken.description')}
        </Text>
        {expired && failure === null && (
          <Alert color="orange" role="alert">
            {t('edgeToken.expired')}
          </Alert>
        )}
        {failure !== null && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label={t('edgeToken.token')}
          autoComplete="off"
          leftSection={<IconLock size={16} aria-hidden />}
          data-autofocus
          key={form.key('token')}
          {...form.getInputProps('token')}
        />
        <Button type="submit" loading={checking}>
          {t('edgeToken.submit')}
        </Button>
      </Stack>
    </form>
  );
}
