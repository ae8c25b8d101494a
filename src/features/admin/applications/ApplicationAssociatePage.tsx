import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Right } from '../../../../contract/rights';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { fetchNames } from '../kit/resourceApi';
import { PanelBody } from '../ResourceListPage';
import { fetchApplicationOrgs, linkOrgs } from './applicationApi';
import { AssociateTransfer, type TransferItem } from './AssociateTransfer';
import { useLinkAction } from './useLinkAction';

const APP = 'app';

/**
 * /nv_application/nv_application_associate: pick an application (kept in the address), then move
 * organisations of the caller's scope between 未关联 and 已关联 (add-org / remove-org at once).
 */
export function ApplicationAssociatePage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const editable = useHasRight(Right.ApplicationEdit);
  const link = useLinkAction();
  const apps = useQuery({ queryKey: ['resource', 't_application', 'names'], queryFn: ({ signal }) => fetchNames('t_application', signal) });
  const orgs = useQuery({ queryKey: ['resource', 't_org', 'names'], queryFn: ({ signal }) => fetchNames('t_org', signal) });
  const asked = Number(new URLSearchParams(search).get(APP));
  const appId = apps.data?.some((a) => a.id === asked) ? asked : apps.data?.[0]?.id;
  const joined = useQuery({
    queryKey: ['apps', 'orgs', appId],
    queryFn: ({ signal }) => fetchApplicationOrgs(appId!, signal),
    enabled: appId !== undefined,
  });
  const items = useMemo<TransferItem[]>(() => {
    const visible = new Set((orgs.data ?? []).map((o) => o.id));
    return [
      ...(orgs.data ?? []).map((o) => ({ key: o.id, title: o.name })),
      // Joined by someone who sees more: shown, not movable by this caller.
      ...(joined.data ?? []).filter((o) => !visible.has(o.id)).map((o) => ({ key: o.id, title: o.name, disabled: true })),
    ];
  }, [orgs.data, joined.data]);
  const failed = apps.error ?? orgs.error ?? joined.error;

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Form layout="inline" component="div" style={{ marginBottom: '1rem' }}>
          <Form.Item label={t('apps.pickApp')} htmlFor="associate-app">
            <Select
              id="associate-app"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: '18rem' }}
              loading={apps.isPending}
              value={appId}
              options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              onChange={(id: number) => navigate(`${location}?${new URLSearchParams({ [APP]: String(id) })}`, { replace: true })}
            />
          </Form.Item>
        </Form>
        {failed && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('apps.loadFailed', { error: failed.message })} />}
        {!editable && <Alert type="info" showIcon style={{ marginBottom: '1rem' }} title={t('apps.readOnly', { right: Right.ApplicationEdit })} />}
        {apps.isSuccess && appId === undefined ? <Empty description={t('apps.noApps')} /> : (
          <AssociateTransfer
            items={items}
            joined={(joined.data ?? []).map((o) => o.id)}
            titles={[t('apps.orgsAvailable'), t('apps.orgsJoined')]}
            editable={editable && appId !== undefined}
            loading={joined.isFetching || orgs.isPending}
            onMove={(keys, add) => link(() => linkOrgs(appId!, keys, add), add)}
          />
        )}
      </PanelBody>
    </PagePanel>
  );
}
