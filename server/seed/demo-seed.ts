import type { Kysely } from 'kysely';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';
import { seedOrgs, seedUsers } from './demo-accounts';
import { seedAlarmHistory, seedAlarms } from './demo-alarms';
import { seedDemoCards } from './demo-cards';
import { seedCatalogue } from './demo-catalogue';
import { seedDemoFilters } from './demo-filters';
import { seedDemoFirmware } from './demo-firmware';
import { seedDemoGraphs } from './demo-graphs';
import { seedHistory } from './demo-history';
import { DEMO_HISTORY_DAYS } from './demo-history-year';
import { seedMessages } from './demo-messages';
import { seedOnlineHistory } from './demo-online';
import { seedPlaylists } from './demo-playlists';
import { seedScreenTemplates } from './demo-screens';
import { seedDemoWalls } from './demo-walls';
import { DEMO_INDUSTRIES, DEMO_REGIONS, seedSites } from './demo-sites';

export interface DemoSeedResult {
  projects: number;
  devices: number;
}

/**
 * Demo data (demo mode only, into a database without users): organisations of every type,
 * regions, projects in eight cities (each its own size and wear), 144 devices of every device type
 * with measure points and alarm rules, open alarms on the devices in alarm state (two projects)
 * and cleared ones of the last day, a year (`historyDays`) of hourly history of the points the big
 * screen and the analysis pages read (PM, air volume, energy, resistance; the last 24 hours finer)
 * with their current values, 30 days of online
 * history, messages of every type, and the demo accounts. One transaction: all or nothing.
 */
export async function seedDemo(
  db: Kysely<DB>, now = Date.now(), options: { historyDays?: number; dialect?: Dialect } = {},
): Promise<DemoSeedResult | null> {
  const anyUser = await db.selectFrom('t_user').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;
  return db.transaction().execute(async (trx) => {
    const regionIds = (await trx.insertInto('t_region').values(DEMO_REGIONS).returning('id').execute()).map((r) => r.id);
    const industryIds = (await trx.insertInto('t_industry').values(DEMO_INDUSTRIES.map((name) => ({ name }))).returning('id').execute()).map((r) => r.id);
    const orgs = await seedOrgs(trx, regionIds, industryIds, now);
    const users = await seedUsers(trx, orgs, now);
    const models = await seedCatalogue(trx, now);
    const sites = await seedSites(trx, orgs, users, models, now);
    await seedDemoFirmware(trx);
    await seedDemoCards(trx, orgs, users, now);
    await seedAlarms(trx, now);
    await seedAlarmHistory(trx, now);
    await seedHistory(trx, now, { days: options.historyDays ?? DEMO_HISTORY_DAYS, dialect: options.dialect });
    await seedOnlineHistory(trx, now);
    await seedMessages(trx, [users.admin, users.operator, users.superadmin, ...users.staff], now);
    const app = (await trx.insertInto('t_application').values({ name: '项目监控', code: 'project-monitor', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await seedScreenTemplates(trx, sites.projectIds[0], now);
    await seedDemoGraphs(trx, sites.projectIds, now);
    await seedPlaylists(trx, now);
    await seedDemoWalls(trx, users.admin, now);
    await seedDemoFilters(trx, now);
    await trx.insertInto('t_app_org').values([orgs.hq, ...orgs.owners].map((org_id) => ({ app_id: app, org_id }))).execute();
    return { projects: sites.projectIds.length, devices: sites.deviceCount };
  });
}
