import type { ReactNode } from 'react';
import { deviceCategoryResource } from '../../../../contract/resources/device-category';
import { deviceCategorySchemeResource } from '../../../../contract/resources/device-category-scheme';
import { measureTagGroupResource } from '../../../../contract/resources/measure-tag-group';
import { measureTagResource } from '../../../../contract/resources/measure-tag';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { lazyPage } from '../../../shared/lazyPage';

// Each page is a chunk of its own, loaded when it is opened; AdminPage holds the Suspense boundary.
const ProductListPage = lazyPage(() => import('./ProductListPage'), 'ProductListPage');
const ResourceTabsPage = lazyPage(() => import('../ResourceTabsPage'), 'ResourceTabsPage');
const ProductSyncPage = lazyPage(() => import('./sync/ProductSyncPage'), 'ProductSyncPage');
const ProductSyncDetailPage = lazyPage(() => import('./sync/ProductSyncDetailPage'), 'ProductSyncDetailPage');
const MeasureAuthPage = lazyPage(() => import('./auth/MeasureAuthPage'), 'MeasureAuthPage');
const IotMonitorPage = lazyPage(() => import('./iot/IotMonitorPage'), 'IotMonitorPage');
const MeasurePointPage = lazyPage(() => import('./measures/MeasurePointPage'), 'MeasurePointPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

const TAG_TABS = [measureTagResource, measureTagGroupResource] as unknown as readonly ResourceDefinition[];
const CATEGORY_TABS = [deviceCategoryResource, deviceCategorySchemeResource] as unknown as readonly ResourceDefinition[];

/** The product catalogue's pages (issue 17) by route. */
export const PRODUCT_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_product/nv_product_list': ({ title }) => <ProductListPage title={title} iot={false} />,
  '/nv_iot/nv_iot_product': ({ title }) => <ProductListPage title={title} iot />,
  '/nv_product/nv_measure_tag': ({ title }) => <ResourceTabsPage title={title} tabs={TAG_TABS} />,
  '/nv_product/nv_product_category': ({ title }) => <ResourceTabsPage title={title} tabs={CATEGORY_TABS} />,
  '/nv_product/nv_product_sync': ({ title }) => <ProductSyncPage title={title} />,
  '/nv_product/nv_product_sync_detail/:id': ({ title, params }) => <ProductSyncDetailPage key={params.id} title={title} params={params} />,
  '/nv_product/nv_measure_auth/:isIotDevice': ({ title, params }) => <MeasureAuthPage key={params.isIotDevice} title={title} params={params} />,
  '/nv_iot/nv_iot_monitor': ({ title }) => <IotMonitorPage title={title} />,
  '/nv_product/nv_measure_point': ({ title }) => <MeasurePointPage title={title} iot={false} />,
  '/nv_iot/nv_iot_measure_point': ({ title }) => <MeasurePointPage title={title} iot />,
};
