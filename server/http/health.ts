import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/migrate';
import type { AppDeps } from '../deps';

/** How long the database may take to answer the readiness probe. */
const DB_PROBE_TIMEOUT_MS = 2000;
const DEFAULT_MAX_INGEST_LAG_S = 30;

export interface ReadinessChecks {
  database: { ok: boolean; error?: string };
  migrations: { ok: boolean; pending: string[] };
  ingest: { ok: boolean; lagMs: number; maxLagMs: number };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** What GET /readyz checks: the database answers, every migration is applied, ingest keeps up. */
export async function readiness(deps: AppDeps): Promise<ReadinessChecks> {
  const maxLagMs = (deps.config.readyMaxIngestLagS ?? DEFAULT_MAX_INGEST_LAG_S) * 1000;
  const lagMs = deps.telemetry?.ingest.lagMs() ?? 0;
  const ingest = { ok: lagMs <= maxLagMs, lagMs, maxLagMs };
  try {
    const pending = await withTimeout((async () => {
      await sql`select 1`.execute(deps.db);
      return pendingMigrations(deps.db as unknown as Kysely<unknown>);
    })(), DB_PROBE_TIMEOUT_MS);
    return { database: { ok: true }, migrations: { ok: pending.length === 0, pending }, ingest };
  } catch (err) {
    // The probe's answer names the failure class, never connection strings or credentials.
    const error = err instanceof Error && err.message.startsWith('no answer') ? err.message : 'database unreachable';
    return { database: { ok: false, error }, migrations: { ok: false, pending: [] }, ingest };
  }
}

/**
 * Probes for load balancers and orchestrators, outside the API's envelope and without a session:
 * `GET /healthz` — the process is up and serving (200); `GET /readyz` — 200 when it can do its job
 * (database reachable, migrations applied, ingest lag under its bound), else 503 naming the
 * failing check. Neither is cached.
 */
export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  const started = Date.now();
  app.get('/healthz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok', uptimeS: Math.floor((Date.now() - started) / 1000) };
  });
  app.get('/readyz', async (_req, reply) => {
    const checks = await readiness(deps);
    const ready = checks.database.ok && checks.migrations.ok && checks.ingest.ok;
    reply.header('Cache-Control', 'no-store').status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not-ready', checks };
  });
}
