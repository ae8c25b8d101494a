import fs from 'node:fs';
import path from 'node:path';
import { Right } from '../../contract/rights';
import { ApiClient, DEMO } from './harness';
import type { EndpointCase, MatrixContext } from './endpoint-table';
import { fileForm } from './png';

/**
 * Backup and restore (/srv/db/*, issue 22). Each case that needs a backup takes one first (as the
 * admin, in `prepare`); the restore case restores a backup taken just before, so the matrix's
 * later cases see the data they left.
 */
let latest: string | null = null;

const admins = new Map<string, Promise<ApiClient>>();

/** Takes a backup as the demo admin (signed in once per server, before any backup: every backup holds its session). */
async function takeBackup(ctx: MatrixContext): Promise<string> {
  let admin = admins.get(ctx.server.url);
  if (!admin) admins.set(ctx.server.url, admin = new ApiClient(ctx.server.url).login(...DEMO.admin));
  const r = await (await admin).post('/srv/db/backup');
  if (!r.body.success) throw new Error(`matrix backup failed: ${r.body.error}`);
  latest = r.body.data.fileName as string;
  return latest;
}

const named = (): string => latest ?? 'nv-manual-none.db';
const backupDir = (ctx: MatrixContext) => ctx.server.config.backupDir ?? path.join(ctx.server.config.dataDir, 'backups');

export const BACKUP_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/srv/db/list', access: Right.Backup, call: () => ({ url: '/srv/db/list' }) },
  { method: 'GET', route: '/srv/db/result', access: Right.Backup, call: () => ({ url: '/srv/db/result' }) },
  { method: 'GET', route: '/srv/db/schedule', access: Right.Backup, call: () => ({ url: '/srv/db/schedule' }) },
  { method: 'POST', route: '/srv/db/schedule', access: Right.Backup,
    call: () => ({ url: '/srv/db/schedule', body: { enabled: true, time: '03:30', keep: 5 } }) },
  { method: 'POST', route: '/srv/db/backup', access: Right.Backup, call: () => ({ url: '/srv/db/backup' }) },
  { method: 'GET', route: '/srv/db/download', access: Right.Backup, raw: true, rawType: 'application/octet-stream',
    prepare: async (ctx) => { await takeBackup(ctx); },
    call: () => ({ url: `/srv/db/download?fileName=${named()}` }) },
  { method: 'POST', route: '/srv/db/upload', access: Right.Backup,
    prepare: async (ctx) => { await takeBackup(ctx); },
    call: (ctx) => {
      const file = fs.readFileSync(path.join(backupDir(ctx), named()));
      return { url: '/srv/db/upload', body: fileForm(file, `copy-${named()}`, 'application/octet-stream') };
    } },
  // Deletes the backup prepare took (one caller succeeds per case).
  { method: 'POST', route: '/srv/db/del', access: Right.Backup,
    prepare: async (ctx) => { await takeBackup(ctx); },
    call: () => ({ url: `/srv/db/del?fileName=${named()}` }) },
  // Restores a backup of the data as it stood a moment before (taken in prepare): nothing the
  // matrix relies on moves.
  { method: 'POST', route: '/srv/db/restore', access: Right.Backup,
    prepare: async (ctx) => { await takeBackup(ctx); },
    call: () => ({ url: `/srv/db/restore?fileName=${named()}` }) },
];
