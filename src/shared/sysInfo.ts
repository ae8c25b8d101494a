import { useEffect, useState } from 'react';
import type { SysInfo } from '../../contract/session';
import { apiGet } from './http';
import { DEFAULT_PRODUCT_NAME } from '../../contract/constants';

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

/**
 * The name the console shows: the site's own name when an administrator set one, else the
 * product's name in the user's language (`app.productName`).
 */
export function productNameOf(info: SysInfo | undefined, translate: (key: string) => string): string {
  return info?.name && info.name !== DEFAULT_PRODUCT_NAME ? info.name : translate('app.productName');
}
