import type { ConsoleMigration } from './index.js';

/** The tables of procedures per label or composite rule, and their ticks (issue 26). */
export const procedures: ConsoleMigration = {
  async up() {},
};
