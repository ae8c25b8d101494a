import type { Kysely } from 'kysely';
import { MessageType } from '../../contract/enums';
import { HubNoticeType } from '../../contract/hub';
import { UPGRADE_TASK_STATE_LABELS, type UpgradeTaskState } from '../../contract/upgrades';
import type { DB } from '../db/schema';
import type { HubPublisher } from '../hub/publisher';
import type { MessageEvent } from '../telemetry/telemetry-events';
import { batchOutcome, type CommandOutcome } from './sync-items';

/**
 * Upgrade task items follow their `upgrade` commands (as product sync items do): the queue calls
 * these inside the transaction that takes, finishes or expires a command, so an item never
 * disagrees with its command, a device that took its firmware records the new version in the same
 * transaction, and the message telling the submitter a task has finished is written exactly once
 * (by the transaction that finishes its last device). Returns the messages written, for the
 * caller to push once the transaction has committed.
 */

/** Called after commit with the messages a transaction wrote (the hub pushes them to their users). */
export type MessageListener = (event: MessageEvent) => void;

/** Items of these commands still queued are now sent. */
export async function upgradeItemsTaken(trx: Kysely<DB>, commandIds: readonly number[], now: number): Promise<void> {
  if (!commandIds.length) return;
  await trx.updateTable('t_upgrade_item').set({ state: 'sent', updated_at: now })
    .where('command_id', 'in', [...commandIds]).where('state', '=', 'queued').execute();
}

/**
 * Items of finished commands take the command's code (0 succeeded, else failed; past its deadline
 * expired, 99 任务超时); a succeeded device now runs the task's firmware version. Then the tasks
 * are summed up.
 */
export async function upgradeItemsFinished(trx: Kysely<DB>, outcomes: readonly CommandOutcome[], now: number): Promise<MessageEvent[]> {
  if (!outcomes.length) return [];
  const byCommand = new Map(outcomes.map((o) => [o.commandId, o]));
  const items = await trx.selectFrom('t_upgrade_item as i').innerJoin('t_upgrade_task as t', 't.id', 'i.task_id')
    .innerJoin('t_upgrade_file as f', 'f.id', 't.file_id')
    .select(['i.id', 'i.task_id', 'i.device_id', 'i.command_id', 'f.file_ver'])
    .where('i.command_id', 'in', [...byCommand.keys()]).where('i.state', 'in', ['queued', 'sent']).execute();
  for (const item of items) {
    const o = byCommand.get(item.command_id!)!;
    const state = o.expired ? 'expired' : o.code === 0 ? 'succeeded' : 'failed';
    await trx.updateTable('t_upgrade_item')
      .set({ state, result_code: o.code, result_message: o.message, updated_at: now, finished_at: now })
      .where('id', '=', item.id).execute();
    if (state === 'succeeded') await trx.updateTable('t_device').set({ firmware_ver: item.file_ver }).where('id', '=', item.device_id).execute();
  }
  return refreshUpgradeTasks(trx, [...new Set(items.map((i) => i.task_id))], now);
}

/** The outcome of a task none of whose devices waits any more. */
export function upgradeTaskOutcome(counts: Record<string, number>): UpgradeTaskState | null {
  return batchOutcome(counts, ['waiting', 'queued', 'sent']);
}

/**
 * Running tasks among `taskIds` whose devices have all finished take their outcome, and their
 * submitters are told (one message each). A task is finished once: the update is conditional on
 * `running`, so two transactions cannot both finish it.
 */
export async function refreshUpgradeTasks(trx: Kysely<DB>, taskIds: readonly number[], now: number): Promise<MessageEvent[]> {
  if (!taskIds.length) return [];
  const rows = await trx.selectFrom('t_upgrade_item').select(['task_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('task_id', 'in', [...taskIds]).groupBy(['task_id', 'state']).execute();
  const events: MessageEvent[] = [];
  for (const id of taskIds) {
    const counts: Record<string, number> = {};
    for (const r of rows.filter((x) => x.task_id === id)) counts[r.state] = Number(r.n);
    const outcome = upgradeTaskOutcome(counts);
    if (!outcome) continue;
    const r = await trx.updateTable('t_upgrade_task').set({ state: outcome, finished_at: now })
      .where('id', '=', id).where('state', '=', 'running').executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) continue;
    const task = await upgradeMessageFacts(trx, id);
    if (task.createdBy === null) continue;
    const ok = counts.succeeded ?? 0;
    const failed = (counts.failed ?? 0) + (counts.expired ?? 0);
    const event = await sendMessages(trx, [task.createdBy], {
      type: MessageType.Upgrade,
      content: `固件升级任务 #${id} ${UPGRADE_TASK_STATE_LABELS[outcome].zh}：${task.deviceModelName} ${task.fileVer}，成功 ${ok} 台，失败 ${failed} 台`,
      data: JSON.stringify({ projectName: task.projectName, deviceModelName: task.deviceModelName, fileVer: task.fileVer, taskId: id }),
    }, now);
    if (event) events.push(event);
  }
  return events;
}

/** What an upgrade message says of its task: the model, the version and where its devices are. */
export async function upgradeMessageFacts(db: Kysely<DB>, taskId: number): Promise<{
  createdBy: number | null; deviceModelName: string; fileVer: string; projectName: string;
}> {
  const task = await db.selectFrom('t_upgrade_task as t').innerJoin('t_upgrade_file as f', 'f.id', 't.file_id')
    .innerJoin('t_device_model as m', 'm.id', 't.device_model_id')
    .select(['t.created_by', 'm.name as model_name', 'f.file_ver']).where('t.id', '=', taskId).executeTakeFirstOrThrow();
  const projects = await db.selectFrom('t_upgrade_item as i').innerJoin('t_device as d', 'd.id', 'i.device_id')
    .innerJoin('t_project as p', 'p.id', 'd.project_id').select('p.name').distinct()
    .where('i.task_id', '=', taskId).orderBy('p.name').execute();
  return { createdBy: task.created_by, deviceModelName: task.model_name, fileVer: task.file_ver, projectName: projectNames(projects.map((p) => p.name)) };
}

/** One project by name, or the first and how many (messages carry one `projectName`). */
export function projectNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names[0]} 等 ${names.length} 个项目`;
}

/** Writes one message to each of `userIds` (t_history_message); the event to push after commit, or null for nobody. */
export async function sendMessages(
  trx: Kysely<DB>, userIds: readonly number[], message: { type: number; content: string; data: string }, now: number,
): Promise<MessageEvent | null> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return null;
  await trx.insertInto('t_history_message')
    .values(ids.map((user_id) => ({ user_id, type: message.type, content: message.content, data: message.data, created_at: now })))
    .execute();
  return { userIds: ids, message: { ...message, createdAt: now } };
}

/** Pushes written messages to their users' consoles (they recount their unread messages, SPEC §4). */
export function pushMessagesTo(hub: HubPublisher): MessageListener {
  return (event) => {
    for (const userId of event.userIds) void hub.publishToUser(userId, { type: HubNoticeType.Message, data: event.message });
  };
}
