import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { createStore } from '@/lib/store';

export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const meSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('account'), username: z.string(), role: z.enum(ROLES) }),
    z.object({ kind: z.literal('wall'), name: z.string() }),
  ]),
);

/** Who the console server says is signed in: a person's account, or a wall link. */
export type Me = z.infer<typeof meSchema>;

/** A refused sign-in, with what the form needs to say why. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly code: 'bad_credentials' | 'account_disabled' | 'rate_limited' | 'invalid' | 'other',
    message: string,
    readonly status: number,
    /** Seconds to wait, when rate limited. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

async function post(path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
}

async function refusal(response: Response): Promise<SignInError> {
  const body = (await response.json().catch(() => ({}))) as { detail?: unknown; code?: unknown };
  const { status } = response;
  const detail =
    typeof body.detail === 'string'
      ? body.detail
      : Array.isArray(body.detail)
        ? body.detail.map((item: { msg?: unknown }) => String(item.msg)).join(' ')
        : `${status} ${response.statusText}`;
  if (status === 429) {
    const wait = Number(response.headers.get('retry-after'));
    return new SignInError('rate_limited', detail, status, Number.isFinite(wait) && wait > 0 ? wait : null);
  }
  if (body.code === 'bad_credentials' || body.code === 'account_disabled') {
    return new SignInError(body.code, detail, status);
  }
  return new SignInError(status === 422 ? 'invalid' : 'other', detail, status);
}

async function expectNoContent(response: Response): Promise<void> {
  if (!response.ok) throw await refusal(response);
}

export const signIn = async (username: string, password: string) =>
  expectNoContent(await post('/auth/login', { username, password }));
export const signOut = async () => expectNoContent(await post('/auth/logout'));
export const continueAsDemo = async () => expectNoContent(await post('/auth/demo'));
export const completeSetup = async (token: string, username: string, password: string) =>
  expectNoContent(await post('/auth/setup', { token, username, password }));

/** GET /auth/me; null when nobody is signed in. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  const response = await fetch('/auth/me', { headers: { accept: 'application/json' }, signal });
  if (response.status === 401) {
    // The browser held a session that is over (a reload after being disabled, say): sign-in says so.
    const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
    if (body?.code === 'session_ended') sessionEnd.mark();
    return null;
  }
  if (!response.ok) throw new Error(`GET /auth/me answered ${response.status}`);
  return meSchema.parse(await response.json());
}

const setupSchema = lazySchema(() => z.object({ pending: z.boolean() }));

/** GET /auth/setup: true while the console has no account and the setup link in its server log waits. */
export async function fetchSetupPending(signal?: AbortSignal): Promise<boolean> {
  const response = await fetch('/auth/setup', { headers: { accept: 'application/json' }, signal });
  // A server without the answer: the sign-in page shows no hint rather than an error.
  if (!response.ok) return false;
  return setupSchema.parse(await response.json()).pending;
}

let early: Promise<Me | null> | null = null;

/** Asks who is signed in while the runtime config and the page's chunk load, not after. */
export function startSessionCheck(): void {
  early = fetchMe();
  early.catch(() => undefined);
}

export const sessionQueries = {
  all: () => ['session'] as const,
  me: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => {
        const pending = early;
        early = null;
        return pending ?? fetchMe(signal);
      },
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
    }),
  setupPending: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'setup-pending'] as const,
      queryFn: ({ signal }) => fetchSetupPending(signal),
    }),
};

/** Set when a console call answered "sign in": the session ended (expired, disabled, signed out elsewhere). */
const ended = createStore(false);

export const sessionEnd = {
  get: ended.get,
  subscribe: ended.subscribe,
  mark: (): void => ended.set(true),
  reset: ended.reset,
};

export function useSessionEnded(): boolean {
  return useSyncExternalStore(sessionEnd.subscribe, sessionEnd.get);
}

/** The signed-in account or wall link, or null (still loading, or nobody). */
export function useSession(): Me | null {
  return useQuery(sessionQueries.me()).data ?? null;
}

export function hasRole(me: Me | null, role: Role): boolean {
  return me?.kind === 'account' && ROLES.indexOf(me.role) >= ROLES.indexOf(role);
}

export type Action = 'editMics' | 'manageAccounts';

/** What the signed-in person may do here; the server enforces the same rules. */
export function useCan(action: Action): boolean {
  const me = useSession();
  const { readOnly } = useRuntimeConfig();
  switch (action) {
    case 'editMics':
      return !readOnly && hasRole(me, 'admin');
    case 'manageAccounts':
      return hasRole(me, 'admin');
  }
}
