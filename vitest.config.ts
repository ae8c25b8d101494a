import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The server suites whose outcome depends on the SQL dialect: `npm run test:pg` runs these again on
 * PostgreSQL (everything runs once on SQLite in `npm run test:unit`). Migrations and seeds,
 * backups, time-series writes and their aggregates, searches and paging, transactions and locks
 * across processes, the data-scope filters, the resource kit's CRUD of every kit resource, and the
 * rights matrix, which calls every endpoint once and so runs every endpoint's SQL on PostgreSQL.
 * A new suite belongs here when it tests SQL the other suites do not reach.
 */
export const POSTGRES_SUITES = [
  'upgrades', 'menu-migration', 'cards-catalogue-migration', 'seed', 'persistence',
  'db-backup', 'secrets-at-rest', 'retention',
  'telemetry-history', 'telemetry-ingest', 'telemetry-devices',
  'energy-analysis', 'environment-analysis', 'life-analysis', 'iot-monitor', 'device-detail',
  'device-admin', 'user-list', 'logs',
  'purchase-orders', 'gateway-commands', 'gateway-commands-process', 'alarm-notifications-process', 'process',
  'data-scope', 'tenant-isolation', 'resource-kit', 'rights-matrix',
  'metrics', 'wall-health',
].map((name) => `tests/server/${name}.test.ts`);

const unknownSuites = POSTGRES_SUITES.filter((file) => !fs.existsSync(file));
if (unknownSuites.length) throw new Error(`vitest.config.ts: POSTGRES_SUITES lists files that do not exist: ${unknownSuites.join(', ')}`);

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Server tests each start a real server on a real database; keep CPU use sane on 2 cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['{contract,server,kiosk,tests}/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/bench/**'],
          // One module graph per worker instead of one per file: importing the server anew for each
          // of ~100 files was 40 % of the stage. These suites share no module state (no vi.mock).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: ['{src,screens}/**/*.test.ts'],
          // vi.mock and fake timers: each file keeps its own module graph.
          isolate: true,
        },
      },
      // Each file its own module graph on PostgreSQL, as before: shared graphs there were not yet
      // proven on a quiet machine (two hub-timing suites failed beside a bench at load 9).
      ...(onPostgres ? [{ extends: true as const, test: { name: 'postgres', include: POSTGRES_SUITES, isolate: true } }] : []),
    ],
  },
});
