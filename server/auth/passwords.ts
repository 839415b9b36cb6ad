import crypto from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane): tens of milliseconds per
 * hash here, so an offline attack on a leaked table is slow while sign-in stays quick on two cores.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown name, OIDC-only account) it
 * verifies against a throwaway hash all the same, so the answer takes as long either way and
 * its timing does not tell whether the account exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
