import { CommandCode, commandResultText } from '../../../../../contract/gateway-commands';
import type { ProductSyncItem, SyncCounts, SyncState } from '../../../../../contract/product-sync';
import { isBatchRunning } from '../../kit/batchCounts';

/** How often a page with a running sync asks again, in ms. */
export const SYNC_REFRESH_MS = 3_000;

/** A sync still has work in flight (the server says running, or some device is waiting). */
export const isRunning: (sync: { state: SyncState; counts: SyncCounts }) => boolean = isBatchRunning;

/** react-query's refetchInterval: every SYNC_REFRESH_MS while any sync shown runs, else not at all. */
export function refreshWhileRunning(syncs: readonly { state: SyncState; counts: SyncCounts }[] | undefined): number | false {
  return syncs?.some(isRunning) ? SYNC_REFRESH_MS : false;
}

/** Tag colours (antd presets) of sync and device states. */
export const SYNC_STATE_COLORS: Record<SyncState, string> = { running: 'processing', succeeded: 'success', partial: 'warning', failed: 'error' };
export const ITEM_STATE_COLORS: Record<ProductSyncItem['state'], string> = {
  queued: 'default', sent: 'processing', succeeded: 'success', failed: 'error', expired: 'warning',
};

/** The order of device states in the detail: failed, timed out, waiting, then succeeded. */
export const ITEM_STATE_RANK: Record<ProductSyncItem['state'], number> = { failed: 0, expired: 1, sent: 2, queued: 3, succeeded: 4 };

/**
 * What a device's result shows: the code's text in the reader's language, and the gateway's own
 * message when it says more than that text. No text while the device waits, nor for success
 * (code 0 reads 无 / None: the state tag says it). The platform's own codes (no gateway, timed
 * out) carry the platform's own wording, which says no more than the code's text.
 */
export function resultOf(item: Pick<ProductSyncItem, 'code' | 'codeText' | 'message'>, lang: 'zh' | 'en'): { text: string; detail: string } {
  if (item.code === null || item.code === 0) return { text: '', detail: item.message.trim() };
  const text = lang === 'zh' && item.codeText ? item.codeText : commandResultText(item.code, lang);
  const said = item.code === CommandCode.NoGateway || item.code === CommandCode.Timeout ? '' : item.message.trim();
  const detail = said && said !== text && said !== item.codeText ? said : '';
  return { text, detail };
}

/** The items failed or timed out: what 重试失败项 sends again. */
export const retryableCount = (items: readonly Pick<ProductSyncItem, 'state'>[]) => items.filter((i) => i.state === 'failed' || i.state === 'expired').length;
