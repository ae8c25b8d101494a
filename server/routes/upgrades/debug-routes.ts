import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import { AuditBody, DebugQuery, DebugSessionPage, DebugSessionRecord, SaveDebugBody } from '../../../contract/upgrades';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { pushMessagesTo } from '../../gateway/upgrade-items';
import { DebugRepository } from './debug-repository';
import { UpgradeRepository } from './upgrade-repository';

const WHAT = '调试申请';

/**
 * Remote debugging sessions (issue 18): ask for a debugging window on a device one sees
 * (upgrade-edit), audit it once (debug-audit; never one's own request), and end an open window
 * early (upgrade-edit: its requester, or anyone who sees the device — ending only takes access
 * away). Reading needs upgrade-preview.
 */
export function registerDebugRoutes(app: FastifyInstance, { db, hub }: AppDeps): void {
  const push = pushMessagesTo(hub);
  const sessions = new DebugRepository(db);
  const users = new UpgradeRepository(db);
  const audit = (user: AuthUser, ip: string) => ({ userId: user.id, username: user.username, ip });
  const findVisible = async (user: AuthUser, id: number) => {
    const found = await sessions.find(user, id, Date.now());
    if (!found) throw notFound(WHAT);
    return found;
  };
  const nameOf = async (user: AuthUser) => (await users.userName(user.id)) || user.username;

  endpoint(app, db, {
    method: 'GET', url: '/t_debug', access: Right.UpgradePreview, query: DebugQuery, response: DebugSessionPage,
    handler: ({ user, query }) => sessions.list(user, query, Date.now()),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_debug/:id', access: Right.UpgradePreview, params: IdParam, response: DebugSessionRecord,
    handler: ({ user, params }) => findVisible(user, params.id),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_debug/save', access: Right.UpgradeEdit, tenancy: 'subtree', body: SaveDebugBody, response: DebugSessionRecord,
    async handler({ user, body, req }) {
      const device = await sessions.device(user, body.deviceId);
      if (!device?.visible) throw notFound('设备');
      const { id, messages } = await sessions.create(body, await nameOf(user), audit(user, req.ip));
      messages.forEach(push);
      return findVisible(user, id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_debug/audit', access: Right.DebugAudit, tenancy: 'subtree', body: AuditBody, response: DebugSessionRecord,
    async handler({ user, body, req }) {
      await findVisible(user, body.id);
      const facts = (await sessions.auditFacts(user, body.id, Date.now()))!;
      if (facts.createdBy === user.id) throw forbidden('不能审核自己提交的调试申请');
      if (facts.state !== 'pending') throw conflict('该调试申请已审核，不能再次审核');
      if (!facts.seesDevice) throw forbidden('您无权查看该设备，不能审核');
      const messages = await sessions.audit(body.id, body.approved, body.remark, await nameOf(user), audit(user, req.ip));
      if (!messages) throw conflict('该调试申请已审核，不能再次审核');
      messages.forEach(push);
      return findVisible(user, body.id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_debug/close/:id', access: Right.UpgradeEdit, tenancy: 'subtree', params: IdParam, response: DebugSessionRecord,
    async handler({ user, params, req }) {
      const found = await findVisible(user, params.id);
      if (found.state !== 'active') throw conflict('调试窗口未开启，无需结束');
      if (!found.canClose) throw forbidden('您无权结束该调试');
      if (!(await sessions.close(params.id, audit(user, req.ip)))) throw conflict('调试窗口未开启，无需结束');
      return findVisible(user, params.id);
    },
  });
}
