import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Each page is a chunk of its own, loaded when it is opened (the admin branch's shared parts — antd,
// the kit — come with the first); AdminPage holds the Suspense boundary.
const OrgAuthPage = lazyPage(() => import('./OrgAuthPage'), 'OrgAuthPage');
const OrgRightsPage = lazyPage(() => import('./OrgPages'), 'OrgRightsPage');
const OrgRolesPage = lazyPage(() => import('./OrgPages'), 'OrgRolesPage');
const OrgTypeRightsPage = lazyPage(() => import('./OrgTypePages'), 'OrgTypeRightsPage');
const OrgTypeRolesPage = lazyPage(() => import('./OrgTypePages'), 'OrgTypeRolesPage');
const RightsCatalogPage = lazyPage(() => import('./RightsCatalogPage'), 'RightsCatalogPage');
const RolesPage = lazyPage(() => import('./RolesPage'), 'RolesPage');
const UserRightsPage = lazyPage(() => import('./UserRightsPage'), 'UserRightsPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The access pages by route (patterns with `:id` for the pages of one organisation, type or user). */
export const ACCESS_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_system/nv_roles': ({ title }) => <RolesPage title={title} />,
  '/nv_system/nv_auth': ({ title }) => <RightsCatalogPage title={title} />,
  '/nv_system/nv_org_auth': ({ title }) => <OrgAuthPage title={title} />,
  '/nv_system/nv_org_rights/:id': ({ title, params }) => <OrgRightsPage title={title} params={params} fromAuth={false} />,
  '/nv_system/nv_org_rights2/:id': ({ title, params }) => <OrgRightsPage title={title} params={params} fromAuth />,
  '/nv_system/nv_org_roles/:id': ({ title, params }) => <OrgRolesPage key={params.id} title={title} params={params} fromAuth={false} />,
  '/nv_system/nv_org_roles2/:id': ({ title, params }) => <OrgRolesPage key={params.id} title={title} params={params} fromAuth />,
  '/nv_system/nv_org_type_rights/:id': ({ title, params }) => <OrgTypeRightsPage key={params.id} title={title} params={params} />,
  '/nv_system/nv_org_type_roles/:id': ({ title, params }) => <OrgTypeRolesPage key={params.id} title={title} params={params} />,
  '/nv_system/nv_user_rights/:id': ({ title, params }) => <UserRightsPage title={title} params={params} />,
};
