import type { Transaction } from 'kysely';
import { DeviceState, DeviceTypeId } from '../../contract/enums';
import type { DB } from '../db/schema';
import type { DemoOrgs, DemoUsers } from './demo-accounts';
import { DEFAULT_SITE_PROFILE, type SiteProfile } from '../simulator/site-profile';
import { prng } from './prng';

/** Three regions, with the projects' cities (real coordinates, GCJ-02 close enough for a demo). */
export const DEMO_REGIONS = [
  { name: '华东区', code: 'EAST', lng: 120.5, lat: 31.0 },
  { name: '华北区', code: 'NORTH', lng: 116.4, lat: 39.9 },
  { name: '中西部区', code: 'WEST', lng: 106.5, lat: 30.5 },
];
export const DEMO_INDUSTRIES = ['电子制造', '生物医药', '数据中心', '商业楼宇'];

interface ProjectSeed {
  name: string; code: string; city: string; address: string; lng: number; lat: number; region: number; owner: number; industry: number;
  /** Size, air, filter wear and trouble of the site: the history and the simulator follow it. */
  profile: SiteProfile;
  /** Devices (label and number, as in their names) with an open alarm at first start. */
  alarmed?: string[];
}

/**
 * owner: index into DemoOrgs.owners; region and industry: index into the lists above. The sites
 * differ as real ones do: a data centre or a pharmaceutical plant draws five times what an office
 * or a shopping centre does, one plant's filter bank is due for a change while another's is new,
 * and an old plant has more trouble. At first start two sites have alarms (a worn filter bank and
 * a stopped unit at 苏州, a haze over 北京); the rest are normal.
 */
const PROJECTS: ProjectSeed[] = [
  { name: '上海张江洁净厂房', code: 'P-SH-01', city: '上海', address: '上海市浦东新区张江路 88 号', lng: 121.5905, lat: 31.2035, region: 0, owner: 0, industry: 0,
    profile: { powerKw: 165, powerSwing: 0.12, pm25Base: 33, filterLoad: 0.5, incidents: 0.6 } },
  { name: '苏州工业园区电子车间', code: 'P-SZ-01', city: '苏州', address: '苏州市工业园区星湖街 328 号', lng: 120.7235, lat: 31.3246, region: 0, owner: 1, industry: 0,
    profile: { powerKw: 120, powerSwing: 0.15, pm25Base: 35, filterLoad: 0.7, incidents: 2.5 },
    alarmed: ['过滤器-02', '过滤器-05', '净化机组-01'] },
  { name: '杭州未来科技城办公楼', code: 'P-HZ-01', city: '杭州', address: '杭州市余杭区文一西路 969 号', lng: 120.0066, lat: 30.2903, region: 0, owner: 0, industry: 3,
    profile: { powerKw: 34, powerSwing: 0.5, pm25Base: 28, filterLoad: 0.2, incidents: 0.25 } },
  { name: '北京亦庄制药车间', code: 'P-BJ-01', city: '北京', address: '北京市大兴区荣华南路 15 号', lng: 116.5061, lat: 39.7953, region: 1, owner: 2, industry: 1,
    profile: { powerKw: 190, powerSwing: 0.1, pm25Base: 40, filterLoad: 0.5, incidents: 2 },
    alarmed: ['空气传感器-01', '空气传感器-02', '空气传感器-03'] },
  { name: '西安高新生物实验室', code: 'P-XA-01', city: '西安', address: '西安市雁塔区锦业路 69 号', lng: 108.8869, lat: 34.1921, region: 1, owner: 2, industry: 1,
    profile: { powerKw: 75, powerSwing: 0.25, pm25Base: 38, filterLoad: 0.4, incidents: 0.5 } },
  { name: '成都天府数据中心', code: 'P-CD-01', city: '成都', address: '成都市双流区天府大道南段 2039 号', lng: 104.0697, lat: 30.4168, region: 2, owner: 3, industry: 2,
    profile: { powerKw: 230, powerSwing: 0.04, pm25Base: 36, filterLoad: 0.45, incidents: 0.4 } },
  { name: '武汉光谷洁净车间', code: 'P-WH-01', city: '武汉', address: '武汉市东湖高新区高新大道 999 号', lng: 114.4106, lat: 30.4786, region: 2, owner: 3, industry: 0,
    profile: { powerKw: 105, powerSwing: 0.15, pm25Base: 37, filterLoad: 0.6, incidents: 1.5 } },
  { name: '重庆两江商业中心', code: 'P-CQ-01', city: '重庆', address: '重庆市渝北区金开大道 68 号', lng: 106.5306, lat: 29.6585, region: 2, owner: 3, industry: 3,
    profile: { powerKw: 28, powerSwing: 0.55, pm25Base: 34, filterLoad: 0.3, incidents: 0.25 } },
];

