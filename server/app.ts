import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '../contract/constants';
import { RESOURCES } from '../contract/resources/registry';
import type { AppDeps } from './deps';
import { registerConsole } from './http/console-static';
import { registerEnvelopeErrors } from './http/envelope-errors';
import { registerHealth } from './http/health';
import { registerMetrics } from './http/metrics';
import { createHub, registerHub } from './hub/hub-plugin';
import { bridgeTelemetryToHub } from './hub/telemetry-bridge';
import type { HubOptions } from './hub/hub-server';
import { serializeRequest } from './http/log-redaction';
import { registerSecurity } from './http/security';
import { registerAlarmNotificationRoutes } from './routes/alarm-notifications/alarm-notification-routes';
import { registerHistoryAlarmRoutes } from './routes/alarms/history-alarm-routes';
import { registerRealAlarmRoutes } from './routes/alarms/real-alarm-routes';
import { registerProjectContactRoutes } from './routes/contacts/contact-routes';
import { registerRegionRoutes } from './routes/regions/region-routes';
import { registerRoleRoutes } from './routes/roles/role-routes';
import { registerApplicationRoutes } from './routes/applications/application-routes';
import { registerApplicationStatsRoutes } from './routes/applications/application-stats-routes';
import { registerLogRoutes } from './routes/logs/log-routes';
import { registerOrgRoutes } from './routes/orgs/org-routes';
import { registerDeviceRoutes } from './routes/devices/device-routes';
import { registerDeviceControlRoutes } from './routes/devices/device-control-routes';
import { registerGatewayRoutes } from './routes/gateways/gateway-routes';
import { registerMeasureRoutes } from './routes/measures/measure-routes';
import { registerIngestRoutes } from './routes/telemetry/ingest-routes';
import { registerTelemetryRoutes } from './routes/telemetry/telemetry-routes';
import { registerDeviceDetailRoutes } from './routes/device-detail/device-detail-routes';
import { Telemetry } from './telemetry/telemetry';
import { TelemetryEvents } from './telemetry/telemetry-events';
import { registerFileRoutes } from './routes/files/file-routes';
import { registerGraphLiveRoutes } from './routes/graph-live/graph-live-routes';
import { registerMenuRoutes } from './routes/menu/menu-routes';
import { registerMessageRoutes } from './routes/messages/message-routes';
import { registerNameRoutes } from './routes/names/name-routes';
import { registerProjectGraphRoutes } from './routes/project-graphs/project-graph-routes';
import { registerProjectRoutes } from './routes/projects/project-routes';
import { registerProjectVideoRoutes } from './routes/project-videos/project-video-routes';
import { registerPlaylistRoutes } from './routes/playlists/playlist-routes';
import { registerWallRoutes } from './routes/walls/wall-routes';
import { registerDisplayCache } from './walls/display-cache';
import { registerWallHealth } from './routes/wall-health/wall-health-routes';
import { registerSimRoutes } from './routes/sim/sim-routes';
import { registerGatewayCommandRoutes } from './routes/gateway-commands/gateway-command-routes';
import { registerProductSyncRoutes } from './routes/product-sync/product-sync-routes';
import { registerUpgradeRoutes } from './routes/upgrades/upgrade-routes';
import { registerIotMonitorRoutes } from './routes/iot-monitor/iot-monitor-routes';
import { registerMonitoringRoutes } from './routes/monitoring/monitoring-routes';
import { registerScreenDataRoutes } from './routes/screen-data/screen-data-routes';
import { registerScreenTemplateRoutes } from './routes/screens/screen-template-routes';
import { registerStatisticsRoutes } from './routes/statistics/statistics-routes';
import { registerSettingsRoutes } from './routes/settings/settings-routes';
import { registerSysRoutes } from './routes/sys/sys-routes';
import { registerUserManageRoutes } from './routes/user-manage/user-manage-routes';
import { registerUserRoutes } from './routes/user/user-routes';
import { registerAppApiRoutes } from './routes/app-api';
import { RequestLogController } from './http/request-log';
import { registerBackupRoutes } from './routes/backup/backup-routes';
import { registerApiDocs } from './api-docs/api-docs-routes';
import { registerAboutRoutes } from './routes/about/about-routes';
import { registerCardHomeRoutes } from './routes/cards/card-home-routes';
import { registerCardRoutes } from './routes/cards/card-routes';
import { registerDemoCatalogueRoutes } from './routes/filter-catalogue/demo-catalogue-routes';
import { RESOURCE_HOOKS } from './resources/resource-hooks';
import { registerResourceRoutes } from './resources/resource-routes';

export interface BuildAppOptions {
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | { level: string };
  /** Hub timings and limits (tests shorten the keep-alive); defaults otherwise. */
  hub?: Partial<HubOptions>;
}

