import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { issueGatewayKey } from '../telemetry/gateway-keys';

/** Where the demo's gateway keys are written (never to the log). */
export const DEMO_GATEWAY_KEYS_FILE = 'demo-gateway-keys.json';

/**
 * Gives every demo gateway a random key for POST /api/ingest/gateway and writes them, by gateway
 * code, to DATA_DIR/demo-gateway-keys.json (owner-readable only), so a real gateway or a script
 * can be pointed at the demo. The database keeps only their digests.
 */
export async function seedDemoGatewayKeys(db: Kysely<DB>, dataDir: string): Promise<string> {
  const gateways = await db.selectFrom('t_gateway').select(['id', 'code']).orderBy('id').execute();
  const keys: Record<string, string> = {};
  for (const g of gateways) keys[g.code] = await issueGatewayKey(db, g.id);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_GATEWAY_KEYS_FILE);
  fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return file;
}
