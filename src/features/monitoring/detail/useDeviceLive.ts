import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { HubNoticeType, HubTopic } from '../../../../contract/hub';
import type { DeviceDetail } from '../../../../contract/device-detail';
import { takeEarlyRead } from '../../../shared/earlyReads';
import { ApiRequestError } from '../../../shared/http';
import { hubStatusAtom } from '../../../shared/hub/hubAtoms';
import { hubOwnerAtom } from '../../../shared/hub/hubOwnerAtom';
import { detailKeys, detailReadKey, fetchDeviceDetail } from './detailApi';
import { applyState, applyValues, applyWarning, freshnessOf, type Freshness, type LiveDetail } from './liveDetail';

/** How often the freshness is looked at again (the stale marker needs no push to appear). */
const FRESHNESS_TICK_MS = 5_000;
/** A snapshot younger than this is not read again when the page mounts (the hub keeps it live). */
const SNAPSHOT_FRESH_MS = 5_000;
/** A first connection may take this long before the page says it is missing (the hub connects 5 s after sign-in). */
const CONNECT_GRACE_MS = 10_000;

const isNotFound = (err: unknown) => err instanceof ApiRequestError && err.status === 404;

/**
 * The device's snapshot (GET /api/t_device/detail/{id}) kept live by the hub while mounted: its
 * topic subscribed, values, state and alarms applied as they arrive, the snapshot read again after
 * every reconnect (pushes missed while away), and a freshness that turns stale when data stops.
 * Subscription, listeners and timer end on unmount.
 */
export function useDeviceLive(deviceId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const owner = useAtomValue(hubOwnerAtom);
  const status = useAtomValue(hubStatusAtom);
  const [mountedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const options = {
    queryKey: detailKeys.detail(deviceId),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LiveDetail> => {
      // The read a cold start began (detailPrefetch.ts), with its own times for the clock skew.
      const early = takeEarlyRead<DeviceDetail>(detailReadKey(deviceId));
      const asked = early?.askedAt ?? Date.now();
      const d = await (early?.data ?? fetchDeviceDetail(deviceId, signal));
      return { ...d, skewMs: d.serverTime - Math.round((asked + (early?.answeredAt ?? Date.now())) / 2) };
    },
    retry: (count: number, err: Error) => !isNotFound(err) && count < 2,
    // The hub keeps it live while mounted; a snapshot this young is not read again on mount.
    staleTime: SNAPSHOT_FRESH_MS,
  };
  // Asked during the first render rather than after the page's (large) first commit.
  useState(() => {
    if (enabled) void queryClient.prefetchQuery(options);
  });
  const query = useQuery({ ...options, enabled });

  useEffect(() => {
    if (!owner || !enabled) return undefined;
    const key = detailKeys.detail(deviceId);
    const update = (change: (d: LiveDetail) => LiveDetail) => queryClient.setQueryData<LiveDetail>(key, (d) => (d ? change(d) : d));
    const offs = [
      owner.subscribe(HubTopic.device(deviceId)),
      owner.on(HubNoticeType.MeasureValues, (n) => update((d) => applyValues(d, n.data.items))),
      owner.on(HubNoticeType.DeviceState, (n) => update((d) => applyState(d, n.data))),
      owner.on(HubNoticeType.MeasureWarning, (n) => update((d) => applyWarning(d, n.data))),
      owner.onResync(() => { void queryClient.invalidateQueries({ queryKey: key, exact: true }); }),
    ];
    return () => { for (const off of offs) off(); };
  }, [owner, deviceId, enabled, queryClient]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), FRESHNESS_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const hubDown = status === 'reconnecting' || (status !== 'connected' && now - mountedAt > CONNECT_GRACE_MS);
  const freshness: Freshness | null = query.data ? freshnessOf(query.data, hubDown, now) : null;
  return { query, freshness, notFound: isNotFound(query.error), now: now + (query.data?.skewMs ?? 0) };
}
