import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Flex, Popconfirm, Segmented, type MenuProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { userResource } from '../../../../contract/resources/user';
import { Right } from '../../../../contract/rights';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasAnyRight, useHasRight } from '../../../shared/user';
import { ResourceList } from '../kit/ResourceList';
import type { ResourceRow } from '../kit/resourceApi';
import { SideBox, SideTitle, SplitBody } from '../orgs/AdminPanels';
import { OrgTree } from '../orgs/OrgTree';
import { USER_FIELD_INPUTS } from './UserFieldInputs';
import { JoinOrgModal, ResetPasswordModal } from './UserModals';
import { fetchUserOrgs, moveUser, recoverUser, setUserDisabled, setUserPassword, unlockUser } from './usersApi';
import { errorText } from '../../../shared/errorText';

/** The page's own address parameters: the organisation picked in the tree, and the 回收站 view. */
const ORG = 'org';
const BIN = 'bin';


/**
 * /nv_system/nv_users (用户管理): the kit's list of user-manage beside the organisation tree, in
 * two views — the users, and the 回收站 of those removed. A user's row adds 禁用 / 启用, 权限 and,
 * under 更多, 重置密码, 解锁 (while locked) and 调整组织 to the kit's 编辑 / 移出; a removed one
 * offers 恢复.
 */
export function UsersPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const orgId = Number(params.get(ORG)) || undefined;
  const bin = params.get(BIN) === '1';
  const canEdit = useHasRight(Right.UserEdit);
  const canRecover = useHasRight(Right.UserDelete);
  const canSeeRights = useHasAnyRight([Right.RightPreview, Right.RolePreview]);
  const orgs = useQuery({ queryKey: ['user-manage', 'orgs'], queryFn: ({ signal }) => fetchUserOrgs(signal), staleTime: 60_000 });
  const [modal, setModal] = useState<{ kind: 'password' | 'org'; row: ResourceRow } | null>(null);

  /** A tree pick or a view switch: its own parameter, the list back on its first page. */
  const go = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    const query = next.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  /** A call, its outcome told (a modal shows its own errors), then the list read again. */
  const run = useCallback(async (work: () => Promise<unknown>, done: string, toastError = true) => {
    try {
      await work();
      message.success(t(done));
    } catch (err) {
      if (toastError) message.error(t('users.failed', { error: errorText(err) }));
      throw err;
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['resource', userResource.name] });
    }
  }, [message, queryClient, t]);
  const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

  const fixed = useMemo(() => ({ removed: bin ? '1' : '0', ...(orgId ? { orgId: String(orgId) } : {}) }), [bin, orgId]);
  const defaults = useMemo(() => (orgId ? { orgId } : undefined), [orgId]);

  const rowActions = useCallback((row: ResourceRow) => {
    const name = String(row.nickName || row.username);
    if (row.deletedAt != null) {
      return canRecover && (
        <Popconfirm title={t('users.confirmRecover', { name })} onConfirm={() => quietly(run(() => recoverUser(row.id), 'users.recovered'))}>
          <Button type="link" size="small">{t('users.recover')}</Button>
        </Popconfirm>
      );
    }
    // The rarer actions under 更多, so that a row's actions stay on one line beside its columns.
    const more: MenuProps['items'] = canEdit ? [
      { key: 'password', label: t('users.resetPassword'), onClick: () => setModal({ kind: 'password', row }) },
      ...(row.locked === true ? [{ key: 'unlock', label: t('users.unlock'), onClick: () => quietly(run(() => unlockUser(row.id), 'users.unlocked')) }] : []),
      { key: 'org', label: t('users.joinOrg'), onClick: () => setModal({ kind: 'org', row }) },
    ] : [];
    return (
      <>
        {canEdit && (row.disabled ? (
          <Button type="link" size="small" onClick={() => quietly(run(() => setUserDisabled(row.id, false), 'users.enabledDone'))}>{t('users.enable')}</Button>
        ) : (
          <Popconfirm title={t('users.confirmDisable', { name })} onConfirm={() => quietly(run(() => setUserDisabled(row.id, true), 'users.disabledDone'))}>
            <Button type="link" size="small" danger>{t('users.disable')}</Button>
          </Popconfirm>
        ))}
        {canSeeRights && <Button type="link" size="small" onClick={() => navigate(`/nv_system/nv_user_rights/${row.id}`)}>{t('users.rights')}</Button>}
        {more.length > 0 && (
          <Dropdown menu={{ items: more }} trigger={['click']}>
            <Button type="link" size="small">{t('users.more')} <DownOutlined aria-hidden /></Button>
          </Dropdown>
        )}
      </>
    );
  }, [canEdit, canRecover, canSeeRights, navigate, run, t]);

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <SplitBody>
        <SideBox>
          <SideTitle>{t('users.orgTree')}</SideTitle>
          <OrgTree source="users" allEntry selected={orgId} onSelect={(id) => go(ORG, id === undefined ? undefined : String(id))} />
        </SideBox>
        <Flex vertical gap="1rem" style={{ minWidth: 0 }}>
          <Segmented
            value={bin ? 'bin' : 'active'}
            onChange={(value) => go(BIN, value === 'bin' ? '1' : undefined)}
            options={[{ value: 'active', label: t('users.active') }, { value: 'bin', label: t('users.bin') }]}
            style={{ alignSelf: 'flex-start' }}
          />
          <ResourceList def={userResource} fixed={fixed} defaults={defaults} fieldInputs={USER_FIELD_INPUTS} rowActions={rowActions} />
        </Flex>
      </SplitBody>
      {modal?.kind === 'password' && (
        <ResetPasswordModal row={modal.row} onClose={() => setModal(null)} onSubmit={(password) => run(() => setUserPassword(modal.row.id, password), 'users.passwordReset', false)} />
      )}
      {modal?.kind === 'org' && (
        <JoinOrgModal row={modal.row} orgs={orgs.data ?? []} onClose={() => setModal(null)} onSubmit={(target) => run(() => moveUser(modal.row.id, target), 'users.joined', false)} />
      )}
    </PagePanel>
  );
}