/** The profile of a demo project by its code; an average site for any other. */
export function demoSiteProfile(code: string | null): SiteProfile {
  return PROJECTS.find((p) => p.code === code)?.profile ?? DEFAULT_SITE_PROFILE;
}

/** Devices per project, by model code: 18 each, 144 in all. */
const PROJECT_DEVICES: [code: string, count: number, label: string][] = [
  ['NV-RG100', 1, 'RoLa网关'], ['NV-DTU4G', 1, '4G终端'], ['NV-F600', 6, '过滤器'], ['NV-S200', 3, '空气传感器'],
  ['NV-AP900', 2, '净化机组'], ['NV-EM30', 1, '电表'], ['NV-WM10', 1, '水表'], ['NV-GM10', 1, '燃气表'],
  ['NV-RT8', 1, '继电器'], ['NV-C20', 1, '滤材集装箱'],
];

export async function seedSites(
  trx: Transaction<DB>, orgs: DemoOrgs, users: DemoUsers, models: Map<string, { id: number; type: number }>, now: number,
): Promise<{ projectIds: number[]; deviceCount: number }> {
  const random = prng(2026);
  const regionIds = (await trx.selectFrom('t_region').select('id').orderBy('id').execute()).map((r) => r.id);
  const industryIds = (await trx.selectFrom('t_industry').select('id').orderBy('id').execute()).map((r) => r.id);
  const groupIds = new Map<number, number>();
  for (const owner of orgs.owners) {
    groupIds.set(owner, (await trx.insertInto('t_project_group').values({ name: '重点项目', org_id: owner }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const projectIds: number[] = [];
  let deviceCount = 0;
  for (const p of PROJECTS) {
    const ownerId = orgs.owners[p.owner];
    const projectId = (await trx.insertInto('t_project').values({
      name: p.name, code: p.code, org_id: ownerId, group_id: groupIds.get(ownerId) ?? null, region_id: regionIds[p.region],
      industry_id: industryIds[p.industry], city: p.city, address: p.address, lng: p.lng, lat: p.lat,
      created_by: users.admin, created_at: now - (90 + projectIds.length * 30) * 86_400_000,
    }).returning('id').executeTakeFirstOrThrow()).id;
    projectIds.push(projectId);
    const gateway = (await trx.insertInto('t_gateway').values({
      project_id: projectId, code: `GW-${p.code}`, name: `${p.city}网关`, created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const rows = [];
    for (const [modelCode, count, label] of PROJECT_DEVICES) {
      const model = models.get(modelCode)!;
      for (let i = 1; i <= count; i++) {
        deviceCount++;
        const unit = `${label}${count > 1 ? `-${String(i).padStart(2, '0')}` : ''}`;
        // One device in twenty is out of contact (a flat battery, a tripped breaker).
        const offline = random() < 0.05;
        const state = p.alarmed?.includes(unit) ? DeviceState.Alarm : offline ? DeviceState.Offline : DeviceState.Online;
        rows.push({
          name: `${p.city}${unit}`,
          code: `${p.code}-${modelCode}-${i}`,
          project_id: projectId,
          device_model_id: model.id,
          device_type_id: model.type,
          gateway_id: model.type === DeviceTypeId.Dtu4G || model.type === DeviceTypeId.RoLaGateway ? null : gateway,
          iot_id: `IOT${String(deviceCount).padStart(6, '0')}`,
          iccid: model.type === DeviceTypeId.Dtu4G ? `8986${String(1e15 + deviceCount).slice(1)}` : '',
          state,
          last_seen_at: state === DeviceState.Offline ? now - 3_600_000 : now,
          install_date: now - Math.floor(30 + random() * 300) * 86_400_000,
          lng: p.lng + (random() - 0.5) * 0.01,
          lat: p.lat + (random() - 0.5) * 0.01,
          created_at: now,
        });
      }
    }
    await trx.insertInto('t_device').values(rows).execute();
    const contact = (await trx.insertInto('t_contacts').values({
      org_id: ownerId, name: `${p.city}值班室`, phone: `400-800-${String(1000 + projectIds.length).slice(-4)}`,
    }).returning('id').executeTakeFirstOrThrow()).id;
    await trx.insertInto('t_project_contacts').values({ project_id: projectId, contact_id: contact }).execute();
  }
  // The repairer's engineer sees the projects the repair role lists (VSpec), not their own org's.
  const repairRole = await trx.selectFrom('t_role').select('id').where('name', '=', '维修工程师').executeTakeFirstOrThrow();
  await trx.insertInto('t_data_right').values([projectIds[3], projectIds[5]].map((id) => ({ role_id: repairRole.id, right_type: 'VSpec', target_id: id }))).execute();
  await trx.insertInto('t_project_member').values({ project_id: projectIds[0], user_id: users.operator, role: 'owner' }).execute();
  return { projectIds, deviceCount };
}
