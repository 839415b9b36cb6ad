import { IconLinkOff, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { wallAccessProblem, type WallAccessProblem } from './wall-access';
import classes from './wall.module.css';

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
 * Watches every query the wall runs, whatever it asks for: the first answer in which the console
 * itself refuses this screen replaces the whole wall (and so stops its polling).
 */
export function WallAccessGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<WallAccessProblem | null>(null);
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const check = () => {
      for (const query of cache.getAll()) {
        const found = wallAccessProblem(query.state.error);
        if (found !== null) {
          setProblem((current) => current ?? found);
          return;
        }
      }
    };
    check();
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check();
    });
  }, [queryClient]);
  return problem === null ? children : <WallAccessView problem={problem} />;
}
