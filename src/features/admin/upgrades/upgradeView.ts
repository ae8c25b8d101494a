import type { DebugState, UpgradeCounts, UpgradeItem, UpgradeItemState, UpgradeTaskState } from '../../../../contract/upgrades';
import { upgradeResultText } from '../../../../contract/upgrades';
import { isBatchRunning } from '../kit/batchCounts';

/** How often a page with a running task asks again, in ms. */
export const UPGRADE_REFRESH_MS = 3_000;

/** A task with devices still in flight. */
export const isTaskRunning: (t: { state: UpgradeTaskState; counts: UpgradeCounts }) => boolean = isBatchRunning;

/** react-query's refetchInterval: every UPGRADE_REFRESH_MS while any task shown runs. */
export function refreshWhileRunning(tasks: readonly { state: UpgradeTaskState; counts: UpgradeCounts }[] | undefined): number | false {
  return tasks?.some(isTaskRunning) ? UPGRADE_REFRESH_MS : false;
}

export const TASK_STATE_COLORS: Record<UpgradeTaskState, string> = {
  pending: 'gold', rejected: 'default', running: 'processing', succeeded: 'success', partial: 'warning', failed: 'error',
};
export const ITEM_STATE_COLORS: Record<UpgradeItemState, string> = {
  waiting: 'gold', queued: 'default', sent: 'processing', succeeded: 'success', failed: 'error', expired: 'warning', cancelled: 'default',
};
export const DEBUG_STATE_COLORS: Record<DebugState, string> = { pending: 'gold', rejected: 'default', active: 'processing', ended: 'success' };

/** Devices needing attention first in a task's detail. */
export const ITEM_STATE_RANK: Record<UpgradeItemState, number> = { failed: 0, expired: 1, sent: 2, queued: 3, waiting: 4, succeeded: 5, cancelled: 6 };

/**
 * What a device's result shows: the upgrade code's text (SPEC §4) in the reader's language, and
 * the gateway's own words when they say more. Nothing while it waits, nor for success.
 */
export function itemResult(item: Pick<UpgradeItem, 'code' | 'codeText' | 'message'>, lang: 'zh' | 'en'): { text: string; detail: string } {
  if (item.code === null || item.code === 0) return { text: '', detail: '' };
  const text = lang === 'zh' && item.codeText ? item.codeText : upgradeResultText(item.code, lang);
  const said = item.message.trim();
  const detail = said && said !== text && said !== item.codeText ? said : '';
  return { text, detail };
}

/** 1536 → "1.5 KB" (binary units, one decimal under 10). */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
  return `${u === 0 || v >= 10 ? Math.round(v) : v.toFixed(1)} ${units[u]}`;
}
