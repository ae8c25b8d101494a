import type { FastifyInstance } from 'fastify';
import { CardHomeData } from '../../../contract/cards';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { CARD_HOME_CSS, CARD_HOME_HTML, CARD_HOME_JS } from './card-home-page';
import { CardRepository } from './card-repository';
import { CARD_TOKEN_PREFIX } from './card-routes';

/** The request header carrying the card token to GET /srv/card-home/cards. */
export const CARD_TOKEN_HEADER = 'x-card-token';

/** What the card home hears for a missing, unknown or expired card token. */
export const CARD_TOKEN_INVALID = '物联网卡平台令牌无效或已过期';

/**
 * The demo IoT card home (the address public/config.json's iotCardHomeUrl names): its page and
 * assets, and its one call, GET /srv/card-home/cards, authorised only by a card token (header
 * X-Card-Token) from
 * POST /api/t_card/login — short-lived, good for nothing else, and no console session: a console
 * token is refused here as a card token is refused by every console endpoint.
 */
export function registerCardHomeRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const repo = new CardRepository(db);
  const asset = (url: string, type: string, body: string) => endpoint(app, db, {
    method: 'GET', url, access: 'public', raw: true,
    handler: ({ reply }) => reply.type(type).header('Cache-Control', 'no-cache').send(body),
  });
  asset('/srv/card-home', 'text/html; charset=utf-8', CARD_HOME_HTML);
  asset('/srv/card-home/app.js', 'text/javascript; charset=utf-8', CARD_HOME_JS);
  asset('/srv/card-home/app.css', 'text/css; charset=utf-8', CARD_HOME_CSS);

  endpoint(app, db, {
    method: 'GET', url: '/srv/card-home/cards', access: 'public', response: CardHomeData,
    async handler({ req, reply }) {
      // The card token travels in its own header only: never in an address a log could keep, and
      // never mistaken for (or by) the console's Authorization.
      const token = req.headers[CARD_TOKEN_HEADER];
      if (typeof token !== 'string' || !token.startsWith(CARD_TOKEN_PREFIX) || token.length > 128) throw new ApiError(401, CARD_TOKEN_INVALID);
      const holder = await repo.tokenHolder(token);
      if (!holder) throw new ApiError(401, CARD_TOKEN_INVALID);
      reply.header('Cache-Control', 'no-store');
      return {
        user: { username: holder.username, nickName: holder.nick_name },
        org: { id: holder.org_id, name: holder.org_name },
        expiresAt: Number(holder.expires_at),
        cards: await repo.cardsOfOrgTree(holder.org_id),
      };
    },
  });
}
