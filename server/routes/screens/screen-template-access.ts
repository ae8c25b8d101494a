import type { AuthUser } from '../../auth/auth-user';
import { forbidden, notFound } from '../../http/api-error';
import type { ScreenTemplateRepository, TemplateRow } from './screen-template-repository';

export const WHAT = '大屏模板';

/**
 * Who may see and change a template: visible within the data scope (global ones to everyone),
 * changed only where visible, and global ones only by users who see all data.
 */
export function templateAccess(templates: ScreenTemplateRepository) {
  const findVisible = async (user: AuthUser, id: number): Promise<TemplateRow> => {
    const row = await templates.findVisible(user, id);
    if (!row) throw notFound(WHAT);
    return row;
  };
  return {
    findVisible,
    async findEditable(user: AuthUser, id: number): Promise<TemplateRow> {
      const row = await findVisible(user, id);
      if (row.org_id === null && !user.scope.all) throw forbidden('全局大屏模板只能由可查看全部数据的用户修改');
      return row;
    },
    /** Where a template this user creates lives: global for users who see all data, else their organisation. */
    ownerFor: (user: AuthUser): number | null => (user.scope.all ? null : user.orgId),
    /** The default and default-multi flags are the whole installation's: only users who see all data set them. */
    requireAllData(user: AuthUser, what: string): void {
      if (!user.scope.all) throw forbidden(`只有可查看全部数据的用户可以设置${what}`);
    },
  };
}
