import type { RealAlarm } from '../../../contract/alarms';
import { foldLiveAlarm } from '../../../contract/live-alarms';
import type { Widget } from '../../../contract/screen-template';
import { REFETCH, type LiveEvent } from '../../runtime/types';
import { readAlarmTickerProps } from './alarmTickerModel';

/**
 * Folds a `measureWarning` push into the alarm list with contract/live-alarms.ts, the rule the
 * bell and 实时告警 fold with: a raise lands where the ticker's order puts it within its `limit`,
 * an update merges in place, a clear removes it. Where the list was full and loses a row, only the
 * source knows the next alarm: REFETCH re-reads it (the wall would show one row short until its next
 * refresh). Returns undefined when the push changes nothing (another event, an alarm not listed,
 * no list yet for anything but a raise).
 */
export function applyAlarmTickerLive(data: RealAlarm[] | undefined, live: LiveEvent, widget: Widget): RealAlarm[] | undefined | typeof REFETCH {
  if (live.event !== 'measureWarning') return undefined;
  const list = Array.isArray(data) ? data : null;
  if (!list && live.data.action !== 'raise') return undefined;
  const props = readAlarmTickerProps(widget.props);
  const next = foldLiveAlarm(list ?? [], live.data, { order: props.order, cap: props.limit });
  if (next === 'refetch') return REFETCH;
  return next === list ? undefined : next;
}
