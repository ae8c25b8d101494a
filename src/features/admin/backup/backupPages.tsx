import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// A chunk of its own, loaded when the page is opened; AdminPage holds the Suspense boundary.
const BackupPage = lazyPage(() => import('./BackupPage'), 'BackupPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** 数据备份 (issue 22): the main layout's fixed route (SPEC §2). */
export const BACKUP_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_data_backup': ({ title }) => <BackupPage title={title} />,
};