/** A proxy's `X-Request-Id` when it is a plain token, else a fresh one: the id of the request's log lines. */
function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
}

/** The HTTP application: plugins first, then the hub and the route families, then the console. */
export async function buildApp(base: Omit<AppDeps, 'hub'>, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = base;
  const logger = options.logger ?? {
    level: config.logLevel,
    // On a terminal: readable lines (a worker thread formats them); else JSON for collectors.
    ...(config.logFormat === 'pretty' ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
  const app = Fastify({
    logger: logger && {
      ...(typeof logger === 'object' ? logger : {}),
      serializers: { req: serializeRequest },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: config.bodyLimit,
    trustProxy: typeof config.trustProxy === 'number'
      ? (_addr: string, hop: number) => hop < (config.trustProxy as number)
      : config.trustProxy,
    return503OnClosing: true,
    logController: new RequestLogController(),
    genReqId: requestIdOf,
  });
  // Every answer names its request, so a user can quote it and the log line can be found.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerEnvelopeErrors(app);
  await registerSecurity(app, config, base.db);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  const hub = await createHub(base.db, config, base.secrets, app.log, options.hub);
  try {
    await registerHub(app, hub, base.db);
  } catch (err) {
    await hub.close();
    throw err;
  }
  const deps: AppDeps = { ...base, hub };
  // Before the route families: the API reference (/api/docs) collects them as they are registered.
  registerApiDocs(app, deps);
  registerMetrics(app, deps);
  // Before the route families: a wall's tiles share one answer per data version (issue 23).
  const displayCache = registerDisplayCache(app, deps.db);
  if (base.telemetryEvents) {
    const detach = bridgeTelemetryToHub(base.telemetryEvents, hub);
    app.addHook('onClose', async () => detach());
  }

  await app.register(async (api) => {
    registerUserRoutes(api, deps);
    registerUserManageRoutes(api, deps);
    registerSysRoutes(api, deps);
    registerSettingsRoutes(api, deps);
    registerMenuRoutes(api, deps);
    registerNameRoutes(api, deps);
    registerMessageRoutes(api, deps);
    registerStatisticsRoutes(api, deps);
    registerScreenDataRoutes(api, deps);
    registerRealAlarmRoutes(api, deps);
    registerHistoryAlarmRoutes(api, deps);
    registerProjectContactRoutes(api, deps);
    registerAlarmNotificationRoutes(api, deps);
    for (const resource of RESOURCES) registerResourceRoutes(api, deps, resource, RESOURCE_HOOKS[resource.name]?.(deps));
    registerRegionRoutes(api, deps);
    registerRoleRoutes(api, deps);
    registerApplicationRoutes(api, deps);
    registerApplicationStatsRoutes(api, deps);
    registerOrgRoutes(api, deps);
    registerLogRoutes(api, deps);
    registerDeviceRoutes(api, deps);
    registerProjectRoutes(api, deps);
    registerDeviceControlRoutes(api, deps);
    registerGatewayRoutes(api, deps);
    registerMeasureRoutes(api, deps);
    registerTelemetryRoutes(api, deps);
    registerDeviceDetailRoutes(api, deps);
    registerIngestRoutes(api, deps, deps.telemetry ?? new Telemetry({
      db: deps.db, dialect: deps.dialect, events: deps.telemetryEvents ?? new TelemetryEvents(), offlineAfterS: 0,
    }));
    registerFileRoutes(api, deps);
    registerScreenTemplateRoutes(api, deps);
    registerProjectGraphRoutes(api, deps);
    registerProjectVideoRoutes(api, deps);
    registerGraphLiveRoutes(api, deps);
    registerPlaylistRoutes(api, deps);
    registerWallRoutes(api, deps, displayCache);
    registerWallHealth(api, deps, hub);
    registerSimRoutes(api, deps);
    registerGatewayCommandRoutes(api, deps);
    registerProductSyncRoutes(api, deps);
    registerUpgradeRoutes(api, deps);
    registerIotMonitorRoutes(api, deps);
    registerMonitoringRoutes(api, deps);
    registerAboutRoutes(api, deps);
    registerCardRoutes(api, deps);
  }, { prefix: '/api' });
  // The second API base (SPEC §7): analysis and purchasing families, see routes/app-api.ts.
  await app.register(async (appApi) => registerAppApiRoutes(appApi, deps), { prefix: '/app-api' });
  // SPEC §7's server routes: backup and restore (routes/backup/).
  await app.register(async (srv) => { await registerBackupRoutes(srv, deps); }, { prefix: '/srv' });

  registerHealth(app, deps);
  registerCardHomeRoutes(app, deps);
  registerDemoCatalogueRoutes(app, deps);
  await registerConsole(app, config.staticDir);
  return app;
}
