import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Each page a chunk of its own, loaded when it is opened (antd, ECharts and the tables come with it).
const DeviceLifePage = lazyPage(() => import('./DeviceLifePage'), 'DeviceLifePage');
const LifeSetPage = lazyPage(() => import('./LifeSetPage'), 'LifeSetPage');
const LifeFormulaPage = lazyPage(() => import('./LifeFormulaPage'), 'LifeFormulaPage');

/** The life analysis pages by path (lazy chunks); a path not listed shows its title over 暂无数据. */
export const LIFE_PAGES: Record<string, (props: { title: string }) => ReactNode> = {
  '/nv_life_analysis/nv_device_life_analysis': ({ title }) => <DeviceLifePage title={title} />,
  '/nv_life_analysis/nv_life_set': ({ title }) => <LifeSetPage title={title} />,
  '/nv_life_analysis/nv_life_formula': ({ title }) => <LifeFormulaPage title={title} />,
};
