import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IdParam } from '../../../contract/envelope';
import {
  CommandResultAnswer, CommandResultBody, GatewayCommandDetail, GatewayCommandPage, GatewayCommandQuery, TakeCommandsBody,
  TakeCommandsResult,
} from '../../../contract/gateway-commands';
import { Right } from '../../../contract/rights';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, conflict, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { GatewayCommandQueue } from '../../gateway/command-queue';
import { pushMessagesTo } from '../../gateway/upgrade-items';
import { gatewayByKey } from '../../telemetry/gateway-keys';
import { GatewayCommandRepository } from './gateway-command-repository';

const WHAT = '网关命令';

/** The gateway of the request's `X-Gateway-Key`, else 401 (as POST /api/ingest/gateway answers). */
export async function requestGateway(db: Kysely<DB>, req: FastifyRequest): Promise<{ id: number; project_id: number | null }> {
  const gateway = await gatewayByKey(db, req.headers['x-gateway-key']);
  if (!gateway) throw new ApiError(401, '网关密钥无效');
  return gateway;
}

/**
 * The gateway command queue over HTTP (server/gateway/README.md). Gateways, with their
 * `X-Gateway-Key` and no token: POST /api/gateway/commands/take hands out their own commands under
 * a lease; POST /api/gateway/commands/{id}/result records the first result for one of them (a
 * command of another gateway is 404). The console, with device-preview and within the data scope
 * of the gateway's project: GET /api/t_gateway_command (paged, filtered) and /{id} (with payload
 * and per-device results), which issue 18's remote control polls for a command's outcome.
 */
export function registerGatewayCommandRoutes(app: FastifyInstance, { db, hub }: AppDeps): void {
  // An upgrade's last result tells its submitter (server/gateway/upgrade-items.ts).
  const queue = new GatewayCommandQueue(db, undefined, pushMessagesTo(hub));
  const commands = new GatewayCommandRepository(db);

  endpoint(app, db, {
    method: 'POST', url: '/gateway/commands/take', access: 'public', tenancy: 'gateway', body: TakeCommandsBody, response: TakeCommandsResult,
    async handler({ req, body }) {
      const gateway = await requestGateway(db, req);
      const taken = await queue.take(gateway.id, { max: body.max, leaseS: body.leaseS });
      return { now: Date.now(), commands: taken };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/gateway/commands/:id/result', access: 'public', tenancy: 'gateway', params: IdParam, body: CommandResultBody,
    response: CommandResultAnswer,
    async handler({ req, params, body }) {
      const gateway = await requestGateway(db, req);
      const answer = await queue.report(gateway.id, params.id, body);
      if ('refused' in answer) {
        if (answer.refused === 'unknown') throw notFound(WHAT);
        if (answer.refused === 'not-taken') throw conflict('命令尚未下发，不能回报结果');
        throw badRequest(`${answer.field}: ${answer.message}`);
      }
      return answer;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_gateway_command', access: Right.DevicePreview, query: GatewayCommandQuery, response: GatewayCommandPage,
    async handler({ user, query }) {
      await queue.expireOverdue();
      return commands.list(user, query);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_gateway_command/:id', access: Right.DevicePreview, params: IdParam, response: GatewayCommandDetail,
    async handler({ user, params }) {
      await queue.expireOverdue();
      const found = await commands.find(user, params.id);
      if (!found) throw notFound(WHAT);
      return found;
    },
  });
}
