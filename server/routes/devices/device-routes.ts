import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ChangeModelBody, ChangeModelPlan, ChangeModelQuery, ChangeModelResult, CopyDeviceBody, DeviceCount, DeviceCountQuery,
  DeviceImportBody, DeviceImportResult, DeviceMeasureQuery, DeviceMeasures, GatewayOptionsQuery, SaveDeviceMeasureBody,
  SetProjectBody, SetProjectResult, UniqueCheck, UniqueCheckParams, UniqueCheckQuery,
} from '../../../contract/device-admin';
import { DeviceListItem, DeviceListQuery, DevicePage } from '../../../contract/devices';
import { IdParam, NameList } from '../../../contract/envelope';
import { saveBodySchema, type ResourceDefinition } from '../../../contract/resources/kit';
import { deviceResource } from '../../../contract/resources/device';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import type { AlarmSnapshot, DeviceStateEvent } from '../../telemetry/telemetry-events';
import { visibleProject } from '../telemetry/telemetry-repository';
import { Licensing } from '../../licence/licensing';
import { importDevices } from './device-import-repository';
import { readDeviceMeasures, saveDeviceMeasures } from './device-measure-repository';
import { applyModelChange, planModelChange, publicPlan } from './device-model-change-repository';
import { countDevices, devicesByIds, findDevice, listDevices, projectGateways, valueTaken } from './device-repository';
import { copyDevice, deleteDevice, saveDevice, setProject } from './device-write-repository';

const SaveBody = saveBodySchema(deviceResource as unknown as ResourceDefinition);
type SaveBody = z.output<typeof deviceResource.save> & { id?: number; version?: number };

/**
 * The device family (SPEC §7 t_device, t_device_measure; issue 18): the paged list, one device,
 * save, delete, the IoT id / ICCID checks, counts, set-project, copy, change-model (preview and
 * apply), the per-device alarm settings and the batch import. Reads need device-preview, writes
 * device-edit, deleting device-delete; every call is limited to the devices of the projects in the
 * caller's data scope (another device is 404), and every write commits with its audit line.
 * Deleting and changing a model wait for the ingest batch in flight, so no batch writes values of
 * a point that is being moved or removed.
 */
export function registerDeviceRoutes(app: FastifyInstance, { db, dialect, config, telemetry, telemetryEvents }: AppDeps): void {
  const licence = new Licensing(db, config);
  const serial = <T>(work: () => Promise<T>): Promise<T> => (telemetry ? telemetry.ingest.exclusive(work) : work());
  const announce = (cleared: AlarmSnapshot[], state: DeviceStateEvent | null = null) => {
    for (const alarm of cleared) telemetryEvents?.emit('measureWarning', { action: 'clear', alarm });
    if (state) telemetryEvents?.emit('deviceState', state);
  };
  const one = async (id: number) => (await devicesByIds(db, [id]))[0];

  endpoint(app, db, {
    method: 'GET', url: '/t_device', access: Right.DevicePreview, query: DeviceListQuery, response: DevicePage, display: true,
    handler: ({ user, query }) => listDevices(db, dialect, user, query, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device/cnt', access: Right.DevicePreview, query: DeviceCountQuery, response: DeviceCount,
    handler: ({ user, query }) => countDevices(db, user, query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device/gateways', access: Right.DevicePreview, query: GatewayOptionsQuery, response: NameList,
    async handler({ user, query }) {
      return projectGateways(db, await visibleProject(db, user, query.projectId));
    },
  });

  for (const [url, column] of [['/t_device/is-iotid-exit/:id', 'iot_id'], ['/t_device/is-iccid-exit/:id', 'iccid']] as const) {
    endpoint(app, db, {
      method: 'GET', url, access: Right.DeviceEdit, params: UniqueCheckParams, query: UniqueCheckQuery, response: UniqueCheck,
      async handler({ user, params, query }) {
        if (params.id !== 0 && !(await findDevice(db, user, params.id))) throw notFound('设备');
        return valueTaken(db, column, query.value, params.id || null);
      },
    });
  }

  endpoint(app, db, {
    method: 'GET', url: '/t_device/:id', access: Right.DevicePreview, params: IdParam, response: DeviceListItem,
    async handler({ user, params }) {
      const device = await findDevice(db, user, params.id);
      if (!device) throw notFound('设备');
      return device;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/save', access: Right.DeviceEdit, tenancy: 'subtree', body: SaveBody, response: DeviceListItem,
    async handler({ user, body, req }) {
      const { id, version, ...fields } = body as SaveBody;
      return one(await saveDevice(db, { user, ip: req.ip, licence }, fields, id, version));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/del/:id', access: Right.DeviceDelete, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      announce(await serial(() => deleteDevice(db, { user, ip: req.ip }, params.id)));
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/copy', access: Right.DeviceEdit, tenancy: 'subtree', body: CopyDeviceBody, response: DeviceListItem,
    async handler({ user, body, req }) {
      const { id, ...own } = body;
      return one(await copyDevice(db, { user, ip: req.ip, licence }, id, own));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/set-project', access: Right.DeviceEdit, tenancy: 'subtree', body: SetProjectBody, response: SetProjectResult,
    handler: async ({ user, body, req }) => ({ updated: await setProject(db, { user, ip: req.ip }, body) }),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device/change-model/preview', access: Right.DeviceEdit, query: ChangeModelQuery, response: ChangeModelPlan,
    handler: async ({ user, query }) => publicPlan(await planModelChange(db, user, query.id, query.deviceModelId)),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/change-model', access: Right.DeviceEdit, tenancy: 'subtree', body: ChangeModelBody, response: ChangeModelResult,
    async handler({ user, body, req }) {
      const outcome = await serial(() => applyModelChange(db, { user, ip: req.ip }, body));
      announce(outcome.cleared, outcome.state);
      return { ...outcome.plan, device: await one(body.id) };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device/batch', access: Right.DeviceEdit, tenancy: 'subtree', body: DeviceImportBody, response: DeviceImportResult,
    bodyLimit: 4 * 1024 * 1024,
    handler: ({ user, body, req }) => importDevices(db, { user, ip: req.ip, licence }, body.rows, body.dryRun),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device_measure', access: Right.DevicePreview, query: DeviceMeasureQuery, response: DeviceMeasures,
    handler: ({ user, query }) => readDeviceMeasures(db, { user }, query.deviceId),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device_measure/save', access: Right.DeviceEdit, tenancy: 'subtree', body: SaveDeviceMeasureBody, response: DeviceMeasures,
    handler: ({ user, body, req }) => saveDeviceMeasures(db, dialect, { user, ip: req.ip }, body.deviceId, body.items),
  });
}
