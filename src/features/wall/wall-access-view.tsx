import { IconLinkOff, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionEnd, useLive, useSessionEnded } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { wallAccessProblem, type WallAccessProblem } from './wall-access';
import classes from './wall-access-view.module.css';

const ACCESS_CHECK_MS = 5_000;

/** Full-screen notice on the wall, readable across a control room; never the sign-in form. */
export function WallAccessView({ problem }: { problem: WallAccessProblem }) {
  const { t } = useTranslation('wall');
  const revoked = problem === 'revoked';
  return (
    <main className={classes.access} data-testid="wall-access" role="alert">
      {revoked ? <IconLinkOff size={120} aria-hidden /> : <IconLock size={120} aria-hidden />}
      <h1 className={classes.accessTitle}>{revoked ? t('revoked') : t('signInNeeded')}</h1>
      <p className={classes.accessHint}>{revoked ? t('revokedHint') : t('signInNeededHint')}</p>
    </main>
  );
}

/**
 * Once the console refuses one of the wall's requests for want of a session (whatever the wall
 * was asking, polled or streamed), asks once why, and replaces the whole wall with the answer:
 * "revoked" or "sign-in needed". That also stops its polling. Until the answer, the wall stays.
 */
export function WallAccessGate({ children }: { children: ReactNode }) {
  const refused = useSessionEnded();
  // While pushed, the wall sends nothing the console could refuse: it asks now and then (the
  // console, never the edge) whether it may still look, so a revoked link stops within seconds.
  useQuery({
    queryKey: ['wall-access', 'check'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/auth/me', { headers: { accept: 'application/json' }, signal });
      if (response.status === 401) sessionEnd.mark();
      return response.status;
    },
    enabled: useLive() && !refused,
    refetchInterval: ACCESS_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const problem = useQuery({
    queryKey: ['wall-access'],
    queryFn: ({ signal }) => wallAccessProblem(signal),
    enabled: refused,
    retry: 2,
    staleTime: Infinity,
  });
  if (!refused) return children;
  if (problem.data !== undefined) return <WallAccessView problem={problem.data} />;
  return problem.isError ? <WallAccessView problem="signed-out" /> : children;
}
