import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { SecretUnreadableError, type SecretBox } from '../secrets/secret-box';

/**
 * Connection tokens any server process can verify (DESIGN "Scale-out path"): negotiate on one
 * process, open the WebSocket on another. The token is the connection id, the user and session it
 * was issued to and an expiry, signed with HMAC-SHA256 under a secret all processes share.
 */
export interface ConnectionClaims {
  /** Connection id. */
  c: string;
  /** User id. */
  u: number;
  /** Session id of the bearer token used to negotiate. */
  s: number;
  /** Expiry (epoch ms): the transport must start before this. */
  e: number;
}

const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}

export function signConnectionToken(secret: Buffer, claims: ConnectionClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a well-signed, unexpired token; null for anything else. */
export function verifyConnectionToken(secret: Buffer, token: string, now = Date.now()): ConnectionClaims | null {
  if (token.length > 512) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(secret, payload), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const c = claims as Partial<ConnectionClaims>;
  if (typeof c?.c !== 'string' || !Number.isInteger(c.u) || !Number.isInteger(c.s) || typeof c.e !== 'number') return null;
  return c.e > now ? (c as ConnectionClaims) : null;
}

const SECRET_KEY = 'hub.secret';

/**
 * The signing secret: `HUB_SECRET` when set, else one random secret kept in `sys_setting`, so every
 * process on the same database agrees without configuration. That row is sealed with the secrets
 * key (server/secrets/README.md) and must never be served by an endpoint (sys_setting/get lists
 * its keys explicitly). A row this process's key cannot open stops the start: its processes (or
 * a restored backup) were sealed with another key.
 */
export async function resolveHubSecret(db: Kysely<DB>, configured: string | undefined, secrets: SecretBox): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.insertInto('sys_setting').values({ key: SECRET_KEY, value: secrets.seal(randomBytes(32).toString('base64')) })
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('sys_setting').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
  try {
    return Buffer.from(secrets.open(row.value), 'base64');
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    throw new Error(`sys_setting ${SECRET_KEY}: ${err.message}. Start with the key that sealed it, or delete that row to have a new one made`, { cause: err });
  }
}
