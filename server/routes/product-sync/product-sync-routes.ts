import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../../contract/envelope';
import {
  ProductSyncDetail, ProductSyncPage, ProductSyncQuery, RetryProductSyncBody, StartProductSyncBody,
} from '../../../contract/product-sync';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { GatewayCommandQueue } from '../../gateway/command-queue';
import { ProductSyncRepository } from './product-sync-repository';

const WHAT = '产品同步记录';

/**
 * Product sync (issue 17; contract/product-sync.ts): push a device model's measure table to the
 * devices of that model the caller sees, through their gateways' command queue, and follow each
 * device's result. Reading needs product-preview, starting and retrying product-edit. Reads first
 * expire overdue commands, so a timed-out device shows as such without waiting for the sweep.
 */
export function registerProductSyncRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const syncs = new ProductSyncRepository(db);
  const queue = new GatewayCommandQueue(db);
  const findVisible = async (user: AuthUser, id: number) => {
    await queue.expireOverdue();
    const found = await syncs.find(user, id);
    if (!found) throw notFound(WHAT);
    return found;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_product_sync', access: Right.ProductPreview, query: ProductSyncQuery, response: ProductSyncPage,
    async handler({ user, query }) {
      await queue.expireOverdue();
      return syncs.list(user, query);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_product_sync/:id', access: Right.ProductPreview, params: IdParam, response: ProductSyncDetail,
    handler: ({ user, params }) => findVisible(user, params.id),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_product_sync/start', access: Right.ProductEdit, tenancy: 'subtree', body: StartProductSyncBody, response: ProductSyncDetail,
    async handler({ user, body, req }) {
      if (await syncs.modelName(body.deviceModelId) === undefined) throw notFound('产品');
      const devices = await syncs.visibleDevices(user, body.deviceModelId);
      if (!devices.length) throw badRequest('body.deviceModelId: 该产品下没有可同步的设备');
      const id = await syncs.start(body.deviceModelId, devices, body.timeoutS, { userId: user.id, username: user.username, ip: req.ip });
      return findVisible(user, id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_product_sync/retry/:id', access: Right.ProductEdit, tenancy: 'subtree', params: IdParam, body: RetryProductSyncBody,
    response: ProductSyncDetail,
    async handler({ user, params, body, req }) {
      await findVisible(user, params.id);
      const retried = await syncs.retry(params.id, await syncs.visibleItemDevices(user, params.id), body.timeoutS, {
        userId: user.id, username: user.username, ip: req.ip,
      });
      if (!retried) throw conflict('该同步没有失败的设备可重试');
      return findVisible(user, params.id);
    },
  });
}
