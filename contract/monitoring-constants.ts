import { MeasureTag } from './enums';

/*
 * The figures of 项目监控 (contract/monitoring.ts) without zod, so the console's page can import
 * them without pulling the schema library into its chunk.
 */

/** The measure tags whose values the page shows per device, in column order (SPEC §3 tag ids). */
export const PROJECT_MONITOR_TAGS = [
  MeasureTag.PM25, MeasureTag.PM10, MeasureTag.Temperature, MeasureTag.Humidity, MeasureTag.Resistance,
  MeasureTag.AirVolume, MeasureTag.TotalEnergy,
] as const;
/** The devices one answer lists (alarm first, then offline, then online); `devicesTruncated` says when there are more. */
export const PROJECT_MONITOR_MAX_DEVICES = 300;
/** The newest real-time alarms one answer carries; `alarmCount` is their total. */
export const PROJECT_MONITOR_ALARMS = 10;
