import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../ResourceListPage';
import { FirmwareList } from './FirmwareList';
import { TaskList } from './TaskList';
import { fetchModelNames, upgradeKeys } from './upgradeApi';
import { registerUpgradeStrings } from './upgradeStrings';

registerUpgradeStrings();

/**
 * 固件升级 (/nv_iot/nv_upgrade): 升级任务 (submit, audit, follow each device) and 固件管理
 * (upload with progress and MD5, list, delete). The tab is kept in the address (`?tab=firmware`).
 */
export function UpgradePage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = new URLSearchParams(search).get('tab') === 'firmware' ? 'firmware' : 'tasks';
  const models = useQuery({ queryKey: upgradeKeys.models, queryFn: ({ signal }) => fetchModelNames(signal), staleTime: 60_000 });
  const names = models.data ?? [];
  return (
    <PagePanel data-upgrade-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(key === 'firmware' ? `${location}?tab=firmware` : location, { replace: true })}
          items={[
            { key: 'tasks', label: t('upgrades.tabTasks'), children: <TaskList models={names} /> },
            { key: 'firmware', label: t('upgrades.tabFirmware'), children: <FirmwareList models={names} /> },
          ]}
        />
      </PanelBody>
    </PagePanel>
  );
}
