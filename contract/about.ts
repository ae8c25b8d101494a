import { z } from 'zod';

/** GET /api/about/version: the server side of 版本信息 (the console adds its own build). */
export const ServerVersion = z.object({
  /** The product version (contract/constants.ts PRODUCT_VERSION). */
  version: z.string(),
  /** Node.js running the server, e.g. `v20.19.4`. */
  node: z.string(),
  platform: z.string(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgresql']),
    /** The database engine's own version (`sqlite_version()`, `server_version`). */
    version: z.string(),
  }),
  migrations: z.object({
    /** How many migrations the database has applied, and the last one. */
    applied: z.number().int(),
    latest: z.string().nullable(),
    /** Migrations this build knows that the database has not applied (none after a normal start). */
    pending: z.array(z.string()),
  }),
  /** When this server process started (epoch ms). */
  startedAt: z.number().int(),
});
export type ServerVersion = z.infer<typeof ServerVersion>;

/** One open-source component of the product, read from its package.json at build time. */
export interface OssComponent {
  name: string;
  version: string;
  /** The SPDX expression of its `license` field (or the legacy `licenses` list); `UNKNOWN` without. */
  license: string;
  homepage?: string;
}

/** The console bundle's build: version, time and commit, written at build time. */
export interface ConsoleBuild {
  version: string;
  /** ISO time of the build (SOURCE_DATE_EPOCH when set). */
  builtAt: string;
  /** Short commit hash, or `unknown` outside a git checkout (NV_COMMIT overrides). */
  commit: string;
}
