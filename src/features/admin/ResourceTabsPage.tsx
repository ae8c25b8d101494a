import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { ResourceDefinition } from '../../../contract/resources/kit';
import { PageHeading, PagePanel } from '../../shared/ui/PagePanel';
import { ResourceList } from './kit/ResourceList';
import { resourceKey } from './kit/resourceStrings';
import { PanelBody } from './ResourceListPage';

const TAB = 'tab';

/**
 * A menu page of several catalogues as tabs, one resource list each (基础数据, 测点标签, 产品分类).
 * The open tab is in the address (`?tab=t_manufactor`) with its list's state; another tab starts
 * with a clean list.
 */
export function ResourceTabsPage({ title, tabs }: { title: string; tabs: readonly ResourceDefinition[] }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get(TAB);
  const active = tabs.find((d) => d.name === asked) ?? tabs[0];
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Tabs
          activeKey={active.name}
          destroyOnHidden
          onChange={(key) => navigate(`${location}?${new URLSearchParams({ [TAB]: key })}`, { replace: true })}
          items={tabs.map((def) => ({
            key: def.name,
            label: t(resourceKey(def, 'title')),
            children: <ResourceList def={def} />,
          }))}
        />
      </PanelBody>
    </PagePanel>
  );
}
