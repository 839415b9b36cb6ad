import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringifySetCookie } from 'cookie';
import * as client from 'openid-client';
import { recordAudit } from '../audit/record.js';
import type { OidcConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';
import { AccountConflict, createAccount, findByUsername, setRole, type AccountRow } from './accounts.js';
import { ROLES, type Role } from './principal.js';
import { startSession } from './routes.js';
import { clientAddress, cookieValue, type SessionPolicy } from './sessions.js';

/** The flow's secrets (PKCE verifier, state, nonce) wait here between start and callback: HttpOnly, 10 minutes. */
const FLOW_COOKIE = 'esc_oidc';
const FLOW_PATH = '/auth/oidc';
const FLOW_SECONDS = 600;

interface Flow {
  verifier: string;
  state: string;
  nonce: string;
  from: string;
}

export interface OidcOptions {
  db: ConsoleDb;
  oidc: OidcConfig;
  policy: SessionPolicy;
  /** The console's external URL; the provider redirects back to `${publicUrl}/auth/oidc/callback`. */
  publicUrl: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Stands for the console's own origin while a return path is parsed: only the origin's sameness matters. */
const OWN_ORIGIN = 'http://console.invalid';
const CONTROL = /\p{Cc}/u;

/**
 * Only paths of this console, as the URL parser itself reads them: a browser drops tabs and
 * newlines and reads `\` as `/`, so `/\t/host` or `/\host` is another origin; `/.//host`
 * normalises to `//host`, which a Location header sends elsewhere too. The path is re-serialised
 * from the parsed URL and must still be ours when parsed again; anything else returns to `/`.
 */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || CONTROL.test(from)) return '/';
  try {
    const url = new URL(from, OWN_ORIGIN);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === OWN_ORIGIN && new URL(path, OWN_ORIGIN).origin === OWN_ORIGIN ? path : '/';
  } catch {
    return '/';
  }
}

/** The claim's values, at a path such as `roles` or `realm_access.roles`. */
function claimValues(claims: Record<string, unknown>, path: string): string[] {
  let node: unknown = claims;
  for (const part of path.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node === 'string') return node.split(/[\s,]+/).filter((v) => v !== '');
  return Array.isArray(node) ? node.filter((v): v is string => typeof v === 'string') : [];
}

/** The highest role the claim grants: through OIDC_ROLE_MAP when set, else role names as they are; none: viewer. */
export function roleFromClaims(claims: Record<string, unknown>, oidc: Pick<OidcConfig, 'roleClaim' | 'roleMap'>): Role {
  const paths = oidc.roleClaim !== null ? [oidc.roleClaim] : ['role', 'roles'];
  const values = paths.flatMap((path) => claimValues(claims, path));
  let best: Role = 'viewer';
  for (const value of values) {
    const role = oidc.roleMap.size > 0 ? oidc.roleMap.get(value) : ROLES.find((r) => r === value);
    if (role !== undefined && ROLES.indexOf(role) > ROLES.indexOf(best)) best = role;
  }
  return best;
}

/** A username for a new single-sign-on account that fits the console's rules and is free. */
async function freeUsername(db: ConsoleDb, claims: Record<string, unknown>, sub: string): Promise<string> {
  const wanted = [claims.preferred_username, claims.email, `sso-${sub}`].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  )!;
  const base =
    wanted
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9._@-]+/g, '-')
      .replace(/^[^a-z0-9]+/, '')
      .slice(0, 56) || 'sso-user';
  for (let n = 1; n < 100; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if ((await findByUsername(db, name)) === undefined) return name;
  }
  return `${base}-${crypto.randomUUID().slice(0, 6)}`;
}

