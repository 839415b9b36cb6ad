import { setupServer } from 'msw/node';

/** The network edge for unit tests: each test installs the handlers it needs with `server.use`. */
export const server = setupServer();
