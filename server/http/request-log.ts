import { LogController } from 'fastify';

/**
 * Fastify's per-request log lines moved to `debug` (issue 22: two info lines per request drowned
 * a newcomer's terminal): "incoming request" and "request completed" show at LOG_LEVEL=debug; a
 * request that errored, a 5xx from the error handler and every other internal line keep their
 * levels.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(...args: Parameters<LogController['requestCompleted']>): void {
    const [error, request, reply] = args;
    if (error) {
      super.requestCompleted(...args);
      return;
    }
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
