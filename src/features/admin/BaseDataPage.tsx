import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { dataDictResource } from '../../../contract/resources/data-dict';
import { industryResource } from '../../../contract/resources/industry';
import { manufactorResource } from '../../../contract/resources/manufactor';
import { regionResource } from '../../../contract/resources/region';
import type { ResourceDefinition } from '../../../contract/resources/kit';
import { PageHeading, PagePanel } from '../../shared/ui/PagePanel';
import { ResourceList } from './kit/ResourceList';
import { resourceKey } from './kit/resourceStrings';
import { PanelBody } from './ResourceListPage';

/** 基础数据's tabs, in order: one resource list each. */
export const BASE_DATA_TABS = [manufactorResource, industryResource, regionResource, dataDictResource] as unknown as readonly ResourceDefinition[];

const TAB = 'tab';

/**
 * /nv_system/nv_base_data: the base-data catalogues as tabs. The open tab is in the address
 * (`?tab=t_manufactor`) with its list's state; another tab starts with a clean list.
 */
export function BaseDataPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get(TAB);
  const active = BASE_DATA_TABS.find((d) => d.name === asked) ?? BASE_DATA_TABS[0];
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Tabs
          activeKey={active.name}
          destroyOnHidden
          onChange={(key) => navigate(`${location}?${new URLSearchParams({ [TAB]: key })}`, { replace: true })}
          items={BASE_DATA_TABS.map((def) => ({
            key: def.name,
            label: t(resourceKey(def, 'title')),
            children: <ResourceList def={def} />,
          }))}
        />
      </PanelBody>
    </PagePanel>
  );
}
