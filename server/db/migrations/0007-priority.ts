import type { ConsoleMigration } from './index.js';

/** The tables of incident priority: label severities, scores and outcomes' precision (issue 26). */
export const priority: ConsoleMigration = {
  async up() {},
};
