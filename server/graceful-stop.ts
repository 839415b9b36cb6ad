import type { FastifyInstance } from 'fastify';

/**
 * While the app closes, answers still being written say `Connection: close`, and connections
 * that fall idle are closed as they do: Node closes only those idle at the moment it stops
 * listening, so a keep-alive connection whose request was in flight would hold the process for
 * the whole keep-alive timeout (72 s) after its answer.
 */
export function registerGracefulStop(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
