import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { applyAlertsFile, readAlertsFile } from './provision.js';
import { registerSenders } from './senders.js';
import { listChannels, listRules } from './store.js';

registerSenders({ url: null, from: null }, () => 'UTC');

function file(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-file-'));
  const name = path.join(dir, 'alerts.yaml');
  fs.writeFileSync(name, text);
  return name;
}

const ISSUE_SHAPE = `channels:
  - { name: ops-hook, type: webhook, url: "http://10.0.0.5/hook" }
  - { name: night-mail, type: email, to: ["night@example.org"] }
rules:
  - name: gunfire
    labels: [gunshot, explosion]
    min_mics: 1
    channels: [ops-hook]
    cooldown: 2m
    escalate:
      - { after: 30s, channels: [night-mail] }
`;

describeEachDatabase('ALERTS_FILE', (getDb) => {
  it('accepts the shape in the issue, takes secrets from the environment, and keeps them write-only', async () => {
    const text = ISSUE_SHAPE.replace('"http://10.0.0.5/hook" }', '"http://10.0.0.5/hook", secret: "${HOOK_SECRET}" }');
    const parsed = readAlertsFile(file(text), { HOOK_SECRET: 'from-env' });
    expect(parsed.rules[0]!.settings).toMatchObject({
      cooldown: 120,
      escalate: [{ after: 30, channels: ['night-mail'] }],
    });
    await applyAlertsFile(getDb(), parsed);
    const channels = await listChannels(getDb());
    expect(channels.map((c) => [c.name, c.source, c.secretsSet])).toEqual([
      ['night-mail', 'file', []],
      ['ops-hook', 'file', ['secret']],
    ]);
    expect(JSON.stringify(channels)).not.toContain('from-env');
    expect((await listRules(getDb()))[0]).toMatchObject({ name: 'gunfire', source: 'file' });
    // Applied again (a restart), nothing doubles.
    await applyAlertsFile(getDb(), parsed);
    expect(await listRules(getDb())).toHaveLength(1);
  });
});

it('refuses a faulty file with the line and the reason', () => {
  const fault = (text: string, env = {}) => {
    try {
      readAlertsFile(file(text), env);
    } catch (error) {
      return (error as Error).message.replace(/^ALERTS_FILE \S+?:/, 'line ');
    }
    return 'accepted';
  };
  expect(fault(ISSUE_SHAPE.replace('cooldown: 2m', 'cooldown: soon'))).toBe(
    'line 9: rules.0.cooldown: "soon" is not a duration (e.g. 30s, 2m, 1h)',
  );
  expect(fault(ISSUE_SHAPE.replace('http://10.0.0.5/hook', 'ftp://10.0.0.5/hook'))).toMatch(
    /^line 2: channel "ops-hook": a webhook URL must be http:\/\/ or https:\/\/, not ftp:/,
  );
  expect(fault(ISSUE_SHAPE.replace('channels: [night-mail]', 'channels: [day-mail]'))).toBe(
    'line 5: rule "gunfire": no channel named "day-mail"',
  );
  expect(fault(ISSUE_SHAPE.replace('"http://10.0.0.5/hook"', '"${HOOK_URL}"'))).toBe(
    'line 2: the environment has no HOOK_URL',
  );
  expect(fault('channels: [\n')).toMatch(/^line \d+: /);
  expect(fault(ISSUE_SHAPE.replace('min_mics: 1', 'min_mics: 0'))).toMatch(/^line 7: rules.0.min_mics: /);
});
