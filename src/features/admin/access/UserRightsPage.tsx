import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRights } from '../../../../contract/access';
import { fetchNames } from '../kit/resourceApi';
import { accessKeys, fetchUserRights, routeId, useDataRightTypes, useOrgTypeName, useRightCatalogue } from './accessApi';
import { AccessPage, Loaded } from './AccessPage';
import { RightsTree } from './RightsTree';

/** `{id, name}` of a resource as a map (for the data scope's organisations, projects, regions, industries). */
function useNameMap(resource: string, enabled: boolean) {
  const q = useQuery({ queryKey: ['resource', resource, 'names'], queryFn: ({ signal }) => fetchNames(resource, signal), enabled, staleTime: 60_000 });
  return useMemo(() => new Map((q.data ?? []).map((n) => [n.id, n.name])), [q.data]);
}

function Names({ ids, names }: { ids: readonly number[]; names: ReadonlyMap<number, string> }) {
  return (
    <Flex gap="0.25rem" wrap>
      {ids.map((id) => <Tag key={id}>{names.get(id) ?? `#${id}`}</Tag>)}
    </Flex>
  );
}

/**
 * /nv_system/nv_user_rights/:id: a user's effective rights (its roles' rights together, capped by
 * its organisation type; every right for the super administrator), read-only by group, each with the
 * roles that give it; and its data scope.
 */
export function UserRightsPage({ title, params }: { title: string; params: Record<string, string> }) {
  const { t, i18n } = useTranslation('admin');
  const en = i18n.language === 'en';
  const typeName = useOrgTypeName();
  const id = routeId(params.id);
  const catalogue = useRightCatalogue();
  const types = useDataRightTypes();
  const user = useQuery({ queryKey: accessKeys.userRights(id ?? 0), queryFn: ({ signal }) => fetchUserRights(id!, signal), enabled: id !== undefined });
  const scope = user.data?.dataScope;
  const limited = !!scope && !scope.all;
  const orgNames = useNameMap('t_org', limited && scope.orgIds.length > 0);
  const projectNames = useNameMap('t_project', limited && scope.projectIds.length > 0);
  const regionNames = useNameMap('t_region', limited && scope.regionIds.length > 0);
  const industryNames = useNameMap('t_industry', limited && scope.industryIds.length > 0);

  const givenBy = useMemo(() => new Map((user.data?.rights ?? []).map((r) => [r.code, r.roles])), [user.data]);
  const roleName = useMemo(() => new Map((user.data?.roles ?? []).map((r) => [r.id, r.name])), [user.data]);
  const extra = useCallback((code: string) => (
    <Flex gap="0.25rem" wrap>
      {(givenBy.get(code) ?? []).map((roleId) => <Tag key={roleId} color="blue">{roleName.get(roleId)}</Tag>)}
    </Flex>
  ), [givenBy, roleName]);
  const scopeLabel = (type: string) => {
    const label = types.data?.find((x) => x.type === type)?.label;
    return label ? (en ? label.en : label.zh) : type;
  };

  const describe = (u: UserRights) => [
    { key: 'user', label: t('access.user'), children: u.nickName ? `${u.nickName} (${u.username})` : u.username },
    { key: 'org', label: t('access.org'), children: `${u.orgName} · ${typeName(u.orgType)}` },
    {
      key: 'roles', label: t('access.roles'),
      children: u.isSuper ? <Tag color="gold">{t('access.superAdmin')}</Tag> : (
        <Flex gap="0.25rem" wrap>
          {u.roles.length ? u.roles.map((r) => <Tag key={r.id} color="blue">{r.name} · {scopeLabel(r.dataScope)}</Tag>) : t('access.none')}
        </Flex>
      ),
    },
    {
      key: 'scope', label: t('access.dataScope'), span: 'filled' as const,
      children: u.dataScope.all ? <Tag color="green">{t('access.scopeAll')}</Tag> : (
        <Flex vertical gap="0.5rem">
          {u.dataScope.orgIds.length > 0 && <Flex gap="0.5rem"><Typography.Text type="secondary">{t('access.scopeOrgs')}</Typography.Text><Names ids={u.dataScope.orgIds} names={orgNames} /></Flex>}
          {u.dataScope.projectIds.length > 0 && <Flex gap="0.5rem"><Typography.Text type="secondary">{t('access.scopeProjects')}</Typography.Text><Names ids={u.dataScope.projectIds} names={projectNames} /></Flex>}
          {u.dataScope.regionIds.length > 0 && <Flex gap="0.5rem"><Typography.Text type="secondary">{t('access.scopeRegions')}</Typography.Text><Names ids={u.dataScope.regionIds} names={regionNames} /></Flex>}
          {u.dataScope.industryIds.length > 0 && <Flex gap="0.5rem"><Typography.Text type="secondary">{t('access.scopeIndustries')}</Typography.Text><Names ids={u.dataScope.industryIds} names={industryNames} /></Flex>}
        </Flex>
      ),
    },
  ];

  return (
    <AccessPage title={title} subtitle={user.data && t('access.userRightsOf', { name: user.data.nickName || user.data.username })}>
      <Loaded
        error={id === undefined ? new Error(String(params.id)) : user.error ?? catalogue.error}
        loading={!user.data || !catalogue.data}
        errorText={(error) => t('access.loadFailed', { error })}
      >
        {() => (
          <Flex vertical gap="1rem">
            <Card size="small"><Descriptions size="small" column={{ xs: 1, md: 2 }} items={describe(user.data!)} /></Card>
            <Alert type="info" showIcon title={t('access.effectiveHint')} />
            <RightsTree catalogue={catalogue.data!} checked={user.data!.rights.map((r) => r.code)} extra={user.data!.isSuper ? undefined : extra} />
          </Flex>
        )}
      </Loaded>
    </AccessPage>
  );
}
