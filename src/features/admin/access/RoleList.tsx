import { Button } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roleResource } from '../../../../contract/resources/role';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { hasRight, Right } from '../../../../contract/rights';
import { useRights } from '../../../shared/user';
import type { ResourceRow } from '../kit/resourceApi';
import { ResourceList } from '../kit/ResourceList';
import { accessKeys, fetchRoleRights, saveRoleRights } from './accessApi';
import { CopyRoleModal } from './CopyRoleModal';
import { DataRightsDrawer } from './DataRightsDrawer';
import { RightsDrawer } from './RightsDrawer';

const ROLE = roleResource as unknown as ResourceDefinition;

interface Props {
  /** The list's held filters (an organisation's roles). */
  fixed?: Readonly<Record<string, string>>;
  defaults?: Readonly<Record<string, unknown>>;
  toolbar?: ReactNode;
}

type Open = { kind: 'rights' | 'data' | 'copy'; role: { id: number; name: string } } | null;

/** The kit's list of roles with their own row actions: 权限 (grouped rights tree), 数据权限, 复制. */
export function RoleList({ fixed, defaults, toolbar }: Props) {
  const { t } = useTranslation('admin');
  const rights = useRights();
  const canEdit = hasRight(rights, Right.RoleEdit);
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  const rowActions = useCallback((row: ResourceRow) => {
    const role = { id: row.id, name: String(row.name) };
    return (
      <>
        <Button type="link" size="small" onClick={() => setOpen({ kind: 'rights', role })}>{t('access.rights')}</Button>
        <Button type="link" size="small" onClick={() => setOpen({ kind: 'data', role })}>{t('access.dataRights')}</Button>
        {canEdit && <Button type="link" size="small" onClick={() => setOpen({ kind: 'copy', role })}>{t('access.copy')}</Button>}
      </>
    );
  }, [canEdit, t]);

  return (
    <>
      <ResourceList def={ROLE} rowActions={rowActions} fixed={fixed} defaults={defaults} toolbar={toolbar} />
      {open?.kind === 'rights' && (
        <RightsDrawer
          key={open.role.id}
          title={t('access.rightsOf', { name: open.role.name })}
          queryKey={accessKeys.roleRights(open.role.id)}
          load={(signal) => fetchRoleRights(open.role.id, signal)}
          save={(codes) => saveRoleRights(open.role.id, codes)}
          canEdit={canEdit}
          onClose={close}
        />
      )}
      {open?.kind === 'data' && <DataRightsDrawer key={open.role.id} role={open.role} canEdit={canEdit} onClose={close} />}
      {open?.kind === 'copy' && <CopyRoleModal key={open.role.id} role={open.role} onClose={close} />}
    </>
  );
}
