import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import type { ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { pruneSessions } from './auth/sessions';
import { bootstrapAdmin } from './seed/bootstrap-admin';
import { seedDemo, type DemoSeedResult } from './seed/demo-seed';
import { seedReferenceData } from './seed/reference-data';
import { seedDemoGatewayKeys } from './seed/demo-gateway-keys';
import { GatewayCommandQueue, startExpirySweep } from './gateway/command-queue';
import { AlarmNotifier } from './notifications/alarm-notifier';
import { loadSecretsKey, SecretBox } from './secrets/secret-box';
import { sealStoredSecrets } from './secrets/stored-secrets';
import { SimGateways } from './simulator/sim-gateways';
import { Simulator } from './simulator/simulator';
import { SimulatorDrills } from './simulator/drills';
import { Telemetry } from './telemetry/telemetry';
import { TelemetryEvents } from './telemetry/telemetry-events';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** http://host:port of the listening server. */
  url: string;
  migrations: string[];
  /** Secrets found in plain text and sealed at this start (rows from before sealing, server/secrets/). */
  sealedSecrets: number;
  demoSeed: DemoSeedResult | null;
  /** Ingest, alarm engine, device states; `telemetry.events` is the domain event bus. */
  telemetry: Telemetry;
  /** The device simulator (demo mode with SIMULATOR on), else null. */
  simulator: Simulator | null;
  /** The simulator's drills (attached to `simulator` when it runs). */
  drills: SimulatorDrills;
  /** The alarm notification worker (webhooks, e-mail, escalation). */
  notifier: AlarmNotifier;
  /** Stops the simulator and background jobs, finishes requests in flight, then closes the database. */
  close(): Promise<void>;
}

/** Opens and prepares the database, builds the app and listens: what `npm start` and the tests run. */
export async function startServer(config: ServerConfig, options: BuildAppOptions = {}): Promise<RunningServer> {
  // First: a missing or unsafe key stops the start before anything is opened.
  const secrets = new SecretBox(loadSecretsKey(config.secretsKey, config.dataDir));
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let app: FastifyInstance | undefined;
  let telemetry: Telemetry | undefined;
  let simulator: Simulator | null = null;
  let simGateways: SimGateways | null = null;
  let stopSweep: (() => Promise<void>) | null = null;
  let notifier: AlarmNotifier | undefined;
  try {
    const migrations = await migrate(database.db as never, database.dialect);
    const sealedSecrets = await sealStoredSecrets(database.db, secrets);
    await seedReferenceData(database.db);
    const demoSeed = config.demo ? await seedDemo(database.db, undefined, { historyDays: config.demoHistoryDays, dialect: database.dialect }) : null;
    if (demoSeed) await seedDemoGatewayKeys(database.db, config.dataDir);
    if (!config.demo) await bootstrapAdmin(database.db, config.adminPassword);
    await pruneSessions(database.db);
    const telemetryEvents = new TelemetryEvents((err, type) => app?.log.error({ err }, `telemetry ${type} listener failed`));
    notifier = new AlarmNotifier({ db: database.db, settings: config.notify, secrets, onError: (err) => app?.log.error({ err }, 'alarm notification failed') });
    const alarmNotifier = notifier;
    // A raise's notifications are queued in its transaction; the worker is woken once it has committed.
    telemetryEvents.on('measureWarning', (w) => { if (w.action === 'raise') alarmNotifier.wake(); });
    telemetry = new Telemetry({
      db: database.db, dialect: database.dialect, events: telemetryEvents, offlineAfterS: config.offlineAfterS, alarm: config.alarm,
      onError: (err, job) => app?.log.error({ err }, `${job} failed`), onRaise: notifier,
    });
    const drills = new SimulatorDrills();
    app = await buildApp({
      db: database.db, dialect: database.dialect, sqlite: database.sqlite, config, secrets, telemetryEvents, telemetry, drills,
    }, options);
    const pruneTimer = setInterval(() => {
      pruneSessions(database.db).catch((err) => app?.log.error({ err }, 'session prune failed'));
    }, 3_600_000);
    pruneTimer.unref();
    app.addHook('onClose', async () => clearInterval(pruneTimer));
    // Answers still in flight at shutdown end their keep-alive connection, so close() need not
    // wait for idle clients to time out.
    let shuttingDown = false;
    app.addHook('preClose', async () => { shuttingDown = true; });
    app.addHook('onSend', async (_req, reply) => { if (shuttingDown) reply.header('Connection', 'close'); });
    await app.listen({ port: config.port, host: config.host });
    telemetry.start();
    notifier.start();
    // Commands past their deadline expire even for a gateway that never polls again.
    const commandQueue = new GatewayCommandQueue(database.db, undefined, (m) => telemetryEvents.emit('message', m));
    stopSweep = startExpirySweep(commandQueue, 5_000, (err) => app?.log.error({ err }, 'command expiry failed'));
    if (config.demo && config.simulator) {
      simulator = new Simulator({
        db: database.db, ingest: telemetry.ingest, onError: (err) => app?.log.error({ err }, 'simulator round failed'),
      });
      simulator.start();
      drills.attach(simulator);
      const sim = simulator;
      simGateways = new SimGateways({
        db: database.db, queue: commandQueue, ingest: telemetry.ingest, onConfigured: (ids) => sim.reloadDevices(ids),
        onWritten: (deviceId, measureId, value) => sim.setPoint(deviceId, measureId, value), onRefreshed: (ids) => sim.sampleNow(ids),
        onError: (err) => app?.log.error({ err }, 'simulated gateway failed'),
      });
      simGateways.start();
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const running = app;
    const jobs = telemetry;
    const sim = simulator;
    const simGw = simGateways;
    const sweep = stopSweep;
    const worker = notifier;
    let closing: Promise<void> | undefined;
    return {
      app: running, database, url: `http://${host}:${port}`, migrations, sealedSecrets, demoSeed, telemetry: jobs, simulator: sim, drills, notifier: worker,
      close: () => (closing ??= (async () => {
        await sim?.stop();
        await simGw?.stop();
        await sweep();
        await worker.stop();
        await jobs.stop();
        await running.close();
        await database.close();
      })()),
    };
  } catch (err) {
    await simulator?.stop().catch(() => undefined);
    await simGateways?.stop().catch(() => undefined);
    await stopSweep?.().catch(() => undefined);
    await notifier?.stop().catch(() => undefined);
    await telemetry?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
}
