import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { errorFromResponse } from './api-error';
import { request } from './client';
import { ROLES, sessionEnd, type Role } from './session';

export const accountSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    /** Has a password (else signs in only through single sign-on, or is the demo account). */
    password: z.boolean(),
    /** Provisioned by single sign-on. */
    sso: z.boolean(),
    createdAt: z.string(),
    lastLoginAt: z.nullable(z.string()),
  }),
);
export type Account = z.infer<typeof accountSchema>;

const accountListSchema = lazySchema(() => z.object({ accounts: z.array(accountSchema) }));

const BASE = '/api/admin/accounts';

export const listAccounts = async (signal?: AbortSignal) =>
  (await request({ path: BASE, schema: accountListSchema, signal, consoleOnly: true })).accounts;

export const createAccount = (body: { username: string; role: Role; password: string }) =>
  request({ method: 'POST', path: BASE, body, schema: accountSchema, consoleOnly: true });

export const updateAccount = (id: string, body: { role?: Role; disabled?: boolean }) =>
  request({
    method: 'PATCH',
    path: `${BASE}/${encodeURIComponent(id)}`,
    body,
    schema: accountSchema,
    consoleOnly: true,
  });

export const resetAccountPassword = (id: string, password: string) =>
  request({
    method: 'POST',
    path: `${BASE}/${encodeURIComponent(id)}/password`,
    body: { password },
    schema: accountSchema,
    consoleOnly: true,
  });

export const accountQueries = {
  all: () => ['accounts'] as const,
  list: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => listAccounts(signal),
    }),
};

/** POST /auth/password: the signed-in person's own password (their other sessions end). */
export async function changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  const response = await fetch('/auth/password', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword, newPassword }),
    credentials: 'same-origin',
  });
  if (!response.ok) {
    if (response.status === 401 && response.headers.get('x-console-sign-in') === 'required') sessionEnd.mark();
    throw errorFromResponse('POST /auth/password', response.status, response.statusText, await response.text());
  }
}
