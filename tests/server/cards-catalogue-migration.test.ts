import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from './harness';

const MIGRATION = '027-cards-and-catalogue-sync';
const TABLES = ['t_lcc_sync_items', 't_lcc_sync', 't_card_token', 't_card_user', 't_card'];

/**
 * A database from before issue 21's IoT card platform and filter catalogue sync gets migration
 * 027's tables, the right card-edit (where device-edit is held, for roles and organisation types)
 * and the menu entries 物联网 › 物联网卡 and 产品管理 › 滤网目录同步, where a new database's seed puts them.
 */
describe('migration 027: IoT cards and the filter catalogue sync for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds the tables, card-edit where device-edit is, and the two menu entries last in their groups, once', async () => {
    server = await startTestServer();
    const children = async (parent: string) => {
      const db = server.database.db;
      const id = (await db.selectFrom('t_menu').select('id').where('name', '=', parent).where('type', '=', 'app').executeTakeFirstOrThrow()).id;
      return db.selectFrom('t_menu').select(['name', 'path', 'right_code']).where('parent_id', '=', id).where('type', '=', 'app')
        .orderBy('sort_order').orderBy('id').execute();
    };
    // Where a new database has them: last under 物联网 and under 产品管理.
    const seededIot = await children('nv_iot');
    const seededProduct = await children('nv_product');
    expect(seededIot.at(-1)).toEqual({ name: 'nv_iot_card', path: '/nv_iot/nv_iot_card', right_code: 'iot-card-sys-preview' });
    expect(seededProduct.at(-1)).toEqual({ name: 'nv_filter_sync', path: '/nv_product/nv_filter_sync', right_code: 'product-preview' });

    // Back to how a database of the previous release looked.
    const db = server.database.db;
    for (const table of TABLES) await sql`drop table ${sql.table(table)}`.execute(db);
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_iot_card', 'nv_filter_sync']).execute();
    await db.deleteFrom('t_role_right').where('right_code', '=', 'card-edit').execute();
    await db.deleteFrom('t_org_type_right').where('right_code', '=', 'card-edit').execute();
    await db.deleteFrom('t_right').where('code', '=', 'card-edit').execute();
    await sql`delete from nv_migration where name = ${MIGRATION}`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual([MIGRATION]);
    const after = server.database.db;
    expect(await children('nv_iot')).toEqual(seededIot);
    expect(await children('nv_product')).toEqual(seededProduct);
    expect(await after.selectFrom('t_right').select(['name', 'group_name']).where('code', '=', 'card-edit').executeTakeFirst())
      .toEqual({ name: '物联网卡编辑', group_name: '物联网卡' });
    const roles = async (code: string) =>
      (await after.selectFrom('t_role_right').select('role_id').where('right_code', '=', code).orderBy('role_id').execute()).map((r) => r.role_id);
    const orgTypes = async (code: string) =>
      (await after.selectFrom('t_org_type_right').select('org_type').where('right_code', '=', code).orderBy('org_type').execute()).map((r) => r.org_type);
    expect((await roles('card-edit')).length).toBeGreaterThan(0);
    expect(await roles('card-edit')).toEqual(await roles('device-edit'));
    expect(await orgTypes('card-edit')).toEqual(await orgTypes('device-edit'));

    // The administrator holds the right, sees both entries, and the tables answer (empty).
    const admin = await loginAs(server, 'admin');
    expect((await admin.get('/api/user/rights')).body.data).toContain('card-edit');
    const menu = JSON.stringify((await admin.get('/api/menu/all?type=app')).body.data);
    expect(menu).toContain('/nv_iot/nv_iot_card');
    expect(menu).toContain('/nv_product/nv_filter_sync');
    expect((await admin.get('/api/t_card?Page=1&Size=5')).body.data).toEqual({ list: [], count: 0 });
    expect((await admin.get('/api/t_card/users?Page=1&Size=5')).body.data).toEqual({ list: [], count: 0 });
    expect((await admin.get('/app-api/t_lcc_sync?Page=1&Size=5')).body.data).toEqual({ list: [], count: 0 });
    // No card platform account yet: the login answers errCode 40001 (the console opens the home with token=null).
    expect(JSON.parse((await admin.post('/api/t_card/login')).body.data as string)).toMatchObject({ errCode: 40001, result: null });

    // Applied once: a further start adds nothing.
    server = await server.restart();
    expect(server.migrations).toEqual([]);
    expect(await children('nv_iot')).toEqual(seededIot);
    expect(await children('nv_product')).toEqual(seededProduct);
  });
});
