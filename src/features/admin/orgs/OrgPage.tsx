import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { orgResource } from '../../../../contract/resources/org';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { Right } from '../../../../contract/rights';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight, userAtom } from '../../../shared/user';
import { withFilters } from '../kit/listState';
import type { ResourceRow } from '../kit/resourceApi';
import { ResourceList } from '../kit/ResourceList';
import { useListState } from '../kit/useListState';
import { SideBox, SideTitle, SplitBody } from './AdminPanels';
import { setOrgDisabled } from './orgApi';
import { OrgTree } from './OrgTree';
import { errorText } from '../../../shared/errorText';

const def = orgResource as unknown as ResourceDefinition;

/** 停用 / 启用 of one organisation and its subtree, confirmed first; the lists and the tree read again. */
function useDisableAction() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(async (row: ResourceRow) => {
    const disable = !row.disabled;
    try {
      const result = await setOrgDisabled(row.id, disable);
      message.success(disable
        ? t('orgs.disabledDone', { count: result.orgIds.length, users: result.signedOut })
        : t('orgs.enabledDone', { count: result.orgIds.length }));
    } catch (err) {
      message.error(t('orgs.failed', { error: errorText(err) }));
    }
    await queryClient.invalidateQueries({ queryKey: ['resource', def.name] });
  }, [message, queryClient, t]);
}

/**
 * /nv_system/nv_organize: the organisation tree on the left (picking one lists its children: the
 * list's `parentId` filter, kept in the address), the kit's list of t_org on the right with
 * 停用 / 启用 (the whole subtree), 权限 and 角色 per organisation.
 */
export function OrgPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const [state, setState] = useListState(def);
  const ownOrg = useAtomValue(userAtom)?.orgId;
  const canEdit = useHasRight(Right.OrgEdit);
  const canRights = useHasRight(Right.RightPreview);
  const canRoles = useHasRight(Right.RolePreview);
  const toggle = useDisableAction();
  const selected = state.filters.parentId ? Number(state.filters.parentId) : undefined;

  const rowActions = useCallback((row: ResourceRow) => {
    const name = String(row.name);
    const own = row.id === ownOrg;
    return (
      <>
        {canEdit && (own && !row.disabled ? (
          <Tooltip title={t('orgs.ownOrg')}><Button type="link" size="small" disabled>{t('orgs.disable')}</Button></Tooltip>
        ) : (
          <Popconfirm title={t(row.disabled ? 'orgs.confirmEnable' : 'orgs.confirmDisable', { name })} onConfirm={() => toggle(row)}>
            <Button type="link" size="small" danger={!row.disabled}>{t(row.disabled ? 'orgs.enable' : 'orgs.disable')}</Button>
          </Popconfirm>
        ))}
        {canRights && <Link href={`/nv_system/nv_org_rights/${row.id}`} asChild><Button type="link" size="small">{t('orgs.rights')}</Button></Link>}
        {canRoles && <Link href={`/nv_system/nv_org_roles/${row.id}`} asChild><Button type="link" size="small">{t('orgs.roles')}</Button></Link>}
      </>
    );
  }, [canEdit, canRights, canRoles, ownOrg, t, toggle]);

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <SplitBody>
        <SideBox>
          <SideTitle>{t('orgs.tree')}</SideTitle>
          <OrgTree
            selected={selected}
            onSelect={(id) => setState(withFilters(state, { ...state.filters, parentId: id === undefined ? undefined : String(id) }))}
          />
        </SideBox>
        <ResourceList def={def} rowActions={rowActions} />
      </SplitBody>
    </PagePanel>
  );
}
