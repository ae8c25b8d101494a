import { HubNoticeType, HubTopic, type HubNotice, type MeasureValue } from '../../contract/hub';
import type { TelemetryEvents } from '../telemetry/telemetry-events';
import type { HubPublisher } from './publisher';

function groupBy<T>(items: T[], key: (item: T) => number | null): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The device's topic, its project's, and an open topic: one push, received once by each client. */
function topicsOf(projectId: number | null, deviceId: number, open: string): string[] {
  return projectId === null ? [open, HubTopic.device(deviceId)] : [open, HubTopic.project(projectId), HubTopic.device(deviceId)];
}

/**
 * Turns telemetry's domain events into `Notify` pushes (the events know nothing of the hub):
 * - measureValues: one batch per project on `project:<id>` and per device on `device:<id>` (a
 *   client on both topics gets a device's samples twice: values are applied idempotently);
 * - deviceState: on the device, its project, and `statistics`, to those who see the project;
 * - measureWarning: on `alarms`, the project and the device, to those who see the project;
 * - message: to each recipient's own connections.
 * Returns the function that detaches it.
 */
export function bridgeTelemetryToHub(events: TelemetryEvents, hub: HubPublisher): () => void {
  const offs = [
    events.on('measureValues', ({ items }) => {
      const values: MeasureValue[] = items.map(({ deviceId, measureId, projectId, value, ts }) => ({ deviceId, measureId, projectId, value, ts }));
      for (const [projectId, batch] of groupBy(values, (v) => v.projectId)) {
        if (projectId !== null) void hub.publish(HubTopic.project(projectId), { type: HubNoticeType.MeasureValues, data: { items: batch } });
      }
      for (const [deviceId, batch] of groupBy(values, (v) => v.deviceId)) {
        void hub.publish(HubTopic.device(deviceId!), { type: HubNoticeType.MeasureValues, data: { items: batch } });
      }
    }),
    events.on('deviceState', ({ deviceId, projectId, state, ts }) => {
      const notice: HubNotice = { type: HubNoticeType.DeviceState, data: { deviceId, projectId, state, ts } };
      void hub.publish(topicsOf(projectId, deviceId, HubTopic.statistics), notice, { projectId });
    }),
    events.on('measureWarning', ({ action, alarm }) => {
      const notice: HubNotice = { type: HubNoticeType.MeasureWarning, data: { action, alarm } };
      void hub.publish(topicsOf(alarm.projectId, alarm.deviceId, HubTopic.alarms), notice, { projectId: alarm.projectId });
    }),
    events.on('message', ({ userIds, message }) => {
      const notice: HubNotice = { type: HubNoticeType.Message, data: message };
      for (const userId of userIds) void hub.publishToUser(userId, notice);
    }),
  ];
  return () => { for (const off of offs) off(); };
}
