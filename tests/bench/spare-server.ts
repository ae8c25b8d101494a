import { SpareServer } from '../e2e/pages/SpareServer';
import { freePort } from '../free-port';
import { DEMO_HISTORY_DAYS } from './quick';

/** Every bench server made, for {@link disposeBenchServers}. */
const made = new Set<SpareServer>();

/**
 * A bench's own spare server: its own demo database in a temp dir, on the port `portEnv` names
 * when set, else on a free one, so no bench ever talks to another's server or a leftover process
 * on a fixed port (SpareServer.start only asks the port whether a server answers). Not started.
 */
export async function benchSpareServer(portEnv?: string): Promise<SpareServer> {
  const port = await freePort(Number((portEnv && process.env[portEnv]) || 0));
  const server = new SpareServer(port, DEMO_HISTORY_DAYS ? { historyDays: DEMO_HISTORY_DAYS } : {});
  made.add(server);
  return server;
}

/**
 * Stops and removes every bench server made so far: a bench that threw before its own `finally`
 * (a start that timed out, a seed that failed) leaves none running under the next one.
 */
export async function disposeBenchServers(): Promise<void> {
  for (const server of made) await server.dispose();
  made.clear();
}
