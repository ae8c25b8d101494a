import type { Transaction } from 'kysely';
import { MessageType } from '../../contract/enums';
import type { DB } from '../db/schema';

/** Messages of every message type (SPEC §3), with `data` in the shapes the console reads. */
function demoMessages(): { type: number; content: string; data: unknown; read: boolean; minutesAgo: number }[] {
  return [
    { type: MessageType.General, content: '系统将于本周六 02:00 进行例行维护', data: { title: '系统维护通知', content: '维护期间大屏数据可能短暂中断。' }, read: false, minutesAgo: 30 },
    { type: MessageType.General, content: '平台已升级至 v1.5.0', data: { title: '版本更新', content: '新增大屏模板与组态联动。' }, read: true, minutesAgo: 4320 },
    { type: MessageType.DeviceFault, content: '净化机组上报故障：风机过载', data: { projectName: '上海张江洁净厂房', deviceModelName: 'NV-AP900 空气净化机组', devices: { name: '上海净化机组-01' } }, read: false, minutesAgo: 12 },
    { type: MessageType.SystemAlarm, content: '过滤器阻力超限', data: { projectName: '北京亦庄制药车间', deviceName: '北京过滤器-03', measureName: '阻力' }, read: false, minutesAgo: 5 },
    // Some producers encode `data` twice; the console must read both forms (SPEC §3).
    { type: MessageType.SystemAlarm, content: 'PM2.5 超标', data: JSON.stringify({ projectName: '成都天府数据中心', deviceName: '成都空气传感器-02', measureName: 'PM2.5' }), read: false, minutesAgo: 45 },
    { type: MessageType.LifeAlarm, content: '过滤器剩余寿命不足 10%', data: { projectName: '苏州工业园区电子车间', deviceName: '苏州过滤器-01', measureName: '阻力' }, read: false, minutesAgo: 180 },
    { type: MessageType.PurchaseRequest, content: '采购申请待确认：NV-F600 滤芯 × 12', data: { projectName: '武汉光谷洁净车间', deviceModelName: 'NV-F600 高效过滤器', fileVer: '' }, read: false, minutesAgo: 240 },
    { type: MessageType.AppAudit, content: '新用户申请加入应用', data: { name: 'wang.fang', nickName: '王芳', sex: 2 }, read: true, minutesAgo: 1440 },
    { type: MessageType.Upgrade, content: '固件升级完成：NV-AP900 空气净化机组 V1.2.0，成功 16 台，失败 0 台', data: { projectName: '上海张江洁净厂房 等 8 个项目', deviceModelName: 'NV-AP900 空气净化机组', fileVer: 'V1.2.0' }, read: true, minutesAgo: 10080 },
    { type: MessageType.Debug, content: '远程调试申请已通过：上海净化机组-02，30 分钟', data: { projectName: '上海张江洁净厂房', deviceModelName: 'NV-AP900 空气净化机组', devices: { name: '上海净化机组-02' } }, read: true, minutesAgo: 2880 },
  ];
}

export async function seedMessages(trx: Transaction<DB>, userIds: number[], now: number): Promise<void> {
  const rows = userIds.flatMap((userId) => demoMessages().map((m) => ({
    user_id: userId, type: m.type, content: m.content, data: JSON.stringify(m.data), is_readed: m.read ? 1 : 0,
    created_at: now - m.minutesAgo * 60_000,
  })));
  await trx.insertInto('t_history_message').values(rows).execute();
}
