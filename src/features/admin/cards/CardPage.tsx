import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../ResourceListPage';
import { cardKeys, fetchOrgNames } from './cardApi';
import { CardList } from './CardList';
import { registerCardStrings } from './cardStrings';
import { CardUsers } from './CardUsers';
import { CardWarnings } from './CardWarnings';

registerCardStrings();

const TABS = ['cards', 'warnings', 'users'] as const;
type Tab = (typeof TABS)[number];

/**
 * 物联网卡 (/nv_iot/nv_iot_card): the card registry (status, data, expiry, the device holding the
 * card by ICCID), the warning list (data nearly used up, expiry near or past) and the card
 * platform's accounts (sync-user). The tab is kept in the address (`?tab=warnings`).
 */
export function CardPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'cards';
  const orgs = useQuery({ queryKey: cardKeys.orgs, queryFn: ({ signal }) => fetchOrgNames(signal), staleTime: 60_000 });
  const names = orgs.data ?? [];
  return (
    <PagePanel data-card-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(key === 'cards' ? location : `${location}?tab=${key}`, { replace: true })}
          items={[
            { key: 'cards', label: t('cards.tabCards'), children: <CardList orgs={names} /> },
            { key: 'warnings', label: t('cards.tabWarnings'), children: <CardWarnings /> },
            { key: 'users', label: t('cards.tabUsers'), children: <CardUsers orgs={names} /> },
          ]}
        />
      </PanelBody>
    </PagePanel>
  );
}
