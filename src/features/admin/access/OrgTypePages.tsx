import { LoadingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgTypeRoleResource } from '../../../../contract/resources/org-type-role';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { hasRight, Right } from '../../../../contract/rights';
import { useRights } from '../../../shared/user';
import type { ResourceRow } from '../kit/resourceApi';
import { ResourceList } from '../kit/ResourceList';
import {
  accessKeys, fetchTypeRights, fetchTypeRoleRights, routeId, saveTypeRights, saveTypeRoleRights, useOrgTypeName, useRightCatalogue,
} from './accessApi';
import { AccessPage, Loaded } from './AccessPage';
import { RightsDrawer } from './RightsDrawer';
import { RightsTree } from './RightsTree';
import { errorText } from '../../../shared/errorText';

const TYPE_ROLE = orgTypeRoleResource as unknown as ResourceDefinition;

/** The organisation type of a route's `:id` (its number), or undefined. */
const typeOf = (param: string | undefined) => (param ? routeId(param) : undefined);

/**
 * /nv_system/nv_org_type_rights/:id: the rights an organisation type may hold — the cap of every
 * role and user of its organisations — edited in the grouped tree (org-type-edit; a right the
 * editor does not hold cannot be given).
 */
export function OrgTypeRightsPage({ title, params }: { title: string; params: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mine = useRights();
  const orgType = typeOf(params.id);
  const canEdit = hasRight(mine, Right.OrgTypeEdit);
  const catalogue = useRightCatalogue();
  const current = useQuery({
    queryKey: accessKeys.typeRights(orgType ?? -1),
    queryFn: ({ signal }) => fetchTypeRights(orgType!, signal),
    enabled: orgType !== undefined,
  });
  const [draft, setDraft] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const checked = draft ?? current.data ?? [];
  const typeName = useOrgTypeName();
  const name = orgType === undefined ? String(params.id) : typeName(orgType);
  const disabledReason = useCallback((code: string) => (mine.includes(code) ? undefined : t('access.notHeld')), [mine, t]);

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await saveTypeRights(orgType!, checked);
      queryClient.setQueryData(accessKeys.typeRights(orgType!), saved);
      await queryClient.invalidateQueries({ queryKey: ['access'] });
      setDraft(null);
      message.success(t('access.saved'));
    } catch (err) {
      message.error(t('access.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccessPage title={title} subtitle={t('access.typeRightsOf', { name })}>
      <Loaded
        error={orgType === undefined ? new Error(String(params.id)) : current.error ?? catalogue.error}
        loading={!current.data || !catalogue.data}
        errorText={(error) => t('access.loadFailed', { error })}
      >
        {() => (
          <Flex vertical gap="1rem">
            <Alert type="info" showIcon title={t('access.typeCapHint')} />
            {canEdit && (
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary">{t('access.checkedCount', { count: checked.length })}</Typography.Text>
                <Space>
                  <Button disabled={!draft} onClick={() => setDraft(null)}>{t('access.cancel')}</Button>
                  <Button type="primary" disabled={!draft} loading={saving && { icon: <LoadingOutlined aria-hidden /> }} onClick={() => void submit()}>
                    {t('access.save')}
                  </Button>
                </Space>
              </Flex>
            )}
            <RightsTree catalogue={catalogue.data!} checked={checked} onChange={canEdit ? setDraft : undefined} disabledReason={disabledReason} />
          </Flex>
        )}
      </Loaded>
    </AccessPage>
  );
}

/**
 * /nv_system/nv_org_type_roles/:id: the kit's list of the roles an organisation type offers (new ones
 * are of that type), each with 权限: its rights within the type's.
 */
export function OrgTypeRolesPage({ title, params }: { title: string; params: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const rights = useRights();
  const orgType = typeOf(params.id);
  const typeName = useOrgTypeName();
  const canEdit = hasRight(rights, Right.OrgTypeEdit);
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  const rowActions = useCallback((row: ResourceRow) => (
    <Button type="link" size="small" onClick={() => setOpen({ id: row.id, name: String(row.name) })}>{t('access.rights')}</Button>
  ), [t]);

  if (orgType === undefined) return <AccessPage title={title}><Alert type="error" showIcon title={t('access.loadFailed', { error: params.id })} /></AccessPage>;
  const name = typeName(orgType);
  return (
    <AccessPage title={title} subtitle={t('access.typeRolesOf', { name })}>
      <Flex vertical gap="1rem">
        <Typography.Text type="secondary">{t('access.typeRolesHint')}</Typography.Text>
        <ResourceList def={TYPE_ROLE} fixed={{ orgType: String(orgType) }} defaults={{ orgType }} rowActions={rowActions} />
      </Flex>
      {open && (
        <RightsDrawer
          key={open.id}
          title={t('access.rightsOf', { name: open.name })}
          queryKey={accessKeys.typeRoleRights(open.id)}
          load={(signal) => fetchTypeRoleRights(open.id, signal)}
          save={(codes) => saveTypeRoleRights(open.id, codes)}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      )}
    </AccessPage>
  );
}
