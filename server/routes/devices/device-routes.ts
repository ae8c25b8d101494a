import type { FastifyInstance } from 'fastify';
import { DeviceListQuery, DevicePage } from '../../../contract/devices';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { listDevices } from './device-repository';

/** The device family: the paged list (filters by project, state and keyword). */
export function registerDeviceRoutes(app: FastifyInstance, { db, dialect }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/t_device', access: Right.DevicePreview, query: DeviceListQuery, response: DevicePage,
    handler: ({ user, query }) => listDevices(db, dialect, user, query, query.Page, query.Size),
  });
}
