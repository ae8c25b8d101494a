import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Card, CARD_ERR_NOT_SYNCED, CARD_TOKEN_MINUTES, CardPage, CardQuery, CardUserPage, CardUserQuery, CardUserStateBody, CardWarningList,
  CardWarningQuery, SaveCardBody, SyncCardUsersBody, SyncCardUsersResult, type CardLoginAnswer,
} from '../../../contract/cards';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import { loadRights, type AuthUser } from '../../auth/auth-user';
import { newToken } from '../../auth/tokens';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { inScope } from '../../resources/resource-repository';
import { CARD_PLATFORM_RIGHT, CardRepository } from './card-repository';

const WHAT = '物联网卡';
/** The card platform refuses a switched-off account: the console shows this (SPEC §8). */
export const CARD_ACCOUNT_DISABLED = '物联网卡平台账号已停用，请联系管理员';
const NOT_SYNCED = '用户未同步到物联网卡平台，请联系管理员同步用户';
/** Prefix of card tokens: never the shape of a console token, so no console endpoint takes one. */
export const CARD_TOKEN_PREFIX = 'card.';

/**
 * The IoT card platform (issue 21; server/README.md): the card registry (iot-card-sys-preview to
 * read, card-edit to change, within the caller's data scope), its warning list, the card
 * platform's user accounts (sync-user), and its login, whose `data` is JSON text with errCode and
 * result.token for the card home (SPEC §2, §3). The card home page is
 * card-home-routes.ts, under /srv.
 */
export function registerCardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const repo = new CardRepository(db);
  const audit = (user: AuthUser, ip: string) => ({ userId: user.id, username: user.username, ip });
  const visible = async (user: AuthUser, id: number) => {
    const card = await repo.find(user, id);
    if (!card) throw notFound(WHAT);
    return card;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_card', access: Right.IotCardSysPreview, query: CardQuery, response: CardPage,
    handler: ({ user, query }) => repo.list(user, query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_card/warnings', access: Right.IotCardSysPreview, query: CardWarningQuery, response: CardWarningList,
    handler: ({ user, query }) => repo.warnings(user, query.days),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_card/users', access: Right.IotCardSysPreview, query: CardUserQuery, response: CardUserPage,
    handler: ({ user, query }) => repo.users(user, query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_card/:id', access: Right.IotCardSysPreview, params: IdParam, response: Card,
    handler: ({ user, params }) => visible(user, params.id),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_card/save', access: Right.CardEdit, tenancy: 'subtree', body: SaveCardBody, response: Card,
    async handler({ user, body, req }) {
      const { id, version, ...fields } = body;
      if (!(await repo.orgExists(fields.orgId))) throw notFound('组织');
      if (!inScope(user, fields.orgId)) throw badRequest('body.orgId: 不在您的数据范围内');
      if (id !== undefined) {
        const before = await visible(user, id);
        if (await repo.iccidTaken(fields.iccid, id)) throw badRequest(`body.iccid: ICCID“${fields.iccid}”已登记`);
        if (!(await repo.update(id, version ?? before.version, fields, audit(user, req.ip)))) {
          throw conflict('该物联网卡已被他人修改，请刷新后重试');
        }
        return visible(user, id);
      }
      if (await repo.iccidTaken(fields.iccid, null)) throw badRequest(`body.iccid: ICCID“${fields.iccid}”已登记`);
      try {
        return await visible(user, await repo.insert(fields, audit(user, req.ip)));
      } catch (err) {
        // Two saves of one new ICCID at once: the unique index lets one win.
        if (await repo.iccidTaken(fields.iccid, null)) throw badRequest(`body.iccid: ICCID“${fields.iccid}”已登记`);
        throw err;
      }
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_card/del/:id', access: Right.CardEdit, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      const card = await visible(user, params.id);
      await repo.remove(card, audit(user, req.ip));
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_card/sync-user', access: Right.CardEdit, tenancy: 'subtree', body: SyncCardUsersBody, response: SyncCardUsersResult,
    async handler({ user, body, req }) {
      if (!(await repo.orgExists(body.orgId))) throw notFound('组织');
      if (!inScope(user, body.orgId)) throw forbidden('该组织不在您的数据范围内');
      return repo.syncUsers(body.orgId, async (userId) => (await loadRights(db, userId)).includes(CARD_PLATFORM_RIGHT), audit(user, req.ip));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_card/user-state', access: Right.CardEdit, tenancy: 'subtree', body: CardUserStateBody, response: z.literal(true),
    async handler({ user, body, req }) {
      const account = await repo.cardUser(user, body.userId);
      if (!account) throw notFound('物联网卡平台账号');
      await repo.setUserEnabled(account.userId, account.username, body.enabled, audit(user, req.ip));
      return true as const;
    },
  });

  /**
   * The card platform's login for the signed-in user. `data` is the platform's answer as JSON
   * text: errCode 0 with a card token good for CARD_TOKEN_MINUTES on the card home only, or
   * errCode 40001 for a user without an account (the console then opens the home with
   * token=null). A switched-off account is refused outright (success false, the error shown).
   */
  endpoint(app, db, {
    method: 'POST', url: '/t_card/login', access: Right.IotCardSysPreview, tenancy: 'self', response: z.string(), rateLimit: 30,
    async handler({ user }) {
      const account = await repo.accountOf(user.id);
      if (account === 'disabled') throw forbidden(CARD_ACCOUNT_DISABLED);
      let answer: CardLoginAnswer;
      if (account === 'none') {
        answer = { errCode: CARD_ERR_NOT_SYNCED, errMsg: NOT_SYNCED, result: null };
      } else {
        const token = `${CARD_TOKEN_PREFIX}${newToken()}`;
        const now = Date.now();
        await repo.issueToken(token, user.id, user.orgId, now, now + CARD_TOKEN_MINUTES * 60_000);
        answer = { errCode: 0, errMsg: '', result: { token, expiresIn: CARD_TOKEN_MINUTES * 60 } };
      }
      return JSON.stringify(answer);
    },
  });

}
