import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import type { EdgeAccess } from '../edge/access.js';
import type { CompositeCache } from '../edge/composites.js';
import { ClipSource } from './clip-source.js';
import { registerEvidenceRoute } from './evidence-route.js';
import { registerAudioRoute } from './routes.js';

export interface AudioOptions {
  db: ConsoleDb;
  /** How composite events are read: the edge API's address and token, the timeout, the JSON size cap. */
  edge: EdgeAccess;
  /** Composites read by id, shared with the location routes. */
  composites?: CompositeCache;
  /** EDGE_AUDIO_URL, else the edge API's address. */
  audioBase: string;
  /** EDGE_MAX_AUDIO_BYTES. */
  maxClipBytes: number;
}

/** Listening to detections (every account, never a wall link) and the evidence pack (operators, admins). */
export function registerAudio(app: FastifyInstance, options: AudioOptions): ClipSource {
  const clips = new ClipSource({
    edge: options.edge,
    composites: options.composites,
    audioBase: options.audioBase,
    maxClipBytes: options.maxClipBytes,
    log: (line) => app.log.warn(line),
  });
  // In a scope of their own, so the compression plugin sees their `compress: false`.
  app.register(async (scope) => {
    registerAudioRoute(scope, clips);
    registerEvidenceRoute(scope, { db: options.db, clips, edge: options.edge });
  });
  return clips;
}
