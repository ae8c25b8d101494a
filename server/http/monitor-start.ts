import type { FastifyInstance, FastifyRequest } from 'fastify';
import { templateIdParam } from '../../contract/address-params';
import { INLINE_MONITOR_TEMPLATE_ID, TOKEN_COOKIE } from '../../contract/constants';
import { inertJsonBlock } from './route-preloads';

/*
 * A wall opening /monitor cold asks for its template first and for everything else after it. The
 * server knows that answer when it sends the page, so it puts it in the page: the console then
 * starts the template's data reads while it is still running its first script, instead of one
 * round trip and a busy main thread later. The answer is the API's own (asked through the app,
 * with the page request's session), so rights, guest mode and the active/default rule are the
 * same as the page's own read; anything but a success embeds nothing and the page asks as before.
 */

/** The template id of the address as the console reads it; null without `?tpl=`, undefined for a malformed one. */
function tplParam(query: URLSearchParams): number | null | undefined {
  const value = query.get('tpl');
  if (value === null) return null;
  return templateIdParam(value) ?? undefined;
}

/** The session token of the request's cookie, else null. */
export function cookieToken(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === TOKEN_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The inert JSON block with the template /monitor will show (`{ tpl, record }`, `tpl` the address's
 * id or null for the user's active one), or '' when there is nothing to embed: no session cookie,
 * an address carrying its own token (the page signs in with that one), a video wall's tile
 * (`?wall=`: it shows its wall's rotation, not this template), a malformed id, or an API answer
 * that is not a success (the page's own read then reports it).
 */
export async function monitorTemplateBlock(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
  const token = cookieToken(req);
  const tpl = tplParam(query);
  if (!token || query.has('token') || query.has('wall') || tpl === undefined) return '';
  const answer = await app.inject({
    method: 'GET',
    url: tpl === null ? '/api/t_screen_tpl/active' : `/api/t_screen_tpl/${tpl}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.statusCode !== 200) return '';
  let body: { success?: unknown; data?: unknown };
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    return '';
  }
  if (body.success !== true || !body.data || typeof body.data !== 'object') return '';
  return inertJsonBlock(INLINE_MONITOR_TEMPLATE_ID, JSON.stringify({ tpl, record: body.data }));
}
