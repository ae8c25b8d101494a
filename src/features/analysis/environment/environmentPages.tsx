import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Each page a chunk of its own, loaded when it is opened (antd, ECharts and the tables come with it).
const EnvironmentIndexPage = lazyPage(() => import('./EnvironmentIndexPage'), 'EnvironmentIndexPage');
const AqiAnalysisPage = lazyPage(() => import('./AqiAnalysisPage'), 'AqiAnalysisPage');
const FilterAnalysisPage = lazyPage(() => import('./FilterAnalysisPage'), 'FilterAnalysisPage');

/** The environment analysis pages by path (lazy chunks); a path not listed shows its title over 暂无数据. */
export const ENVIRONMENT_PAGES: Record<string, (props: { title: string }) => ReactNode> = {
  '/nv_environment_analysis/index': ({ title }) => <EnvironmentIndexPage title={title} />,
  '/nv_environment_analysis/nv_aqi_analysis': ({ title }) => <AqiAnalysisPage title={title} />,
  '/nv_environment_analysis/nv_filter_analysis': ({ title }) => <FilterAnalysisPage title={title} />,
};
