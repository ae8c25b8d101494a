import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Flex, List, Row as GridRow, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { Paged } from '../../../../contract/envelope';
import type { Role } from '../../../../contract/resources/role';
import { hasRight, Right } from '../../../../contract/rights';
import { apiGet } from '../../../shared/http';
import { useRights } from '../../../shared/user';
import { accessKeys, fetchOrgRights, routeId, useDataRightTypes, useOrgTypeName, useRightCatalogue } from './accessApi';
import { AccessPage, Loaded } from './AccessPage';
import { OrgTree } from '../orgs/OrgTree';
import { RightsTree } from './RightsTree';
import { RouteLink } from './RouteLink';

/**
 * /nv_system/nv_org_auth (组织授权): the organisation tree on the left; on the right the chosen
 * organisation's rights (its type's) and its roles, with links to nv_org_rights2 and nv_org_roles2.
 * The choice is in the address (`?org=12`).
 */
export function OrgAuthPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const chosen = routeId(new URLSearchParams(search).get('org') ?? undefined);

  return (
    <AccessPage title={title}>
      <GridRow gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={6}>
          <Card size="small" title={t('access.orgs')}>
            <OrgTree
              height={560}
              selected={chosen}
              onSelect={(id) => id !== undefined && navigate(`${location}?org=${id}`, { replace: true })}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16} xl={18}>
          {chosen === undefined
            ? <Card size="small"><Empty description={t('access.chooseOrg')} /></Card>
            : <OrgDetail key={chosen} orgId={chosen} en={i18n.language === 'en'} />}
        </Col>
      </GridRow>
    </AccessPage>
  );
}

function OrgDetail({ orgId, en }: { orgId: number; en: boolean }) {
  const { t } = useTranslation('admin');
  const rights = useRights();
  const catalogue = useRightCatalogue();
  const types = useDataRightTypes();
  const typeName = useOrgTypeName();
  const scopeLabel = (type: string) => {
    const label = types.data?.find((x) => x.type === type)?.label;
    return label ? (en ? label.en : label.zh) : type;
  };
  const org = useQuery({ queryKey: accessKeys.orgRights(orgId), queryFn: ({ signal }) => fetchOrgRights(orgId, signal) });
  const canRoles = hasRight(rights, Right.RolePreview);
  const roles = useQuery({
    queryKey: ['resource', 'role', 'list', { orgId, page: 1, size: 200 }],
    queryFn: ({ signal }) => apiGet<Paged<Role>>('/role', { orgId, Page: 1, Size: 200 }, signal),
    enabled: canRoles,
  });

  return (
    <Loaded error={org.error ?? catalogue.error} loading={!org.data || !catalogue.data} errorText={(error) => t('access.loadFailed', { error })}>
      {() => (
        <Flex vertical gap="1rem">
          <Card size="small">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'name', label: t('access.orgName'), children: org.data!.name },
                {
                  key: 'type', label: t('access.orgType'),
                  children: hasRight(rights, Right.RightPreview)
                    ? <RouteLink to={`/nv_system/nv_org_type_rights/${org.data!.orgType}`}>{typeName(org.data!.orgType)}</RouteLink>
                    : typeName(org.data!.orgType),
                },
                { key: 'count', label: t('access.rights'), children: org.data!.rights.length },
              ]}
            />
          </Card>
          <GridRow gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('access.orgRightsTitle')} extra={<RouteLink to={`/nv_system/nv_org_rights2/${orgId}`}>{t('access.viewRights')}</RouteLink>}>
                <RightsTree catalogue={catalogue.data!} checked={org.data!.rights} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('access.orgRoles')} extra={canRoles && <RouteLink to={`/nv_system/nv_org_roles2/${orgId}`}>{t('access.manageRoles')}</RouteLink>}>
                <List
                  size="small"
                  loading={roles.isLoading}
                  locale={{ emptyText: t('access.noHolder') }}
                  dataSource={roles.data?.list ?? []}
                  renderItem={(r) => (
                    <List.Item>
                      <Typography.Text>{r.name}</Typography.Text>
                      <Typography.Text type="secondary">{scopeLabel(r.dataScope)}</Typography.Text>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </GridRow>
        </Flex>
      )}
    </Loaded>
  );
}
