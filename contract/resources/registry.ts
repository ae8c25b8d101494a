import { applicationResource } from './application';
import { contactsResource } from './contacts';
import { dataDictResource } from './data-dict';
import { deviceCategoryResource } from './device-category';
import { deviceCategorySchemeResource } from './device-category-scheme';
import { deviceModelResource } from './device-model';
import { deviceTypeResource } from './device-type';
import { industryResource } from './industry';
import type { ResourceDefinition } from './kit';
import { manufactorResource } from './manufactor';
import { measureGroupResource } from './measure-group';
import { measureTagResource } from './measure-tag';
import { measureTagGroupResource } from './measure-tag-group';
import { orgResource } from './org';
import { orgTypeResource } from './org-type';
import { orgTypeRoleResource } from './org-type-role';
import { projectResource } from './project';
import { projectGroupResource } from './project-group';
import { regionResource } from './region';
import { roleResource } from './role';
import { userResource } from './user';

/** Every resource the kit serves: the server registers their routes, the tests iterate over them. */
export const RESOURCES: readonly ResourceDefinition[] = [
  contactsResource, manufactorResource, industryResource, regionResource, dataDictResource, applicationResource,
  orgResource, orgTypeResource, roleResource, orgTypeRoleResource, userResource,
  deviceTypeResource, deviceModelResource, measureTagGroupResource, measureTagResource, deviceCategorySchemeResource,
  deviceCategoryResource,
  measureGroupResource,
  projectGroupResource, projectResource,
] as unknown as ResourceDefinition[];
