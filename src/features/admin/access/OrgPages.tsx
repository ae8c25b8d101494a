import { ArrowLeftOutlined, ImportOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRight, Right } from '../../../../contract/rights';
import { useRights } from '../../../shared/user';
import { fetchNames } from '../kit/resourceApi';
import { accessKeys, fetchOrgRights, importTypeRoles, routeId, useOrgTypeName, useRightCatalogue } from './accessApi';
import { AccessPage, Loaded } from './AccessPage';
import { RightsTree } from './RightsTree';
import { RoleList } from './RoleList';
import { RouteLink } from './RouteLink';
import { errorText } from '../../../shared/errorText';

const AUTH_PAGE = '/nv_system/nv_org_auth';

function BackLink({ orgId }: { orgId: number }) {
  const { t } = useTranslation('admin');
  return <RouteLink to={`${AUTH_PAGE}?org=${orgId}`}><ArrowLeftOutlined aria-hidden /> {t('access.back')}</RouteLink>;
}

/**
 * /nv_system/nv_org_rights/:id and nv_org_rights2/:id: the rights an organisation's users can hold
 * (its type's), read-only by group. The "2" variant is reached from 组织授权 and leads back there.
 */
export function OrgRightsPage({ title, params, fromAuth }: { title: string; params: Record<string, string>; fromAuth: boolean }) {
  const { t } = useTranslation('admin');
  const id = routeId(params.id);
  const catalogue = useRightCatalogue();
  const org = useQuery({ queryKey: accessKeys.orgRights(id ?? 0), queryFn: ({ signal }) => fetchOrgRights(id!, signal), enabled: id !== undefined });
  const typeName = useOrgTypeName();
  return (
    <AccessPage title={title} subtitle={org.data?.name} extra={fromAuth && id !== undefined && <BackLink orgId={id} />}>
      <Loaded error={id === undefined ? new Error(String(params.id)) : org.error ?? catalogue.error} loading={!org.data || !catalogue.data} errorText={(error) => t('access.loadFailed', { error })}>
        {() => (
          <Flex vertical gap="1rem">
            <Alert type="info" showIcon title={t('access.capOf', { name: org.data!.name, type: typeName(org.data!.orgType) })} />
            <RightsTree catalogue={catalogue.data!} checked={org.data!.rights} />
          </Flex>
        )}
      </Loaded>
    </AccessPage>
  );
}

/**
 * /nv_system/nv_org_roles/:id and nv_org_roles2/:id: the kit's list of the organisation's roles
 * (new ones belong to it) and 从组织类型导入, which copies the roles its type offers.
 */
export function OrgRolesPage({ title, params, fromAuth }: { title: string; params: Record<string, string>; fromAuth: boolean }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rights = useRights();
  const id = routeId(params.id);
  const [importing, setImporting] = useState(false);
  const orgs = useQuery({ queryKey: ['resource', 't_org', 'names'], queryFn: ({ signal }) => fetchNames('t_org', signal), staleTime: 60_000 });
  const name = orgs.data?.find((o) => o.id === id)?.name;

  const runImport = async () => {
    setImporting(true);
    try {
      const result = await importTypeRoles(id!);
      if (result.imported.length) message.success(t('access.imported', { count: result.imported.length }));
      else message.info(t('access.importedNone'));
      if (result.skipped.length) message.warning(t('access.importSkipped', { names: result.skipped.join('、') }));
      await queryClient.invalidateQueries({ queryKey: ['resource', 'role'] });
    } catch (err) {
      message.error(t('access.importFailed', { error: errorText(err) }));
    } finally {
      setImporting(false);
    }
  };

  if (id === undefined) return <AccessPage title={title}><Alert type="error" showIcon title={t('access.loadFailed', { error: params.id })} /></AccessPage>;
  return (
    <AccessPage title={title} subtitle={name} extra={fromAuth && <BackLink orgId={id} />}>
      <Flex vertical gap="1rem">
        <RoleList
          fixed={{ orgId: String(id) }}
          defaults={{ orgId: id }}
          toolbar={hasRight(rights, Right.RoleEdit) && (
            <Button icon={<ImportOutlined aria-hidden />} loading={importing} onClick={() => void runImport()}>{t('access.importTypeRoles')}</Button>
          )}
        />
      </Flex>
    </AccessPage>
  );
}
