import './sign-in-styles';
import './locales';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { accessToken, edgeConnection, sessionEnd, sessionQueries } from '@/api';
import { PageLoader } from '@/components/page-loader';
import { useTranslation } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { AccountForm } from './account-form';
import { EdgeTokenForm } from './edge-token-form';
import { SignInCard } from './sign-in-card';

export interface SignInState {
  from?: string;
  /** The console session ended (expired, disabled, signed out elsewhere). */
  ended?: boolean;
  /** The edge rejected the browser's token (EDGE_TOKEN_FROM_BROWSER). */
  expired?: boolean;
}

const CONTROL = /\p{Cc}/u;

/**
 * Only paths of this app, as the URL parser reads them (the server's rule for single sign-on,
 * server/auth/oidc.ts): `/\t/host`, `/\host` and `/.//host` lead to another origin, and the router
 * would follow one there with a full navigation. Anything else returns to `/`, the landing page.
 */
function safeFrom(from: string | null | undefined): string {
  if (typeof from !== 'string' || !from.startsWith('/') || CONTROL.test(from)) return '/';
  const origin = window.location.origin;
  try {
    const url = new URL(from, origin);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === origin && new URL(path, origin).origin === origin ? path : '/';
  } catch {
    return '/';
  }
}

/** The page the router draws (src/app/routes.ts). */
export { SignInPage as Component };

export function SignInPage() {
  const { t } = useTranslation('signIn');
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = (useLocation().state ?? {}) as SignInState;
  const [search] = useSearchParams();
  const from = safeFrom(state.from ?? search.get('from'));
  // Whatever brought the person here stays said until they sign in, even if the page mounts again.
  // An ended session's data and identity go at once; the check below asks the server afresh.
  const [ended] = useState(() => {
    const over = state.ended === true || sessionEnd.get();
    if (over) {
      queryClient.clear();
      sessionEnd.reset();
    }
    return over;
  });
  const [tokenExpired] = useState(
    () => state.expired === true || edgeConnection.get().status === 'unauthorized' || accessToken.wasRejected(),
  );
  const me = useQuery(sessionQueries.me());
  const goBack = () => navigate(from, { replace: true });
  const onSignedIn = async () => {
    // A session check that answered "ended" while this page was open must not send the person back here.
    sessionEnd.reset();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    await queryClient.refetchQueries({ queryKey: sessionQueries.all() });
    const signedIn = queryClient.getQueryData(sessionQueries.me().queryKey);
    if (signedIn !== null && signedIn !== undefined && !(config.auth.browserToken && accessToken.get() === null)) {
      goBack();
    }
  };

  if (me.isPending) return <PageLoader />;
  const signedIn = me.data !== null && me.data !== undefined && me.data.kind === 'account';
  const needsToken = config.auth.browserToken && accessToken.get() === null;
  if (signedIn && !needsToken) return <Navigate to={from} replace />;

  const ssoError = search.get('error');
  const notice = ended
    ? t('ended')
    : ssoError === 'sso_disabled'
      ? t('ssoDisabled')
      : ssoError === 'sso'
        ? t('ssoFailed')
        : null;

  return (
    <SignInCard>
      {signedIn ? (
        <EdgeTokenForm expired={tokenExpired} onDone={goBack} />
      ) : (
        <AccountForm notice={notice} from={from} onSignedIn={() => void onSignedIn()} />
      )}
    </SignInCard>
  );
}
