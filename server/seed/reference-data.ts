import type { Kysely, Transaction } from 'kysely';
import { COMMAND_ERRORS, UPGRADE_ERRORS } from '../../contract/codes';
import { DEVICE_TYPE_LABELS, MEASURE_TAGS, ORG_TYPE_LABELS, OrgType } from '../../contract/enums';
import { PLATFORM_RIGHTS } from '../../contract/rights';
import type { DB } from '../db/schema';
import { APP_MENU, SUPER_MENU, type MenuSeed } from './menu-seed';
import { RIGHTS_CATALOGUE } from './rights-catalogue';

/**
 * Reference data every installation needs (right catalogue, org types, device types, measure
 * tags, code tables, menus, settings). Written once, into an empty database.
 */
export async function seedReferenceData(db: Kysely<DB>): Promise<boolean> {
  const existing = await db.selectFrom('t_right').select('code').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('t_right').values(RIGHTS_CATALOGUE.map((r, i) => ({ code: r.code, name: r.name, group_name: r.group, sort_order: i }))).execute();
    await trx.insertInto('t_org_type').values(Object.entries(ORG_TYPE_LABELS).map(([type, name]) => ({ org_type: Number(type), name }))).execute();
    // Every organisation type may hold every right until an administrator narrows it (nv_org_type_rights),
    // but the platform's own rights only the internal type.
    await trx.insertInto('t_org_type_right').values(Object.keys(ORG_TYPE_LABELS).flatMap((type) =>
      RIGHTS_CATALOGUE.filter((r) => Number(type) === OrgType.Internal || !PLATFORM_RIGHTS.includes(r.code))
        .map((r) => ({ org_type: Number(type), right_code: r.code })))).execute();
    await trx.insertInto('t_device_type').values(Object.entries(DEVICE_TYPE_LABELS).map(([id, name]) => ({ id: Number(id), name }))).execute();
    const groups = await trx.insertInto('t_measure_tag_group')
      .values([{ name: '空气质量' }, { name: '运行参数' }, { name: '环境' }]).returning('id').execute();
    const groupOf = (tag: number) => (tag >= 2 && tag <= 4) || tag >= 10 ? groups[0].id : tag === 8 || tag === 9 ? groups[2].id : groups[1].id;
    await trx.insertInto('t_measure_tag').values(Object.entries(MEASURE_TAGS).map(([id, t]) => ({
      id: Number(id), name: t.name, unit: t.unit, group_id: groupOf(Number(id)),
    }))).execute();
    const dict = [
      ...Object.entries(COMMAND_ERRORS).map(([code, label]) => ({ dict_type: 'command_error', code, label })),
      ...Object.entries(UPGRADE_ERRORS).map(([code, label]) => ({ dict_type: 'upgrade_error', code, label })),
    ];
    await trx.insertInto('t_data_dict').values(dict.map((d, i) => ({ ...d, sort_order: i }))).execute();
    await insertMenu(trx, APP_MENU, 'app');
    await insertMenu(trx, SUPER_MENU, 'super');
    await trx.insertInto('sys_setting').values([
      { key: 'system.name', value: '工业物联网平台' },
      { key: 'guest.enabled', value: 'false' },
    ]).execute();
  });
  return true;
}

async function insertMenu(trx: Transaction<DB>, items: MenuSeed[], type: string, parentId = 0): Promise<void> {
  let order = 0;
  for (const item of items) {
    order += 10;
    const row = await trx.insertInto('t_menu').values({
      parent_id: parentId, name: item.name, title: item.title, title_en: item.titleEn, path: item.path,
      icon: item.icon ?? '', sort_order: order, right_code: item.rightCode ?? null, type,
    }).returning('id').executeTakeFirstOrThrow();
    if (item.children) await insertMenu(trx, item.children, type, row.id);
  }
}
