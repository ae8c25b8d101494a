import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import { FIRMWARE_MAX_BYTES, FirmwarePage, FirmwareQuery, FirmwareRecord, UploadFirmwareQuery } from '../../../contract/upgrades';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { requestGateway } from '../gateway-commands/gateway-command-routes';
import { FirmwareStore } from './firmware-store';
import { UpgradeRepository } from './upgrade-repository';

const WHAT = '固件';
export const FIRMWARE_TOO_LARGE = `file: 固件文件不能超过 ${FIRMWARE_MAX_BYTES / 1024 / 1024}MB`;

/** The uploaded name without folders or control characters, at most 120 characters. */
export function cleanFileName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-120) || 'firmware.bin';
}

/**
 * Firmware files (issue 18): upload one for a device model with its version (multipart `file`, at
 * most FIRMWARE_MAX_BYTES; the server records size and md5), list, and delete one no task sends
 * (upgrade-preview to read, upgrade-edit to change). Gateways download a firmware that an upgrade
 * open on them sends, with their X-Gateway-Key.
 */
export function registerFirmwareRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const repo = new UpgradeRepository(db);
  const store = new FirmwareStore(config.dataDir);

  endpoint(app, db, {
    method: 'GET', url: '/t_upgrade_file', access: Right.UpgradePreview, query: FirmwareQuery, response: FirmwarePage,
    handler: ({ query }) => repo.listFirmware(query),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_upgrade_file/upload', access: Right.UpgradeEdit, tenancy: 'platform', query: UploadFirmwareQuery, response: FirmwareRecord,
    async handler({ user, query, req }) {
      if (await repo.modelName(query.deviceModelId) === undefined) throw notFound('产品');
      const existing = await repo.listFirmware({ Page: 1, Size: 500, deviceModelId: query.deviceModelId });
      if (existing.list.some((f) => f.fileVer.toLowerCase() === query.fileVer.toLowerCase())) {
        throw badRequest(`query.fileVer: 该产品已有版本 ${query.fileVer} 的固件`);
      }
      if (!req.isMultipart()) throw badRequest('body: 需要 multipart/form-data 文件');
      const part = await req.file({ limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1, fields: 5 } });
      if (!part) throw badRequest('file: 未选择文件');
      const stored = await store.save(part.file, () => part.file.truncated);
      if (stored === 'too-large') throw new ApiError(413, FIRMWARE_TOO_LARGE);
      if (stored === 'empty') throw badRequest('file: 固件文件为空');
      let id: number;
      try {
        id = await repo.insertFirmware({
          deviceModelId: query.deviceModelId, fileName: cleanFileName(part.filename), fileVer: query.fileVer, md5: stored.md5, size: stored.size,
          storedName: stored.storedName, remark: query.remark,
        }, { userId: user.id, username: user.username, ip: req.ip });
      } catch (err) {
        await store.remove(stored.storedName);
        throw err;
      }
      const { storedName: _storedName, ...record } = (await repo.findFirmware(id))!;
      return record;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_upgrade_file/del/:id', access: Right.UpgradeEdit, tenancy: 'platform', params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      const found = await repo.findFirmware(params.id);
      if (!found) throw notFound(WHAT);
      const { tasks } = await repo.deleteFirmware(params.id, { userId: user.id, username: user.username, ip: req.ip });
      if (tasks) throw badRequest(`id: 仍有 ${tasks} 个升级任务使用该固件，不能删除`);
      await store.remove(found.storedName);
      return true as const;
    },
  });

  // The gateway's download: only a firmware an open upgrade on this gateway sends.
  endpoint(app, db, {
    method: 'GET', url: '/gateway/firmware/:id', access: 'public', params: IdParam, raw: true,
    async handler({ req, reply, params }) {
      const gateway = await requestGateway(db, req);
      const file = await repo.firmwareForGateway(gateway.id, params.id);
      if (!file) throw notFound(WHAT);
      const where = store.pathOf(file.storedName);
      try {
        await fs.promises.access(where);
      } catch {
        throw notFound(WHAT);
      }
      return reply.type('application/octet-stream').header('Content-Length', file.size).header('Content-MD5', Buffer.from(file.md5, 'hex').toString('base64'))
        .header('Cache-Control', 'no-store').send(fs.createReadStream(where));
    },
  });
}
