import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own, loaded when 网关管理 is opened; AdminPage holds the Suspense boundary.
const GatewayListPage = lazyPage(() => import('./GatewayListPage'), 'GatewayListPage');

/** 网关管理 (issue 18) by route. */
export const GATEWAY_PAGES: Record<string, (props: { title: string; params: Record<string, string> }) => ReactNode> = {
  '/nv_iot/nv_iot_gateway': ({ title }) => <GatewayListPage title={title} />,
};
