/** The addresses of the device pages (a module of its own: the console's first chunk tests them). */
export const DEVICE_DETAIL_PATH = '/nv_monitor/nv_device_detail';
export const DEVICE_ONLINE_PATH = '/nv_monitor/nv_device_onlinedata';
export const DEVICE_MONITOR_PATH = '/nv_monitor/nv_device_monitor';

/** The device id of a 设备详情 address, or null. */
export function detailDeviceId(pathname: string): number | null {
  const m = new RegExp(`^${DEVICE_DETAIL_PATH}/(\\d+)/?$`).exec(pathname);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
