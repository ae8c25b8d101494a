import { Button } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { orgTypeResource } from '../../../../contract/resources/org-type';
import { Right } from '../../../../contract/rights';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import type { ResourceRow } from '../kit/resourceApi';
import { ResourceList } from '../kit/ResourceList';
import { PanelBody } from '../ResourceListPage';
import { useHasRight } from '../../../shared/user';

const def = orgTypeResource as unknown as ResourceDefinition;

/**
 * /nv_system/nv_org_type: the six organisation types (names and remarks editable, none added or
 * removed), each with its 权限 and 角色 pages (by the type's kind, `orgType`).
 */
export function OrgTypePage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const canRights = useHasRight(Right.RightPreview);
  const canRoles = useHasRight(Right.RolePreview);
  const rowActions = useCallback((row: ResourceRow) => (
    <>
      {canRights && <Link href={`/nv_system/nv_org_type_rights/${row.orgType}`} asChild><Button type="link" size="small">{t('orgs.rights')}</Button></Link>}
      {canRoles && <Link href={`/nv_system/nv_org_type_roles/${row.orgType}`} asChild><Button type="link" size="small">{t('orgs.roles')}</Button></Link>}
    </>
  ), [canRights, canRoles, t]);
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <ResourceList def={def} rowActions={rowActions} />
      </PanelBody>
    </PagePanel>
  );
}
