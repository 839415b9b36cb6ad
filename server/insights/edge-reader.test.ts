import { describe, expect, it } from 'vitest';
import { EdgeError } from '../edge/errors.js';
import { EdgeReader } from './edge-reader.js';

// Nothing listens here: a request to the edge would fail the test with "Edge unreachable".
const NOWHERE = 'http://127.0.0.1:9';
const mic = (id: string, location: { latitude: number; longitude: number } | null) => ({
  id,
  name: `Mic ${id}`,
  edge_id: 'edge-1',
  status: 'active',
  location,
});

describe('the mic directory with a hub', () => {
  it('comes from the hub’s inventory without a walk of its own; mics without a place are left out', async () => {
    const reader = new EdgeReader({
      upstream: NOWHERE,
      token: 't',
      timeoutMs: 500,
      inventory: async () => [mic('a', { latitude: 37.5, longitude: 127 }), mic('b', null)],
    });
    const directory = await reader.mics();
    expect([...directory.keys()]).toEqual(['a']);
    expect(directory.get('a')).toMatchObject({ name: 'Mic a', latitude: 37.5, longitude: 127 });
    expect(reader.requests).toBe(0);
  });

  it('answers the hub’s failure as an edge error (502 with its reason)', async () => {
    const reader = new EdgeReader({
      upstream: NOWHERE,
      token: 't',
      timeoutMs: 500,
      inventory: () => Promise.reject(new Error('The edge refused the server’s token')),
    });
    const failure = await reader.mics().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EdgeError);
    expect(failure).toMatchObject({ status: 502, message: 'The edge refused the server’s token' });
    expect(reader.requests).toBe(0);
  });
});
