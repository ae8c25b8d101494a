import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Chunks of their own, loaded when a device's detail or online data is opened; AdminPage holds the Suspense boundary.
const DeviceDetailPage = lazyPage(() => import('./DeviceDetailPage'), 'DeviceDetailPage');
const DeviceOnlineDataPage = lazyPage(() => import('./DeviceOnlineDataPage'), 'DeviceOnlineDataPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The device detail and online-data pages (issue 19) by route pattern (MAIN_FIXED_ROUTES, device-preview). */
export const DETAIL_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_monitor/nv_device_detail/:deviceId': ({ title, params }) => <DeviceDetailPage title={title} params={params} />,
  '/nv_monitor/nv_device_onlinedata/:deviceId': ({ title, params }) => <DeviceOnlineDataPage title={title} params={params} />,
};
