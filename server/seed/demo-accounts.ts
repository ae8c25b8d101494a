import type { Transaction } from 'kysely';
import { OrgType } from '../../contract/enums';
import { ALL_RIGHTS, Right } from '../../contract/rights';
import { hashPassword } from '../auth/passwords';
import type { DB } from '../db/schema';
import { enableGuest } from '../routes/user-manage/guest-repository';
import { OPERATOR_LACKS } from './rights-catalogue';

/** The demo accounts written in README.md. */
export const DEMO_ACCOUNTS = [
  { username: 'superadmin', password: 'Super@2026', nickName: '超级管理员', note: 'super administrator' },
  { username: 'admin', password: 'Admin@2026', nickName: '系统管理员', note: 'internal organisation, every right' },
  { username: 'operator', password: 'Operator@2026', nickName: '业主运维', note: 'owner organisation, limited rights' },
  { username: 'supplier', password: 'Supplier@2026', nickName: '恒流销售', note: 'supplier organisation, confirms purchase orders' },
] as const;

export interface DemoOrgs {
  hq: number;
  /** Owner organisations; projects are spread over them. The operator works for the first. */
  owners: number[];
  supplier: number;
  distributor: number;
  repairer: number;
  operatorOrg: number;
}

export interface DemoUsers {
  superadmin: number;
  admin: number;
  operator: number;
  /** The supplier organisation's sales account: confirms the purchase orders addressed to it. */
  supplier: number;
  staff: number[];
  /** The guest account of 游客访问: guest mode is on in the demo, seeing every organisation. */
  guest: number;
}

export async function seedOrgs(trx: Transaction<DB>, regionIds: number[], industryIds: number[], now: number): Promise<DemoOrgs> {
  const org = async (name: string, code: string, type: number, parent: number | null, region: number | null = null, industry: number | null = null) =>
    (await trx.insertInto('t_org').values({ name, code, org_type: type, parent_id: parent, region_id: region, industry_id: industry, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
  const hq = await org('诺维环境科技有限公司', 'NV-HQ', OrgType.Internal, null);
  const ownerA = await org('华东洁净制造集团', 'OWN-EAST', OrgType.Owner, hq, regionIds[0], industryIds[0]);
  const ownerA1 = await org('华东洁净制造集团·苏州工厂', 'OWN-EAST-SZ', OrgType.Owner, ownerA, regionIds[0], industryIds[0]);
  const ownerB = await org('北方医药控股', 'OWN-NORTH', OrgType.Owner, hq, regionIds[1], industryIds[1]);
  const ownerC = await org('西南数据中心运营', 'OWN-WEST', OrgType.Owner, hq, regionIds[2], industryIds[2]);
  const supplier = await org('恒流滤材供应', 'SUP-01', OrgType.Supplier, hq);
  const distributor = await org('华南净化设备经销', 'DIS-01', OrgType.Distributor, hq);
  const repairer = await org('快修环境工程', 'REP-01', OrgType.Repairer, hq);
  const operatorOrg = await org('云联运营服务', 'OPR-01', OrgType.Operator, hq);
  return { hq, owners: [ownerA, ownerA1, ownerB, ownerC], supplier, distributor, repairer, operatorOrg };
}

export async function seedUsers(trx: Transaction<DB>, orgs: DemoOrgs, now: number): Promise<DemoUsers> {
  const role = async (name: string, orgId: number, scope: string, rights: string[]) => {
    const id = (await trx.insertInto('t_role').values({ org_id: orgId, name, data_scope: scope, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    await trx.insertInto('t_role_right').values(rights.map((code) => ({ role_id: id, right_code: code }))).execute();
    return id;
  };
  const operatorRights = ALL_RIGHTS.filter((r) => !OPERATOR_LACKS.includes(r));
  const superRole = await role('超级管理员', orgs.hq, 'VAll', ALL_RIGHTS);
  const adminRole = await role('系统管理员', orgs.hq, 'VAll', ALL_RIGHTS);
  const ownerRole = await role('业主运维', orgs.owners[0], 'VOrg', operatorRights);
  const repairRole = await role('维修工程师', orgs.repairer, 'VSpec', operatorRights);
  const supplierRole = await role('供应商销售', orgs.supplier, 'VDept', [Right.BuyRecord, Right.NoticePreview, Right.AccountPreview, Right.LogPreview]);
  const user = async (username: string, password: string, nickName: string, orgId: number, roleId: number, isSuper = 0) => {
    const id = (await trx.insertInto('t_user').values({
      username, nick_name: nickName, password_hash: await hashPassword(password), org_id: orgId, is_super: isSuper,
      avatar: 'defaultuser.png', created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    await trx.insertInto('t_user_role').values({ user_id: id, role_id: roleId }).execute();
    return id;
  };
  const [sa, ad, op, sup] = DEMO_ACCOUNTS;
  const superadmin = await user(sa.username, sa.password, sa.nickName, orgs.hq, superRole, 1);
  const admin = await user(ad.username, ad.password, ad.nickName, orgs.hq, adminRole);
  const operator = await user(op.username, op.password, op.nickName, orgs.owners[0], ownerRole);
  const supplier = await user(sup.username, sup.password, sup.nickName, orgs.supplier, supplierRole);
  // Staff without a published password: they fill the user lists and receive messages.
  const staffPassword = `staff-${now}-${Math.random()}`;
  const staff = [
    await user('zhang.wei', staffPassword, '张伟', orgs.owners[2], ownerRole),
    await user('li.na', staffPassword, '李娜', orgs.repairer, repairRole),
  ];
  // Outside the demo guest mode stays off (reference data); a demo wall may be opened by anyone.
  const guest = await enableGuest(trx, orgs.hq, now);
  return { superadmin, admin, operator, supplier, staff, guest };
}
