import type { RealAlarm } from '../../../contract/alarms';

/** The "now" of the ticker's tests: 2025-03-04 14:00 at UTC+8. */
export const TEST_NOW = Date.UTC(2025, 2, 4, 6, 0, 0);

/** A real-time alarm for the ticker's tests, raised `id` minutes before TEST_NOW. */
export function testAlarm(id: number, over: Partial<RealAlarm> = {}): RealAlarm {
  return {
    id, projectId: 1, projectName: '一号厂房', deviceId: 10 + id, deviceName: `净化机组-${id}`, deviceState: 2, measureId: 5, measureName: 'PM2.5',
    conditionType: 1, condition: '大于', conditionVal1: 75, conditionVal2: null, sampleValue: 80, printf: '', alarmContent: `PM2.5 超标 ${id}`,
    warnLevel: 1, raisedAt: TEST_NOW - id * 60_000, ...over,
  };
}
