import type { RealAlarm } from '../../../contract/alarms';
import type { TelemetryEvents } from '../../telemetry/telemetry-events';

/**
 * Tells every view of live alarms (bell, wall, 实时告警) that open alarms changed, e.g. were
 * acknowledged: the same `measureWarning` update push the alarm engine sends, which each view folds
 * with contract/live-alarms.ts. The hub delivers it to those who see the project.
 */
export async function pushAlarmUpdates(events: TelemetryEvents | undefined, alarms: readonly RealAlarm[]): Promise<void> {
  for (const alarm of alarms) events?.emit('measureWarning', { action: 'update', alarm: { ...alarm, clearedAt: null } });
}
