import { IconLinkOff, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { sessionEnd, useLive, useSessionEnded } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { wallAccessProblem, type WallAccessProblem } from './wall-access';
import classes from './wall-access-view.module.css';

/**
 * The console ends a wall's stream the moment its access ends (server/hub/live-streams.ts), and the
 * wall asks at once; this slower round is only a backstop. Every 5 s it was 17,000 requests a day
 * per wall, as many bytes as the wall's gzipped stream.
 */
const ACCESS_CHECK_MS = 60_000;

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
  const live = useLive();
  // While pushed, the wall sends nothing the console could refuse: it asks the console (never the
  // edge) whether it may still look when its stream ends, and now and then.
  const check = useQuery({
    queryKey: ['wall-access', 'check'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/auth/me', { headers: { accept: 'application/json' }, signal });
      if (response.status === 401) sessionEnd.mark();
      return response.status;
    },
    enabled: live && !refused,
    refetchInterval: ACCESS_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const wasLive = useRef(false);
  const { refetch } = check;
  useEffect(() => {
    if (wasLive.current && !live && !refused) void refetch();
    wasLive.current = live;
  }, [live, refused, refetch]);
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
