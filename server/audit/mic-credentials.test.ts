import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { describeEachDatabase } from '../testing/databases.js';
import { fakeMic, fakeMicEdge, type FakeMicEdge } from '../testing/fake-mic-edge.js';

const OLD_SECRET = 'old-device-pass-3c1e';
const NEW_SECRET = 'new-device-pass-77a2';
const secrets = [OLD_SECRET, NEW_SECRET];

describeEachDatabase('a mic’s device credentials in its history and the audit trail', (getDb) => {
  let edge: FakeMicEdge;
  let console_: TestConsole;
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    edge = await fakeMicEdge([{ ...fakeMic('mic-cred', 'Gate'), host: `rtsp://admin:${OLD_SECRET}@10.0.0.9/a` }]);
    console_ = await startTestConsole(getDb(), edge.url);
    for (const role of ['viewer', 'admin'] as const) cookie[role] = (await signedIn(getDb(), role)).cookie;
  });
  afterAll(async () => {
    await Promise.all([console_.close(), edge.close()]);
  });

  const patch = (body: unknown) =>
    console_.call('/api/v1/mics/mic-cred', { method: 'PATCH', body: JSON.stringify(body), cookie: cookie.admin });
  const read = async (path: string, who: string) => {
    const response = await console_.call(path, { cookie: who });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const expectNoSecret = (text: string, where: string) => {
    for (const secret of secrets) expect(text, where).not.toContain(secret);
  };
  const everyOutput = async () => ({
    history: await read('/api/mics/mic-cred/history', cookie.viewer!),
    audit: await read('/api/admin/audit?mic=mic-cred', cookie.admin!),
    csv: await read('/api/admin/audit.csv?mic=mic-cred', cookie.admin!),
  });

  it('stores and shows the edits of a host with credentials without them, and the rest as it was', async () => {
    expect((await patch({ host: `rtsp://admin:${NEW_SECRET}@10.0.0.9/b` })).status).toBe(200);
    // The edge keeps the credentials it was sent: only the console's copies lose them.
    expect(edge.mics.get('mic-cred')?.host).toBe(`rtsp://admin:${NEW_SECRET}@10.0.0.9/b`);
    edge.refuseNext(422, { detail: `cannot reach rtsp://admin:${OLD_SECRET}@10.0.0.9/c (password=${OLD_SECRET})` });
    expect((await patch({ host: `admin:${OLD_SECRET}@10.0.0.9/c`, name: 'North gate' })).status).toBe(422);

    const rows = await getDb().db.selectFrom('audit').selectAll().where('target_id', '=', 'mic-cred').execute();
    expect(rows).toHaveLength(2);
    expectNoSecret(JSON.stringify(rows), 'database rows');

    const outputs = await everyOutput();
    for (const [where, text] of Object.entries(outputs)) expectNoSecret(text, where);
    const [refused, edited] = (JSON.parse(outputs.history) as { results: { details: Record<string, any> }[] }).results;
    expect(edited!.details).toEqual({ before: { host: 'rtsp://10.0.0.9/a' }, after: { host: 'rtsp://10.0.0.9/b' } });
    expect(refused!.details).toMatchObject({
      requested: { host: '10.0.0.9/c', name: 'North gate' },
      answer: { status: 422, detail: 'cannot reach rtsp://10.0.0.9/c (password=…' },
    });
    expect(outputs.csv).toContain('host: rtsp://10.0.0.9/a → rtsp://10.0.0.9/b');
  });

  it('shows and exports a row an older version stored with credentials without them', async () => {
    await getDb()
      .db.insertInto('audit')
      .values({
        at: new Date().toISOString(),
        actor_kind: 'account',
        actor_id: null,
        actor_name: 'admin-of-old',
        action: 'mic.update',
        target_type: 'mic',
        target_id: 'mic-cred',
        details: JSON.stringify({
          before: { host: `rtsp://admin:${OLD_SECRET}@10.0.0.9/a` },
          after: { host: `admin:${NEW_SECRET}@10.0.0.9/b?token=${NEW_SECRET}` },
          requested: { host: 'x', password: OLD_SECRET },
        }),
        outcome: 'ok',
        ip: null,
      })
      .execute();
    const outputs = await everyOutput();
    for (const [where, text] of Object.entries(outputs)) expectNoSecret(text, where);
    const [legacy] = (JSON.parse(outputs.audit) as { results: { details: unknown }[] }).results;
    expect(legacy!.details).toEqual({
      before: { host: 'rtsp://10.0.0.9/a' },
      after: { host: '10.0.0.9/b?token=…' },
      requested: { host: 'x', password: null },
    });
  });
});
