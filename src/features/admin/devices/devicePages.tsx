import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own, loaded when a device page is opened; AdminPage holds the Suspense boundary.
const DeviceListPage = lazyPage(() => import('./DeviceListPage'), 'DeviceListPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The device pages (issue 18) by route: one page, the IoT devices (types 1, 3, 4) with a fixed filter. */
export const DEVICE_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_iot/nv_iot_device_list': ({ title }) => <DeviceListPage title={title} iot={false} />,
  '/nv_iot/nv_iot_device': ({ title }) => <DeviceListPage title={title} iot />,
};
