import type { FastifyInstance } from 'fastify';
import { FAULT_MODES, FAULT_SCOPES, type FaultState } from './demo/faults.js';
import type { DemoStore } from './demo/store.js';
import type { EdgeTraffic } from './demo/traffic.js';

const MAX_AT_SKEW_MS = 60_000;

export interface DemoControl {
  store: DemoStore;
  faults: FaultState;
  traffic: EdgeTraffic;
}

/**
 * Test hooks of the demo edge, mounted only with DEMO_FAULTS=1: switch fault modes, inject a
 * detection at a known time, and count the requests the edge received.
 */
export function registerDemoControl(app: FastifyInstance, demo: DemoControl): void {
  app.get('/_demo/faults', async () => demo.faults);
  // Requests the embedded edge received so far (what the hub and the gateway sent it).
  app.get('/_demo/requests', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(demo.traffic.snapshot()),
  );

  app.put<{ Body: { mode?: string; scope?: string; delay_ms?: number } }>('/_demo/faults', async (request, reply) => {
    const { mode = 'normal', scope = 'all', delay_ms: delayMs } = request.body ?? {};
    if (!(FAULT_MODES as readonly string[]).includes(mode)) {
      return reply.code(422).send({ detail: `mode must be one of ${FAULT_MODES.join(', ')}` });
    }
    if (!(FAULT_SCOPES as readonly string[]).includes(scope)) {
      return reply.code(422).send({ detail: `scope must be one of ${FAULT_SCOPES.join(', ')}` });
    }
    demo.faults.mode = mode as FaultState['mode'];
    demo.faults.scope = scope as FaultState['scope'];
    if (typeof delayMs === 'number' && delayMs >= 0) demo.faults.delayMs = delayMs;
    return demo.faults;
  });

  app.post<{ Body: { mic_id?: string; label_id?: string; confidence?: number; sound_level?: number; at?: number } }>(
    '/_demo/events',
    async (request, reply) => {
      const body = request.body ?? {};
      const micId = body.mic_id ?? demo.store.micIds()[0];
      const labelId = body.label_id ?? 'scream';
      if (micId === undefined || demo.store.getMic(micId) === undefined) {
        return reply.code(422).send({ detail: 'mic_id must name a demo mic' });
      }
      // A detection time to the millisecond (a test's arrival times must not carry its request latency).
      if (body.at !== undefined && !(Number.isFinite(body.at) && Math.abs(body.at - Date.now()) <= MAX_AT_SKEW_MS)) {
        return reply.code(422).send({ detail: `at must be epoch milliseconds within ${MAX_AT_SKEW_MS} ms of now` });
      }
      return reply.code(201).send(
        demo.store.addEvent({
          mic_id: micId,
          label_id: labelId,
          confidence: body.confidence,
          sound_level: body.sound_level,
          at: body.at,
        }),
      );
    },
  );
}
