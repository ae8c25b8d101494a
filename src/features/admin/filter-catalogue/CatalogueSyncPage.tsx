import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../ResourceListPage';
import { registerCatalogueStrings } from './catalogueStrings';
import { SyncPanel } from './SyncPanel';

registerCatalogueStrings();

/**
 * 滤网目录同步 (/nv_product/nv_filter_sync): the supplier's filter types and models from the upstream
 * catalogue, previewed as added / changed / removed lines and applied on request. The tab is kept
 * in the address (`?tab=models`).
 */
export function CatalogueSyncPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = new URLSearchParams(search).get('tab') === 'models' ? 'models' : 'types';
  return (
    <PagePanel data-catalogue-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(key === 'models' ? `${location}?tab=models` : location, { replace: true })}
          items={[
            { key: 'types', label: t('catalogue.tabTypes'), children: <SyncPanel kind="filter-type" /> },
            { key: 'models', label: t('catalogue.tabModels'), children: <SyncPanel kind="filter-model" /> },
          ]}
        />
      </PanelBody>
    </PagePanel>
  );
}
