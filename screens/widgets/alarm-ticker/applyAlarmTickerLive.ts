import type { RealAlarm } from '../../../contract/alarms';
import type { Widget } from '../../../contract/screen-template';
import type { LiveEvent } from '../../runtime/types';
import { readAlarmTickerProps } from './alarmTickerModel';

/**
 * Folds a `measureWarning` push into the alarm list: `raise` puts the alarm first (once: an alarm
 * already listed moves), `update` replaces it where it is, `clear` removes it; the list keeps at
 * most `limit` alarms. Returns a new array, or undefined when the push changes nothing (an update
 * or clear of an alarm not listed, another event, no list yet for anything but a raise).
 */
export function applyAlarmTickerLive(data: RealAlarm[] | undefined, live: LiveEvent, widget: Widget): RealAlarm[] | undefined {
  if (live.event !== 'measureWarning') return undefined;
  const { action } = live.data;
  const { clearedAt: _clearedAt, ...alarm } = live.data.alarm;
  const list = Array.isArray(data) ? data : null;
  const index = list ? list.findIndex((a) => a.id === alarm.id) : -1;

  if (action === 'raise') {
    const rest = list ? list.filter((a) => a.id !== alarm.id) : [];
    return [alarm, ...rest].slice(0, readAlarmTickerProps(widget.props).limit);
  }
  if (!list || index < 0) return undefined;
  if (action === 'update') return list.map((a, i) => (i === index ? alarm : a));
  if (action === 'clear') return list.filter((_, i) => i !== index);
  return undefined;
}