/** Finds the account of this subject, or creates it; its role follows the provider at every sign-in. */
async function provision(db: ConsoleDb, subject: string, claims: Record<string, unknown>, role: Role) {
  const existing = await db.db
    .selectFrom('accounts')
    .selectAll()
    .where('oidc_subject', '=', subject)
    .executeTakeFirst();
  if (existing !== undefined) {
    if (existing.role !== role) {
      await setRole(db, existing.id, role);
      await recordAudit(db, {
        actor: { kind: 'system', name: 'oidc' },
        action: 'account.role',
        target: { type: 'account', id: existing.id },
        details: { username: existing.username, before: existing.role, after: role, source: 'identity provider' },
        outcome: 'ok',
        ip: null,
      });
    }
    return { ...existing, role };
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const username = await freeUsername(db, claims, subject.slice(subject.indexOf('#') + 1));
      const row: AccountRow = await createAccount(db, { username, role, password: null, oidcSubject: subject });
      await recordAudit(db, {
        actor: { kind: 'system', name: 'oidc' },
        action: 'account.create',
        target: { type: 'account', id: row.id },
        details: { username, role, source: 'identity provider' },
        outcome: 'ok',
        ip: null,
      });
      return row;
    } catch (error) {
      if (!(error instanceof AccountConflict) || attempt > 3) throw error;
    }
  }
}

/** Single sign-on: authorization code flow with PKCE, state and nonce (openid-client). */
export function registerOidc(app: FastifyInstance, { db, oidc, policy, publicUrl }: OidcOptions): void {
  const issuer = new URL(oidc.issuer);
  if (issuer.protocol !== 'https:' && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    throw new Error('OIDC_ISSUER must be https:// (plain http only for a provider on this machine)');
  }
  const redirectUri = `${publicUrl}/auth/oidc/callback`;
  let configuration: Promise<client.Configuration> | null = null;
  // Discovered at the first sign-in, not at start, so the console starts while the provider is away.
  const discover = () => {
    configuration ??= client
      .discovery(
        issuer,
        oidc.clientId,
        oidc.clientSecret,
        undefined,
        issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  const flowCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header(
      'set-cookie',
      stringifySetCookie(FLOW_COOKIE, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: policy.cookieSecure,
        path: FLOW_PATH,
        maxAge,
      }),
    );
  const fail = (request: FastifyRequest, reply: FastifyReply, reason: string, code = 'sso') => {
    request.log.warn(`Single sign-on failed: ${reason}`);
    void recordAudit(db, {
      actor: { kind: 'anonymous' },
      action: 'auth.login_failed',
      details: { method: 'oidc', reason: reason.slice(0, 200) },
      outcome: 'refused',
      ip: clientAddress(request),
    }).catch(() => undefined);
    return reply.redirect(`/sign-in?error=${code}`);
  };

  app.get('/auth/oidc/start', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let config: client.Configuration;
    try {
      config = await discover();
    } catch (error) {
      return fail(request, reply, `the provider cannot be reached (${(error as Error).message})`);
    }
    const flow: Flow = {
      verifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
      from: safeReturnPath((request.query as { from?: unknown }).from),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    flowCookie(reply, Buffer.from(JSON.stringify(flow)).toString('base64url'), FLOW_SECONDS);
    return reply.redirect(url.href);
  });

  app.get('/auth/oidc/callback', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    flowCookie(reply, '', 0);
    let flow: Flow;
    try {
      flow = JSON.parse(Buffer.from(cookieValue(request, FLOW_COOKIE) ?? '', 'base64url').toString()) as Flow;
      if (typeof flow.verifier !== 'string' || typeof flow.state !== 'string') throw new Error('no flow');
    } catch {
      return fail(request, reply, 'the sign-in started too long ago or in another browser');
    }
    let claims: Record<string, unknown>;
    try {
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, new URL(request.url, publicUrl), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = (tokens.claims() ?? {}) as Record<string, unknown>;
    } catch (error) {
      return fail(request, reply, (error as Error).message);
    }
    if (typeof claims.sub !== 'string' || claims.sub === '') return fail(request, reply, 'the ID token has no subject');
    const account = await provision(db, `${oidc.issuer}#${claims.sub}`, claims, roleFromClaims(claims, oidc));
    if (Number(account.disabled) !== 0) {
      return fail(request, reply, `account ${account.username} is disabled`, 'sso_disabled');
    }
    await startSession(db, request, reply, policy, account, { method: 'oidc' });
    return reply.redirect(safeReturnPath(flow.from));
  });
}
