import * as z from 'zod/mini';

/**
 * Zod's English messages, which name what was expected and what arrived ("expected string,
 * received number"), set once their chunk is here. Only an answer of the wrong shape reads them,
 * and in the entry they were 0.9 kB (gzip) of the first paint's JavaScript. A check that fails
 * before they arrive waits for them (src/api/client.ts); without them (the chunk failed) zod says
 * "Invalid input". The English module alone: `zod/locales` imported at run time brings every language.
 */
export const zodMessages: Promise<void> = import('zod/v4/locales/en.js').then(
  ({ default: en }) => void z.config(en()),
  () => undefined,
);
