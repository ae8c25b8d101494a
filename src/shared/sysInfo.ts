import { useEffect, useState } from 'react';
import type { SysInfo } from '../../contract/session';
import { apiGet } from './http';

export function fetchSysInfo(signal?: AbortSignal): Promise<SysInfo> {
  return apiGet<SysInfo>('/sys/info', undefined, signal);
}

/** Product name and version from GET /api/sys/info; undefined until it answers (or if it fails). */
export function useSysInfo(): SysInfo | undefined {
  const [info, setInfo] = useState<SysInfo>();
  useEffect(() => {
    const controller = new AbortController();
    fetchSysInfo(controller.signal).then(setInfo, () => {
      // The page falls back to the bundled product name; nothing else depends on this call.
    });
    return () => controller.abort();
  }, []);
  return info;
}
