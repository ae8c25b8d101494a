import type { FastifyInstance } from 'fastify';
import { IdParam, NameList } from '../../../contract/envelope';
import { GatewayCommandRecord } from '../../../contract/gateway-commands';
import {
  GATEWAY_REFRESH_TTL_S, GATEWAY_RESTART_TTL_S, GatewayConfigPreview, GatewayListItem, GatewayListQuery, GatewayPage, GatewayRefreshBody,
  GatewayRestartBody,
} from '../../../contract/gateways';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { checkPassword } from '../devices/device-control-routes';
import { queueAudited } from '../devices/device-control-repository';
import { GatewayCommandRepository } from '../gateway-commands/gateway-command-repository';
import { GatewayRepository } from './gateway-repository';

const WHAT = '网关';

/**
 * Gateways (issue 18, SPEC §7 t_gateway; server/routes/gateways/README.md): the list and one
 * gateway, the measure points its devices report (measureIdName/{id}), the register map it polls
 * (config/preview/{id}) — device-preview —, and the refresh (device-edit) and restart
 * (device-control, after the password check) commands queued for it with their 远程控制 audit
 * line. A gateway is seen by those who see its project; another is 404.
 */
export function registerGatewayRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const gateways = new GatewayRepository(db);
  const commands = new GatewayCommandRepository(db);
  const gatewayOf = async (user: AuthUser, id: number) => {
    const found = await gateways.find(user, id);
    if (!found) throw notFound(WHAT);
    return found;
  };
  const record = async (user: AuthUser, id: number) => {
    const { payload: _payload, devices: _devices, ...rest } = (await commands.find(user, id))!;
    return rest;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_gateway', access: Right.DevicePreview, query: GatewayListQuery, response: GatewayPage,
    handler: ({ user, query }) => gateways.list(user, query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_gateway/:id', access: Right.DevicePreview, params: IdParam, response: GatewayListItem,
    async handler({ user, params }) {
      const found = await gateways.one(user, params.id);
      if (!found) throw notFound(WHAT);
      return found;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_gateway/measureIdName/:id', access: Right.DevicePreview, params: IdParam, response: NameList,
    async handler({ user, params }) {
      return gateways.measureNames((await gatewayOf(user, params.id)).id);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_gateway/config/preview/:id', access: Right.DevicePreview, params: IdParam, response: GatewayConfigPreview,
    async handler({ user, params }) {
      return gateways.configPreview(await gatewayOf(user, params.id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_gateway/refresh', access: Right.DeviceEdit, tenancy: 'subtree', body: GatewayRefreshBody, response: GatewayCommandRecord,
    async handler({ user, body, req }) {
      const gateway = await gatewayOf(user, body.id);
      const id = await queueAudited(db, { user, ip: req.ip }, {
        gatewayId: gateway.id, deviceId: null, kind: 'refresh', payload: {}, ttlS: GATEWAY_REFRESH_TTL_S,
        target: `t_gateway#${gateway.id} ${gateway.name}`, detail: {},
      });
      return record(user, id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_gateway/restart', access: Right.DeviceControl, tenancy: 'subtree', body: GatewayRestartBody, response: GatewayCommandRecord,
    rateLimit: config.loginRateLimit,
    async handler({ user, body, req }) {
      const gateway = await gatewayOf(user, body.id);
      await checkPassword(db, user.id, body.password);
      const id = await queueAudited(db, { user, ip: req.ip }, {
        gatewayId: gateway.id, deviceId: null, kind: 'restart', payload: {}, ttlS: GATEWAY_RESTART_TTL_S,
        target: `t_gateway#${gateway.id} ${gateway.name}`, detail: {},
      });
      return record(user, id);
    },
  });
}
