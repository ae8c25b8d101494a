import { useQuery } from '@tanstack/react-query';
import { Alert, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Right } from '../../../../contract/rights';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { fetchNames } from '../kit/resourceApi';
import { SideBox, SideTitle, SplitBody } from '../orgs/AdminPanels';
import { OrgTree } from '../orgs/OrgTree';
import { fetchOrgApplications, linkOrgs } from './applicationApi';
import { AssociateTransfer } from './AssociateTransfer';
import { useLinkAction } from './useLinkAction';

const ORG = 'org';

/**
 * /nv_application/nv_org_associate: pick an organisation in the tree (kept in the address), then
 * move applications between 未关联 and 已关联 — the same add-org / remove-org from the other side.
 */
export function OrgAssociatePage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const editable = useHasRight(Right.ApplicationEdit);
  const link = useLinkAction();
  const asked = Number(new URLSearchParams(search).get(ORG));
  const orgId = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const apps = useQuery({ queryKey: ['resource', 't_application', 'names'], queryFn: ({ signal }) => fetchNames('t_application', signal) });
  const joined = useQuery({
    queryKey: ['apps', 'of-org', orgId],
    queryFn: ({ signal }) => fetchOrgApplications(orgId!, signal),
    enabled: orgId !== undefined,
  });
  const failed = apps.error ?? joined.error;

  const move = (keys: number[], add: boolean) => link(async () => {
    let changed = 0;
    for (const appId of keys) changed += await linkOrgs(appId, [orgId!], add);
    return changed;
  }, add);

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <SplitBody>
        <SideBox>
          <SideTitle>{t('orgs.tree')}</SideTitle>
          <OrgTree
            selected={orgId}
            onSelect={(id) => navigate(id === undefined ? location : `${location}?${new URLSearchParams({ [ORG]: String(id) })}`, { replace: true })}
          />
        </SideBox>
        <div>
          {failed && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('apps.loadFailed', { error: failed.message })} />}
          {!editable && <Alert type="info" showIcon style={{ marginBottom: '1rem' }} title={t('apps.readOnly', { right: Right.ApplicationEdit })} />}
          {orgId === undefined ? <Empty description={t('apps.pickOrg')} /> : (
            <AssociateTransfer
              items={(apps.data ?? []).map((a) => ({ key: a.id, title: a.name }))}
              joined={(joined.data ?? []).map((a) => a.id)}
              titles={[t('apps.appsAvailable'), t('apps.appsJoined')]}
              editable={editable}
              loading={joined.isFetching || apps.isPending}
              onMove={move}
            />
          )}
        </div>
      </SplitBody>
    </PagePanel>
  );
}
