import { dataDictResource } from '../../../contract/resources/data-dict';
import { industryResource } from '../../../contract/resources/industry';
import type { ResourceDefinition } from '../../../contract/resources/kit';
import { manufactorResource } from '../../../contract/resources/manufactor';
import { regionResource } from '../../../contract/resources/region';
import { ResourceTabsPage } from './ResourceTabsPage';

/** 基础数据's tabs, in order: one resource list each. */
export const BASE_DATA_TABS = [manufactorResource, industryResource, regionResource, dataDictResource] as unknown as readonly ResourceDefinition[];

/** /nv_system/nv_base_data: the base-data catalogues as tabs (`?tab=t_manufactor`). */
export function BaseDataPage({ title }: { title: string }) {
  return <ResourceTabsPage title={title} tabs={BASE_DATA_TABS} />;
}
