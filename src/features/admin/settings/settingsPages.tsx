import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own, loaded when 系统设置 is opened; AdminPage holds the Suspense boundary.
const SettingsPage = lazyPage(() => import('./SettingsPage'), 'SettingsPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** 系统设置 (issue 22) by route. */
export const SETTINGS_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_system/nv_settings': ({ title }) => <SettingsPage title={title} />,
};
