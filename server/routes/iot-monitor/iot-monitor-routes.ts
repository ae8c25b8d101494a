import type { FastifyInstance } from 'fastify';
import { IotMonitor, IotMonitorQuery } from '../../../contract/iot-monitor';
import { ProductSyncPreview, ProductSyncPreviewQuery } from '../../../contract/product-sync-preview';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { IotMonitorRepository } from './iot-monitor-repository';
import { ProductSyncPreviewRepository } from './product-sync-preview-repository';

/**
 * Read-only views of issue 17's console pages: 物联网监控's IoT devices with their state counts,
 * and what a product sync would send now (the confirm of 产品同步).
 */
export function registerIotMonitorRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const monitor = new IotMonitorRepository(db);
  const preview = new ProductSyncPreviewRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_device/iot-monitor', access: Right.DevicePreview, query: IotMonitorQuery, response: IotMonitor,
    handler: ({ user, query }) => monitor.monitor(user, query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_product_sync/preview', access: Right.ProductEdit, query: ProductSyncPreviewQuery, response: ProductSyncPreview,
    async handler({ user, query }) {
      const found = await preview.preview(user, query.deviceModelId);
      if (!found) throw notFound('产品');
      return found;
    },
  });
}
