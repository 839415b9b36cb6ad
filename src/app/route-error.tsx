import { Alert, Button, Code, Group, Stack, Title } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';

// Loaded when needed: its shared views are the pages' (page-kit), not the first paint's.
const NotFoundPage = lazy(async () => ({ default: (await import('./not-found-page')).NotFoundPage }));

/** What a route shows when rendering it throws: the reason, and a way on. Never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageLoader />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const message =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : String(error);
  return (
    <Stack p="xl" maw={720} mx="auto">
      <Title order={1} size="h2">
        {t('routeError.title')}
      </Title>
      <Alert color="red" icon={<IconBug aria-hidden />} role="alert">
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message}
        </Code>
      </Alert>
      <Group>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <Button component={Link} to="/mics" variant="light">
          {t('routeError.home')}
        </Button>
      </Group>
    </Stack>
  );
}
