import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Chunks of their own, loaded when an alarm page is opened; AdminPage holds the Suspense boundary.
const RealtimeAlarmPage = lazyPage(() => import('./RealtimeAlarmPage'), 'RealtimeAlarmPage');
const HistoryAlarmPage = lazyPage(() => import('./HistoryAlarmPage'), 'HistoryAlarmPage');

interface PageProps {
  title: string;
  params: Record<string, string>;
}

/** The intelligent alarm pages (issue 19) by route; 告警联系人 lives with the admin pages. */
export const ALARM_PAGES: Record<string, (props: PageProps) => ReactNode> = {
  '/nv_intelligent_alarm/nv_realtime_alarm': ({ title }) => <RealtimeAlarmPage title={title} />,
  '/nv_intelligent_alarm/nv_history_alarm': ({ title }) => <HistoryAlarmPage title={title} />,
};
