import type { ConsoleMigration } from './index.js';

/** The tables of alerts out: channels, rules, alerts, escalation steps, deliveries, push subscriptions (issue 29). */
export const alerts: ConsoleMigration = {
  async up() {},
};
