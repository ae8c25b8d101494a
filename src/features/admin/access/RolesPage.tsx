import { AccessPage } from './AccessPage';
import { RoleList } from './RoleList';

/** /nv_system/nv_roles (角色管理): every role in the user's data scope, with 权限, 数据权限 and 复制. */
export function RolesPage({ title }: { title: string }) {
  return (
    <AccessPage title={title}>
      <RoleList />
    </AccessPage>
  );
}
