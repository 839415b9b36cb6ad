import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../../db/database.js';
import { registerChannelSender } from '../channel.js';
import { pushChannelSender } from './channel-sender.js';
import type { EndpointRules } from './endpoint.js';
import { registerPushRoutes } from './routes.js';
import { PushSender } from './sender.js';

export interface PushOptions {
  db: ConsoleDb;
  /** PUSH_SUBJECT, else PUBLIC_URL when https, else a mailto: of the console's own. */
  subject: string;
  rules: EndpointRules;
}

/**
 * Web Push: the routes of a person's devices, and the 'push' channel type of the alerts engine.
 * The engine's registry is one per process and this sender needs the app's database, so it is
 * plugged in when the app is built (the last app built in a process wins: one app per process).
 */
export function registerPush(app: FastifyInstance, options: PushOptions): PushSender {
  const sender = new PushSender(options);
  registerPushRoutes(app, { db: options.db, sender, rules: options.rules });
  registerChannelSender(pushChannelSender(options.db, sender));
  return sender;
}

export function pushSubject(subject: string | null, publicUrl: string | null): string {
  if (subject !== null) return subject;
  if (publicUrl !== null && /^https:/i.test(publicUrl)) return publicUrl.replace(/\/+$/, '');
  return 'mailto:push@edge-sound-console.invalid';
}
