import webpush from 'web-push';
import type { ConsoleDb } from '../../db/database.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const ROW = 'vapid';

/**
 * The console's VAPID keys, made on first need and kept: every browser's subscription is bound to
 * the public key, so a new pair would silently orphan every device. Two replicas asking at once
 * both insert-if-absent and both read back the one row that won.
 */
export async function vapidKeys(consoleDb: ConsoleDb): Promise<VapidKeys> {
  const read = () =>
    consoleDb.db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', ROW).executeTakeFirst();
  let row = await read();
  if (row === undefined) {
    const made = webpush.generateVAPIDKeys();
    await consoleDb.db
      .insertInto('push_keys')
      .values({
        id: ROW,
        public_key: made.publicKey,
        private_key: made.privateKey,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
    if (row === undefined) throw new Error('The VAPID keys were neither found nor made');
  }
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** Reads the keys once per process (they never change once made). */
export function cachedVapidKeys(consoleDb: ConsoleDb): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  return () => {
    keys ??= vapidKeys(consoleDb).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };
}
