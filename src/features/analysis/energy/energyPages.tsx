import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// The page a chunk of its own, loaded when it is opened (antd, ECharts and the tables come with it).
const EnergyAnalysisPage = lazyPage(() => import('./EnergyAnalysisPage'), 'EnergyAnalysisPage');

/** The energy analysis pages by path (lazy chunks); a path not listed shows its title over 暂无数据. */
export const ENERGY_PAGES: Record<string, (props: { title: string }) => ReactNode> = {
  '/nv_energy_analysis/index': ({ title }) => <EnergyAnalysisPage title={title} />,
};
