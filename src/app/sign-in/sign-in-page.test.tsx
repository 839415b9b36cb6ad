import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { server } from '@/testing/msw-server';
import { demoConfig, renderRoutes, testQueryClient } from '@/testing/render';
import { SignInPage } from './sign-in-page';

const signInRequired = { ...demoConfig, mode: 'proxy' as const, auth: { ...demoConfig.auth, demoAutoSignIn: false } };

let asked = false;

function open(pending: boolean) {
  asked = false;
  server.use(
    http.get('/auth/setup', () => {
      asked = true;
      return HttpResponse.json({ pending });
    }),
  );
  return renderRoutes([{ path: '/sign-in', Component: SignInPage }], {
    path: '/sign-in',
    config: signInRequired,
    queryClient: testQueryClient(null),
  });
}

afterEach(() => setLanguage('en'));

describe('/sign-in', () => {
  it('on a console with no account yet, says the first admin’s setup link is in the server log', async () => {
    open(true);
    expect(await screen.findByText('No account yet')).toBeInTheDocument();
    expect(screen.getByText(/one-time setup link the console server printed in its log/)).toBeInTheDocument();
  });

  it('says nothing of setup once the console has accounts', async () => {
    open(false);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('No account yet')).not.toBeInTheDocument();
  });

  it('switches the language before signing in', async () => {
    open(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch the language to Korean' }));
    expect(await screen.findByRole('heading', { name: '로그인' })).toBeInTheDocument();
    expect(screen.getByText('아직 계정이 없습니다')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '언어를 영어로 바꾸기' })).toHaveTextContent('English');
  });
});
