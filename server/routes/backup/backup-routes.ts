import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BackupEntry, BackupFileQuery, BackupJob, BackupList, BackupSchedule, RestoreResult } from '../../../contract/backup';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import { BackupService } from '../../backup/backup-service';
import type { BackupActor } from '../../backup/backup-repository';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/api-error';
import { sealStoredSecrets } from '../../secrets/stored-secrets';
import { endpoint } from '../../http/endpoint';
import { cleanFileName } from '../upgrades/firmware-routes';

/**
 * Backup and restore (SPEC §7; server/backup/README.md), under `/srv`: every call needs the right
 * `backup`, and every backup, upload, deletion and restore is written to the operation log.
 * The service's schedule timer is disposed when the app closes.
 */
export async function registerBackupRoutes(srv: FastifyInstance, deps: AppDeps): Promise<BackupService> {
  const { db } = deps;
  const service = new BackupService({
    db, dialect: deps.dialect, sqlite: deps.sqlite, config: deps.config, hub: deps.hub, log: srv.log,
    afterRestore: () => sealStoredSecrets(db, deps.secrets),
  });
  await service.start();
  srv.addHook('onClose', async () => service.close());
  const actor = (user: AuthUser, req: FastifyRequest): BackupActor => ({ userId: user.id, username: user.username, ip: req.ip });

  endpoint(srv, db, {
    method: 'GET', url: '/db/list', access: Right.Backup, tenancy: 'platform', response: BackupList,
    handler: () => service.list(),
  });

  endpoint(srv, db, {
    method: 'GET', url: '/db/result', access: Right.Backup, tenancy: 'platform', response: BackupJob,
    handler: () => service.job(),
  });

  endpoint(srv, db, {
    method: 'POST', url: '/db/backup', access: Right.Backup, tenancy: 'platform', response: BackupEntry,
    handler: ({ user, req }) => service.backup('manual', actor(user, req)),
  });

  endpoint(srv, db, {
    method: 'POST', url: '/db/restore', access: Right.Backup, tenancy: 'platform', query: BackupFileQuery, response: RestoreResult,
    handler: ({ user, req, query }) => service.restore(query.fileName, actor(user, req)),
  });

  endpoint(srv, db, {
    method: 'POST', url: '/db/del', access: Right.Backup, tenancy: 'platform', query: BackupFileQuery, response: z.literal(true),
    async handler({ user, req, query }) {
      await service.remove(query.fileName, actor(user, req));
      return true as const;
    },
  });

  endpoint(srv, db, {
    method: 'GET', url: '/db/download', access: Right.Backup, tenancy: 'platform', query: BackupFileQuery, raw: true,
    async handler({ query, reply }) {
      const { entry, path } = await service.entry(query.fileName);
      return reply.type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${entry.fileName}"`)
        .header('Content-Length', entry.size)
        .header('X-Checksum-SHA256', entry.sha256)
        .header('Cache-Control', 'no-store')
        .send(fs.createReadStream(path));
    },
  });

  endpoint(srv, db, {
    method: 'POST', url: '/db/upload', access: Right.Backup, tenancy: 'platform', response: BackupEntry,
    async handler({ user, req }) {
      if (!req.isMultipart()) throw badRequest('body: 需要 multipart/form-data 文件');
      const part = await req.file({ limits: { fileSize: service.uploadMaxBytes, files: 1, fields: 5 } });
      if (!part) throw badRequest('file: 未选择文件');
      return service.upload(part.file, part.filename ? cleanFileName(part.filename) : '', () => part.file.truncated, actor(user, req));
    },
  });

  endpoint(srv, db, {
    method: 'GET', url: '/db/schedule', access: Right.Backup, tenancy: 'platform', response: BackupSchedule,
    handler: () => service.currentSchedule(),
  });

  endpoint(srv, db, {
    method: 'POST', url: '/db/schedule', access: Right.Backup, tenancy: 'platform', body: BackupSchedule, response: BackupSchedule,
    handler: ({ user, req, body }) => service.setSchedule(body, actor(user, req)),
  });

  return service;
}
