import { Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { micQueries, useCan, useSession } from '@/api';
import { DateTime } from '@/components/date-time';
import { NotFoundState, QueryView, StaleDataNotice } from '@/components/query-feedback';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { thresholdSuggestionSearch } from '@/lib/threshold-suggestion';
import { usePhone } from '@/lib/screens';
import { MicForm } from './mic-form';
import { MicHistory } from './mic-history';
import './locales';

/**
 * The drawer is a route, so it mounts already open and Mantine's focus return (which records the
 * focus when `opened` turns true) has nothing to go back to. This records what had the focus when
 * the drawer route rendered (the row link or row), and when the drawer leaves for the table, puts
 * the focus back there, or on the mic's row link after a deep link.
 */
function useReturnFocus(micId: string) {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      // React's development double mount also runs this; only leaving for the table (or another page) counts.
      if (/^\/mics\/[^/]+/.test(window.location.pathname)) return;
      const rowLink = document.querySelector<HTMLElement>(`main a[href^="/mics/${encodeURIComponent(micId)}"]`);
      const target = opener?.isConnected ? opener : rowLink;
      requestAnimationFrame(() => target?.focus());
    },
    [micId, opener],
  );
}

/** The device drawer over the table at `/mics/:micId`; closing returns to the table with its filters. */
export function Component() {
  const { t } = useTranslation('mics');
  const { micId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { readOnly: deploymentReadOnly } = useRuntimeConfig();
  const me = useSession();
  const readOnly = !useCan('editMics');
  // Read-only for this person's role, not for the whole deployment: say so, and who can change it.
  const roleNote =
    !deploymentReadOnly && me?.kind === 'account'
      ? t('drawer.roleReadOnly', { role: t(`common:roles.${me.role}`) })
      : undefined;
  const query = useQuery(micQueries.detail(micId));
  // The form is about 1,000 components (nine thresholds, each a slider and a number field): drawn
  // in one task it was 760 ms at 4x CPU on a city's device. Drawn in a render React slices, the
  // skeleton staying meanwhile; never another device's form under this one's title.
  const answer = useMemo(() => ({ micId, mic: query.data }), [micId, query.data]);
  const deferred = useDeferredValue(answer);
  const drawn = deferred.micId === micId ? deferred.mic : undefined;
  // A suggestion (from the insights page) is for this drawer only: the table never sees it.
  const params = new URLSearchParams(location.search);
  const suggestion = thresholdSuggestionSearch.read(params);
  const proposal =
    suggestion.label !== null && suggestion.value !== null
      ? { category: suggestion.label, value: suggestion.value }
      : null;
  params.delete('suggest');
  params.delete('to');
  const tableSearch = params.size === 0 ? '' : `?${params.toString()}`;
  const backTo = { pathname: '/mics', search: tableSearch };
  const close = () => navigate(backTo);
  useReturnFocus(micId);
  const phone = usePhone();

  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      // A phone gets the whole screen for the form.
      size={phone ? '100%' : 680}
      padding="md"
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
      title={
        <Stack gap={0}>
          <Title order={2} size="h4">
            {readOnly ? t('drawer.titleReadOnly') : t('drawer.title')}
          </Title>
          {/* The id is known from the address: its line is there from the start, so the form below does not move down when the device's answer fills it. */}
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" ff="monospace">
              {query.data === undefined ? micId : `${query.data.id} · ${query.data.edge_id}`}
            </Text>
            {query.data !== undefined && (
              <>
                <Text size="xs" c="dimmed">
                  ·
                </Text>
                <Text size="xs" c="dimmed" span>
                  {t('drawer.updated')}
                </Text>
                <DateTime value={query.data.updated_at} relative size="xs" dimmed />
              </>
            )}
          </Group>
        </Stack>
      }
    >
      <QueryView
        query={drawn === query.data ? query : { ...query, data: drawn }}
        notFound={
          <NotFoundState
            title={t('drawer.notFound', { id: micId })}
            description={t('drawer.notFoundDescription')}
            backTo={`/mics${tableSearch}`}
            backLabel={t('drawer.back')}
          />
        }
        loading={
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common:query.loading')}>
            <Skeleton height={56} />
            <Skeleton height={36} />
            <Skeleton height={220} />
            <Skeleton height={120} />
          </Stack>
        }
      >
        {(mic) => (
          <Stack gap="sm">
            <StaleDataNotice query={query} />
            <MicForm
              key={`${mic.id}/${proposal?.category ?? ''}/${proposal?.value ?? ''}`}
              mic={mic}
              readOnly={readOnly}
              readOnlyNote={roleNote}
              proposal={proposal}
            />
            <MicHistory micId={mic.id} />
          </Stack>
        )}
      </QueryView>
    </Drawer>
  );
}
