import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Username } from '../../../../contract/resources/user';
import type { FieldInputProps, FieldInputs } from '../kit/ResourceFormDrawer';
import { checkUsername, fetchAssignableRoles } from './usersApi';

/**
 * The roles of the form: those the signed-in user may give a user of the organisation chosen in
 * the same form (GET assignable-roles), and the roles the user holds already, by their names.
 */
function RolesInput({ field: _field, sources: _sources, row, ...control }: FieldInputProps) {
  const orgId = Form.useWatch<number | undefined>('orgId');
  const roles = useQuery({
    queryKey: ['user-manage', 'assignable-roles', orgId],
    queryFn: ({ signal }) => fetchAssignableRoles(orgId!, signal),
    enabled: typeof orgId === 'number',
    staleTime: 30_000,
  });
  const held = row?.roles as { id: number; name: string }[] | undefined;
  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const r of held ?? []) byId.set(r.id, r.name);
    for (const r of roles.data ?? []) byId.set(r.id, r.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [held, roles.data]);
  return <Select mode="multiple" allowClear loading={roles.isFetching} showSearch={{ optionFilterProp: 'label' }} options={options} {...control} />;
}

/** The login name of a new user, checked when the input is left: one taken (removed users too) says so at once. */
function UsernameInput({ field, sources: _sources, row, ...control }: FieldInputProps) {
  const { t } = useTranslation('admin');
  const form = Form.useFormInstance();
  const onBlur = async () => {
    const parsed = Username.safeParse(form.getFieldValue(field.name));
    if (row || !parsed.success) return;
    try {
      if ((await checkUsername(parsed.data)).exists) form.setFields([{ name: field.name, errors: [t('users.usernameTaken')] }]);
    } catch {
      // The save says it all the same.
    }
  };
  return <Input autoComplete="off" {...control} onBlur={() => void onBlur()} />;
}

/** The users page's own inputs in the kit's form drawer. */
export const USER_FIELD_INPUTS: FieldInputs = { roleIds: RolesInput, username: UsernameInput };
