import type { ReactNode } from 'react';
import { lazyPage } from '../../shared/lazyPage';

// A chunk of its own, loaded when the page is opened; AdminPage holds the Suspense boundary.
const DeviceMonitorPage = lazyPage(() => import('./DeviceMonitorPage'), 'DeviceMonitorPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The monitoring pages of the admin branch (issue 19) by route; 项目监控 is a full-window page of its own (ConsoleRoutes). */
export const MONITORING_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_monitor/nv_device_monitor': ({ title }) => <DeviceMonitorPage title={title} />,
};
