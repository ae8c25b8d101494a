import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceCount } from '../../../contract/device-admin';
import type { DeviceListItem } from '../../../contract/devices';
import type { Paged } from '../../../contract/envelope';
import { HubTopic, type DeviceStateData } from '../../../contract/hub';
import { createScreenClient } from '../../shared/screen/createScreenClient';
import { appStore } from '../../shared/store';
import { deviceMonitorKeys, type DeviceMonitorFilter } from './deviceMonitorApi';
import { applyStatePush } from './deviceMonitorLive';

/** A recount or page read asked for by pushes happens at most this often. */
const REFRESH_MS = 1_000;
/** How long a changed device stays marked. */
const MARK_MS = 4_000;

/**
 * The device monitor's live side: on the hub's `statistics` topic every state change of a device
 * the user sees arrives (server/hub/telemetry-bridge.ts); the page's rows and counts take it at
 * once, a recount or page read follows when it cannot be placed, and both are read again after
 * every reconnect. Returns the devices changed in the last seconds (to mark them) and whether the
 * hub is down (the data may be stale). Subscription, listeners and timers end with the page.
 */
export function useDeviceMonitorLive(filter: DeviceMonitorFilter): { changed: ReadonlyMap<number, number>; stale: boolean } {
  const queryClient = useQueryClient();
  const client = useMemo(() => createScreenClient(appStore), []);
  const [changed, setChanged] = useState<ReadonlyMap<number, number>>(new Map());
  const [stale, setStale] = useState(() => client.hubHealth() === 'down');
  const filterRef = useRef(filter);
  useEffect(() => { filterRef.current = filter; }, [filter]);

  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const later = (name: string, ms: number, work: () => void) => {
      if (timers.has(name)) return;
      timers.set(name, setTimeout(() => {
        timers.delete(name);
        work();
      }, ms));
    };
    const recount = () => later('recount', REFRESH_MS, () => void queryClient.invalidateQueries({ queryKey: deviceMonitorKeys.counts(filterRef.current) }));
    const reload = () => later('reload', REFRESH_MS, () => void queryClient.invalidateQueries({ queryKey: deviceMonitorKeys.page(filterRef.current) }));
    const unmark = () => later('unmark', MARK_MS, () => setChanged((marks) => {
      const now = Date.now();
      const kept = new Map([...marks].filter(([, at]) => now - at < MARK_MS));
      if (kept.size) unmark();
      return kept;
    }));

    const onState = (data: unknown) => {
      const push = data as DeviceStateData;
      const f = filterRef.current;
      const pageKey = deviceMonitorKeys.page(f);
      const countKey = deviceMonitorKeys.counts(f);
      const page = queryClient.getQueryData<Paged<DeviceListItem>>(pageKey);
      const outcome = applyStatePush(f, page?.list, queryClient.getQueryData<DeviceCount>(countKey), push);
      if (outcome.rows && page) {
        queryClient.setQueryData<Paged<DeviceListItem>>(pageKey, { ...page, list: outcome.rows });
        setChanged((marks) => new Map(marks).set(push.deviceId, Date.now()));
        unmark();
      }
      if (outcome.counts) queryClient.setQueryData<DeviceCount>(countKey, outcome.counts);
      if (outcome.recount) recount();
      if (outcome.reload) reload();
    };

    const offs = [
      client.subscribe(HubTopic.statistics),
      client.on('deviceState', onState),
      client.onResync(() => void queryClient.invalidateQueries({ queryKey: ['deviceMonitor'] })),
      client.onHubHealth((health) => setStale(health === 'down')),
    ];
    return () => {
      for (const off of offs) off();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [client, queryClient]);

  return { changed, stale };
}
