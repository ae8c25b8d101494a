import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Flex, Input, List, Row as GridRow, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { Paged } from '../../../../contract/envelope';
import type { Role } from '../../../../contract/resources/role';
import { hasRight, Right } from '../../../../contract/rights';
import { apiGet } from '../../../shared/http';
import { useRights } from '../../../shared/user';
import { fetchNames } from '../kit/resourceApi';
import { accessKeys, fetchOrgRights, routeId, useDataRightTypes, useOrgTypeName, useRightCatalogue } from './accessApi';
import { AccessPage, Loaded } from './AccessPage';
import { RightsTree } from './RightsTree';
import { RouteLink } from './RouteLink';

interface OrgRow { id: number; name: string; parentId: number | null }

/** The organisations as a tree by parent (one whose parent the user cannot see is a root). */
function orgTree(rows: readonly OrgRow[], keyword: string): DataNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, OrgRow[]>();
  for (const r of rows) {
    const parent = r.parentId != null && ids.has(r.parentId) ? r.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const k = keyword.trim().toLowerCase();
  const build = (parent: number | null, seen: Set<number>): DataNode[] => (children.get(parent) ?? [])
    .filter((r) => !seen.has(r.id))
    .map((r) => ({ key: r.id, title: r.name, children: build(r.id, new Set([...seen, r.id])) }))
    .filter((n) => !k || String(n.title).toLowerCase().includes(k) || (n.children?.length ?? 0) > 0);
  return build(null, new Set());
}

/**
 * /nv_system/nv_org_auth (组织授权): the organisation tree on the left; on the right the chosen
 * organisation's rights (its type's) and its roles, with links to nv_org_rights2 and nv_org_roles2.
 * The choice is in the address (`?org=12`).
 */
export function OrgAuthPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const rights = useRights();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const chosen = routeId(new URLSearchParams(search).get('org') ?? undefined);
  const [keyword, setKeyword] = useState('');
  const canOrgs = hasRight(rights, Right.OrgPreview);
  // The tree needs the parents (t_org/all, org-preview); without that right, the names as a flat list.
  const orgs = useQuery({
    queryKey: ['resource', 't_org', canOrgs ? 'all' : 'names'],
    queryFn: async ({ signal }): Promise<OrgRow[]> => (canOrgs
      ? apiGet<OrgRow[]>('/t_org/all', undefined, signal)
      : (await fetchNames('t_org', signal)).map((o) => ({ ...o, parentId: null }))),
  });
  const tree = useMemo(() => orgTree(orgs.data ?? [], keyword), [orgs.data, keyword]);

  return (
    <AccessPage title={title}>
      <GridRow gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={6}>
          <Card size="small" title={t('access.orgs')}>
            <Flex vertical gap="0.75rem">
              <Input.Search allowClear placeholder={t('access.orgs')} onChange={(e) => setKeyword(e.target.value)} />
              <Loaded error={orgs.error} loading={!orgs.data} errorText={(error) => t('access.loadFailed', { error })}>
                {() => (
                  <Tree
                    key={keyword}
                    blockNode
                    defaultExpandAll
                    height={560}
                    treeData={tree}
                    selectedKeys={chosen !== undefined ? [chosen] : []}
                    onSelect={(keys) => keys.length && navigate(`${location}?org=${String(keys[0])}`, { replace: true })}
                  />
                )}
              </Loaded>
            </Flex>
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
                <RightsTree catalogue={catalogue.data!} checked={org.data!.rights} height={480} />
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
