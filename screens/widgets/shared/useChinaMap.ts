import { useEffect, useState } from 'react';
import { chinaMapReady, loadChinaMap } from './chinaMap';

/** After a failed load, the next try comes this much later: a wall recovers without a reload. */
export const CHINA_MAP_RETRY_MS = 15_000;

export type ChinaMapStatus = 'loading' | 'ready' | 'failed';

/**
 * Loads the map of China (once per page) for a widget: 'ready' once it is registered with ECharts.
 * A failure shows as 'failed' and is retried every {@link CHINA_MAP_RETRY_MS} until unmount.
 */
export function useChinaMap(): ChinaMapStatus {
  const [status, setStatus] = useState<ChinaMapStatus>(() => (chinaMapReady() ? 'ready' : 'loading'));
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      loadChinaMap().then(
        () => { if (alive) setStatus('ready'); },
        () => {
          if (!alive) return;
          setStatus('failed');
          timer = setTimeout(attempt, CHINA_MAP_RETRY_MS);
        },
      );
    };
    attempt();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);
  return status;
}
