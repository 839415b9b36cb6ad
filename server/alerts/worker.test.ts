import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { queueDeliveries } from './deliveries.js';
import { registerSenders } from './senders.js';
import { saveChannel } from './store.js';
import { alertMessage, workerOptions } from './test-fixtures.js';
import { startHttpReceiver, type HttpReceiver } from './test-receivers.js';
import { DeliveryWorker } from './worker.js';

registerSenders({ url: null, from: null }, () => 'UTC');

describeEachDatabase('the delivery queue', (getDb) => {
  let alive: HttpReceiver;
  let dead: http.Server;
  beforeAll(async () => {
    alive = await startHttpReceiver();
    // Takes every request and never answers.
    dead = http.createServer(() => undefined);
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await alive.close();
    dead.closeAllConnections();
    await new Promise((resolve) => dead.close(resolve));
  });

  it('a dead receiver with a long queue does not hold back another channel', async () => {
    const db = getDb();
    const channel = async (name: string, url: string) =>
      saveChannel(db, { name, type: 'webhook', enabled: true, language: 'en', settings: { url }, secrets: {} }, null);
    const stuck = await channel('stuck', `http://127.0.0.1:${(dead.address() as AddressInfo).port}/`);
    const well = await channel('well', alive.url);
    const message = JSON.stringify(alertMessage({ kind: 'test' }));
    const earlier = Date.now() - 60_000;
    // Forty messages for the dead receiver, all due before the one for the live receiver.
    for (let i = 0; i < 40; i++)
      await queueDeliveries(db.db, null, [stuck.id], 'test', 0, new Date(earlier + i), message);
    await queueDeliveries(db.db, null, [well.id], 'test', 0, new Date(), message);
    const worker = new DeliveryWorker(db, { ...workerOptions, timeoutMs: 5_000 });
    worker.start();
    try {
      // Long before the dead receiver's first sends time out.
      await alive.waitFor(1, 3_000);
    } finally {
      await worker.stop();
    }
  });
});
