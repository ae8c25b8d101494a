import type { Insertable, Transaction } from 'kysely';
import { CardStatus } from '../../contract/enums';
import type { DB } from '../db/schema';
import type { DemoOrgs, DemoUsers } from './demo-accounts';

const DAY_MS = 86_400_000;
const CARRIERS = ['中国移动', '中国联通', '中国电信'];
const PLANS: [string, number][] = [['物联网 500MB/月', 500], ['物联网 1GB/月', 1024], ['物联网 2GB/月', 2048]];

/**
 * Demo SIM cards (issue 21): one per demo 4G DTU (its ICCID, its project's organisation), mostly
 * activated, some near their data limit or expiry, one expired, one suspended; plus unbound cards
 * of every other status in the head office's stock. The admin and the operator have accounts on
 * the card platform (sync-user), so the card hand-off works for both.
 */
export async function seedDemoCards(trx: Transaction<DB>, orgs: DemoOrgs, users: DemoUsers, now: number): Promise<number> {
  const devices = await trx.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
    .select(['d.iccid', 'p.org_id']).where('d.iccid', '<>', '').orderBy('d.id').execute();
  const rows: Insertable<DB['t_card']>[] = [];
  devices.forEach((d, i) => {
    const [plan, limit] = PLANS[i % PLANS.length];
    const activatedAt = now - (60 + ((i * 37) % 300)) * DAY_MS;
    // Every fourth card is near its limit, every fourth expires within the month, the seventh has expired.
    const used = i % 4 === 1 ? limit * (0.92 + (i % 3) * 0.03) : limit * (0.1 + ((i * 13) % 60) / 100);
    const expiresAt = i === 6 ? now - 3 * DAY_MS : i % 4 === 3 ? now + (5 + i) * DAY_MS : activatedAt + 730 * DAY_MS;
    rows.push({
      iccid: d.iccid, msisdn: `1440${String(61_000_000 + i * 7919).padStart(9, '0')}`, org_id: d.org_id,
      status: i === 4 ? CardStatus.Suspended : CardStatus.Activated, carrier: CARRIERS[i % CARRIERS.length], plan_name: plan,
      data_used_mb: Math.round(used * 10) / 10, data_limit_mb: limit, activated_at: activatedAt, expires_at: expiresAt, remark: '',
      created_at: now, updated_at: now,
    });
  });
  const stock: [number, number][] = [
    [CardStatus.Stock, 6], [CardStatus.PendingActivation, 3], [CardStatus.Testable, 2], [CardStatus.PreCancellation, 1],
  ];
  let n = 0;
  for (const [status, count] of stock) {
    for (let k = 0; k < count; k++, n++) {
      rows.push({
        iccid: `89860${String(4_200_000_000_000 + n * 1301).padStart(14, '0')}`, msisdn: `1440${String(62_000_000 + n * 613).padStart(9, '0')}`,
        org_id: orgs.hq, status, carrier: CARRIERS[n % CARRIERS.length], plan_name: PLANS[0][0],
        data_used_mb: status === CardStatus.Testable ? 12.5 : 0, data_limit_mb: PLANS[0][1], activated_at: null,
        expires_at: status === CardStatus.PreCancellation ? now + 10 * DAY_MS : null, remark: status === CardStatus.Stock ? '库存卡' : '',
        created_at: now, updated_at: now,
      });
    }
  }
  if (rows.length) await trx.insertInto('t_card').values(rows).execute();
  await trx.insertInto('t_card_user').values([
    { user_id: users.admin, org_id: orgs.hq, enabled: 1, synced_at: now },
    { user_id: users.operator, org_id: orgs.owners[0], enabled: 1, synced_at: now },
  ]).execute();
  return rows.length;
}
