import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import {
  AuditBody, SaveUpgradeTaskBody, UpgradeCandidateList, UpgradeDeviceQuery, UpgradeTaskDetail, UpgradeTaskPage, UpgradeTaskQuery,
} from '../../../contract/upgrades';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { GatewayCommandQueue } from '../../gateway/command-queue';
import { pushMessagesTo } from '../../gateway/upgrade-items';
import { registerDebugRoutes } from './debug-routes';
import { registerFirmwareRoutes } from './firmware-routes';
import { UpgradeRepository } from './upgrade-repository';

const WHAT = '升级任务';
export const SELF_AUDIT = '不能审核自己提交的任务';
export const ALREADY_AUDITED = '该任务已审核，不能再次审核';

/** The name a user's messages and audit lines give them. */
export async function displayName(repo: { userName(id: number): Promise<string> }, user: AuthUser): Promise<string> {
  return (await repo.userName(user.id)) || user.username;
}

/**
 * Firmware upgrade tasks (issue 18; README.md beside): submit a task for devices of one model the
 * submitter sees (upgrade-edit), audit it once (upgrade-audit; never one's own, and only seeing
 * all its devices), and follow each device through the gateway command queue (upgrade-preview).
 * Also registers the firmware files and the debug sessions.
 */
export function registerUpgradeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, hub } = deps;
  const push = pushMessagesTo(hub);
  const repo = new UpgradeRepository(db);
  const queue = new GatewayCommandQueue(db, undefined, push);
  const audit = (user: AuthUser, ip: string) => ({ userId: user.id, username: user.username, ip });
  const findVisible = async (user: AuthUser, id: number) => {
    await queue.expireOverdue();
    const found = await repo.find(user, id);
    if (!found) throw notFound(WHAT);
    return found;
  };

  registerFirmwareRoutes(app, deps);
  registerDebugRoutes(app, deps);

  endpoint(app, db, {
    method: 'GET', url: '/t_upgrade', access: Right.UpgradePreview, query: UpgradeTaskQuery, response: UpgradeTaskPage,
    async handler({ user, query }) {
      await queue.expireOverdue();
      return repo.list(user, query);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_upgrade/devices', access: Right.UpgradeEdit, query: UpgradeDeviceQuery, response: UpgradeCandidateList,
    async handler({ user, query }) {
      if (await repo.modelName(query.deviceModelId) === undefined) throw notFound('产品');
      return repo.candidates(user, query.deviceModelId);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_upgrade/:id', access: Right.UpgradePreview, params: IdParam, response: UpgradeTaskDetail,
    handler: ({ user, params }) => findVisible(user, params.id),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_upgrade/save', access: Right.UpgradeEdit, tenancy: 'subtree', body: SaveUpgradeTaskBody, response: UpgradeTaskDetail,
    async handler({ user, body, req }) {
      const file = await repo.findFirmware(body.fileId);
      if (!file) throw notFound('固件');
      const found = new Map((await repo.taskDevices(user, body.deviceIds)).map((d) => [d.id, d]));
      for (const [n, id] of body.deviceIds.entries()) {
        const d = found.get(id);
        // A device the submitter does not see answers as one that does not exist.
        if (!d?.visible) throw notFound('设备');
        if (d.modelId !== file.deviceModelId) throw badRequest(`body.deviceIds.${n}: 设备 ${id} 不是“${file.deviceModelName}”的设备`);
      }
      const { id, messages } = await repo.createTask(
        { fileId: file.id, deviceModelId: file.deviceModelId, deviceIds: body.deviceIds, remark: body.remark, timeoutS: body.timeoutS },
        await displayName(repo, user), audit(user, req.ip),
      );
      messages.forEach(push);
      return findVisible(user, id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_upgrade/audit', access: Right.UpgradeAudit, tenancy: 'subtree', body: AuditBody, response: UpgradeTaskDetail,
    async handler({ user, body, req }) {
      await findVisible(user, body.id);
      const facts = (await repo.auditFacts(user, body.id))!;
      if (facts.createdBy === user.id) throw forbidden(SELF_AUDIT);
      if (facts.state !== 'pending') throw conflict(ALREADY_AUDITED);
      if (!facts.seesAll) throw forbidden('任务中有您无权查看的设备，不能审核');
      const messages = await repo.audit(body.id, body.approved, body.remark, await displayName(repo, user), audit(user, req.ip));
      // Another audit committed between the checks and the update: it stands.
      if (!messages) throw conflict(ALREADY_AUDITED);
      messages.forEach(push);
      return findVisible(user, body.id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_upgrade/del/:id', access: Right.UpgradeEdit, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      await findVisible(user, params.id);
      const facts = (await repo.auditFacts(user, params.id))!;
      if (facts.createdBy !== user.id && !facts.seesAll) throw forbidden('任务中有您无权查看的设备，不能删除');
      if (!(await repo.deleteTask(params.id, audit(user, req.ip)))) throw conflict('任务正在升级，不能删除');
      return true as const;
    },
  });
}
