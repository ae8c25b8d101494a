import { CONDITION_NAMES, type ConditionType } from '../../contract/conditions';
import { WARN_LEVEL_NAMES, type WebhookPayload } from '../../contract/alarm-notifications';
import type { SendJob } from './notification-repository';

const conditionName = (type: number) => CONDITION_NAMES[type as ConditionType] ?? `条件${type}`;
const levelName = (level: number) => WARN_LEVEL_NAMES[level]?.zh ?? String(level);

/** The webhook body of one try (contract/alarm-notifications.ts WebhookPayload). */
export function webhookPayload(job: SendJob, attempt: number): WebhookPayload {
  const a = job.alarm;
  return {
    deliveryId: job.deliveryId,
    event: 'alarm.raised',
    escalationLevel: job.escalationLevel,
    attempt,
    alarm: {
      id: a.id, projectId: a.projectId, projectName: a.projectName, deviceId: a.deviceId, deviceName: a.deviceName,
      deviceCode: a.deviceCode, measureId: a.measureId, measureName: a.measureName, unit: a.unit, conditionType: a.conditionType,
      condition: conditionName(a.conditionType), conditionVal1: a.conditionVal1, conditionVal2: a.conditionVal2,
      sampleValue: a.sampleValue, warnLevel: a.warnLevel, warnLevelName: levelName(a.warnLevel), content: a.content,
      raisedAt: a.raisedAt, raisedAtIso: new Date(a.raisedAt).toISOString(),
    },
    contact: { id: job.contact?.id ?? 0, name: job.contact?.name ?? '' },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-05-01 08:30:00` in China time (UTC+8), the platform's working time zone. */
export function chinaTime(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();
const value = (v: number | null, unit: string) => (v === null ? '--' : `${v}${unit}`);

/** The e-mail of one notification: a zh subject and a plain-text body (never HTML: the texts are the platform users'). */
export function alarmMail(job: SendJob): { subject: string; text: string } {
  const a = job.alarm;
  const level = levelName(a.warnLevel);
  const subject = oneLine(`【${level}告警】${a.projectName || '未分配项目'} / ${a.deviceName}：${a.content}`).slice(0, 200);
  const lines = [
    job.escalationLevel > 0 ? `告警升级通知（第 ${job.escalationLevel} 级）：以下告警仍未确认。` : '告警通知：',
    '',
    `项目：${a.projectName || '未分配项目'}`,
    `设备：${a.deviceName}（${a.deviceCode}）`,
    `测点：${a.measureName}`,
    `告警等级：${level}`,
    `告警内容：${a.content}`,
    `告警条件：${conditionName(a.conditionType)} ${[a.conditionVal1, a.conditionVal2].filter((v) => v !== null).join(' / ')}`.trim(),
    `当前值：${value(a.sampleValue, a.unit)}`,
    `发生时间：${chinaTime(a.raisedAt)}（北京时间）`,
    `告警编号：${a.id}`,
    `投递编号：${job.deliveryId}`,
    '',
    '请登录平台确认处理此告警。此邮件由系统自动发送，请勿回复。',
  ];
  return { subject, text: lines.join('\n') };
}
