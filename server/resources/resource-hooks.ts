import type { AppDeps } from '../deps';
import { contactHooks } from '../routes/contacts/contact-hooks';
import { measureGroupHooks } from '../routes/measures/measure-group-hooks';
import { orgHooks, orgTypeHooks } from '../routes/orgs/org-type-hooks';
import { deviceCategoryHooks, deviceModelHooks, deviceTypeHooks, measureTagHooks } from '../routes/product-catalogue/catalogue-hooks';
import { projectGroupHooks, projectHooks } from '../routes/projects/project-hooks';
import { orgTypeRoleHooks, roleHooks } from '../routes/roles/role-hooks';
import { userHooks } from '../routes/user-manage/user-hooks';
import type { ResourceHooks } from './resource-routes';

/**
 * What each family adds to the kit's writes (by resource name): checks, derived fields and linked
 * rows that one definition cannot say. A family's hooks live in its own folder under
 * server/routes/<family>/ and are named here.
 */
export const RESOURCE_HOOKS: Record<string, (deps: AppDeps) => ResourceHooks> = {
  role: roleHooks,
  t_org: orgHooks,
  t_org_type: orgTypeHooks,
  t_org_type_role: orgTypeRoleHooks,
  'user-manage': userHooks,
  t_measure_group: measureGroupHooks,
  t_device_type: deviceTypeHooks,
  t_device_model: deviceModelHooks,
  t_measure_tag: measureTagHooks,
  t_device_category: deviceCategoryHooks,
  t_contacts: contactHooks,
  t_project: projectHooks,
  t_project_group: projectGroupHooks,
};
