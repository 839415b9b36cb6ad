import { describe, expect, it } from 'vitest';
import { endpointProblem, isPrivateAddress, safeLookup } from './endpoint.js';

const production = { allowPrivate: false };
const tests = { allowPrivate: true };

describe('push endpoints', () => {
  it('accepts https to a public push service', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', production)).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', production)).toBeNull();
  });

  it('refuses plain http, other schemes, credentials and private or loopback addresses in production', () => {
    for (const endpoint of [
      'http://push.example.org/x',
      'http://127.0.0.1:9/push/x',
      'file:///etc/passwd',
      'https://user:pw@push.example.org/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://intranet/x',
    ])
      expect(endpointProblem(endpoint, production), endpoint).not.toBeNull();
  });

  it('with the test setting, allows plain http only to loopback', () => {
    expect(endpointProblem('http://127.0.0.1:4000/push/x', tests)).toBeNull();
    expect(endpointProblem('http://push.example.org/x', tests)).not.toBeNull();
  });

  it('classifies addresses', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
    for (const address of ['127.0.0.1', '10.0.0.1', '172.20.0.1', '100.64.1.1', '::1', 'fe80::1', '::ffff:127.0.0.1'])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('refuses a name that resolves to a private address when connecting', async () => {
    const lookup = safeLookup(production);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', { all: true }, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('EPRIVATE');
    const allowed = await new Promise<unknown>((resolve) =>
      safeLookup(tests)('localhost', {}, (failure, address) => resolve(failure ?? address)),
    );
    expect(allowed).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
