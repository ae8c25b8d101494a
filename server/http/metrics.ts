import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppDeps } from '../deps';
import {
  databaseConnections, databaseSizeBytes, gatewayCommandQueueDepth, notificationQueueDepth,
} from './metrics-repository';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  /**
   * `METRICS_TOKEN`: when set, /metrics answers only `Authorization: Bearer <token>` (from any
   * address); when unset, only clients on the loopback address (a scraper on the same host) whose
   * request was not forwarded by a proxy.
   */
  token?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Constant-time enough for a fixed-length comparison of a secret (no early exit on the first difference). */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Whether this request may read /metrics (see {@link MetricsOptions.token}). */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && sameSecret(header.slice(7), token);
  }
  // A request relayed by a proxy on this host looks local: refuse anything that was forwarded.
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return LOOPBACK.has(req.ip);
}

/** The route label of a request: its pattern (`/api/t_device/:id`), never the raw URL (ids and queries would explode the series). */
function routeOf(req: FastifyRequest): string {
  const url = req.routeOptions?.url;
  return url ?? 'unmatched';
}

/**
 * Prometheus metrics at GET /metrics (server/README.md "Metrics"), one registry per app (several
 * servers may share a process in tests): requests by route, method and status and their latency,
 * open hub connections, samples ingested, alarm evaluations and events, the notification and
 * gateway command queues, the database's size and connections, and Node's process metrics.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps, options: MetricsOptions = {}): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { db, dialect } = deps;

  const requests = new Counter({
    name: 'nv_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const, registers: [registry],
  });
  const latency = new Histogram({
    name: 'nv_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const, registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const labels = { method: req.method, route: routeOf(req), status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const hub = deps.hub as { connectionCount?: number };
  new Gauge({
    name: 'nv_hub_connections', help: 'Open realtime hub (/chatHub) connections of this process.', registers: [registry],
    collect() { this.set(hub.connectionCount ?? 0); },
  });

  const samples = new Counter({ name: 'nv_ingest_samples_total', help: 'Measure samples ingested and stored (rate() gives the ingest rate).', registers: [registry] });
  const alarmEvents = new Counter({
    name: 'nv_alarm_events_total', help: 'Alarms raised, updated and cleared by the alarm engine.',
    labelNames: ['action'] as const, registers: [registry],
  });
  if (deps.telemetryEvents) {
    const offs = [
      deps.telemetryEvents.on('measureValues', ({ items }) => samples.inc(items.length)),
      deps.telemetryEvents.on('measureWarning', ({ action }) => alarmEvents.inc({ action })),
    ];
    app.addHook('onClose', async () => { for (const off of offs) off(); });
  }
  const engine = deps.telemetry?.engine;
  new Counter({
    name: 'nv_alarm_evaluations_total', help: 'Samples the alarm engine assessed against their alarm condition.', registers: [registry],
    collect() { this.reset(); this.inc(engine?.evaluations ?? 0); },
  });
  new Gauge({
    name: 'nv_ingest_lag_seconds', help: 'Age of the oldest ingest batch waiting to be written.', registers: [registry],
    collect() { this.set((deps.telemetry?.ingest.lagMs() ?? 0) / 1000); },
  });

  new Gauge({
    name: 'nv_notification_queue_depth', help: 'Alarm notifications waiting, by state (queued, failed awaiting a retry, sending).',
    labelNames: ['state'] as const, registers: [registry],
    async collect() {
      this.reset();
      for (const state of ['queued', 'failed', 'sending']) this.set({ state }, 0);
      for (const r of await notificationQueueDepth(db)) this.set({ state: r.state }, r.n);
    },
  });
  new Gauge({
    name: 'nv_gateway_command_queue_depth', help: 'Gateway commands waiting, by state (queued, sent and not yet answered).',
    labelNames: ['state'] as const, registers: [registry],
    async collect() {
      this.reset();
      for (const state of ['queued', 'sent']) this.set({ state }, 0);
      for (const r of await gatewayCommandQueueDepth(db)) this.set({ state: r.state }, r.n);
    },
  });
  new Gauge({
    name: 'nv_db_size_bytes', help: 'Database size in bytes (SQLite: pages in use; PostgreSQL: pg_database_size).', registers: [registry],
    async collect() { this.set(await databaseSizeBytes(db, dialect)); },
  });
  new Gauge({
    name: 'nv_db_connections', help: 'Database connections by state (PostgreSQL: pg_stat_activity of this database; SQLite: one).',
    labelNames: ['state'] as const, registers: [registry],
    async collect() {
      this.reset();
      for (const r of await databaseConnections(db, dialect)) this.set({ state: r.state }, r.n);
    },
  });

  const token = options.token ?? process.env.METRICS_TOKEN ?? undefined;
  app.get(METRICS_PATH, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!metricsAllowed(req, token || undefined)) {
      return reply.status(403).type('text/plain; charset=utf-8').send('forbidden\n');
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
  return registry;
}
