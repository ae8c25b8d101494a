import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A new gateway key: 256 random bits, URL-safe. Shown once; only its digest is stored. */
export function newGatewayKey(): string {
  return `gk_${randomBytes(32).toString('base64url')}`;
}

export function hashGatewayKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The gateway an `X-Gateway-Key` belongs to, or undefined. */
export async function gatewayByKey(db: Kysely<DB>, key: unknown): Promise<{ id: number; project_id: number | null } | undefined> {
  if (typeof key !== 'string' || key.length < 16 || key.length > 128) return undefined;
  return db.selectFrom('t_gateway').select(['id', 'project_id']).where('key_hash', '=', hashGatewayKey(key)).executeTakeFirst();
}

/** Gives a gateway a new key (replacing any old one) and returns it. */
export async function issueGatewayKey(db: Kysely<DB>, gatewayId: number): Promise<string> {
  const key = newGatewayKey();
  await db.updateTable('t_gateway').set({ key_hash: hashGatewayKey(key) }).where('id', '=', gatewayId).execute();
  return key;
}
