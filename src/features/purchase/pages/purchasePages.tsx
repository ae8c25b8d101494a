import type { ReactNode } from 'react';
import { lazyPage } from '../../../shared/lazyPage';

// Each page a chunk of its own, loaded when it is opened (antd and the tables come with it).
const PurchaseApplyPage = lazyPage(() => import('./PurchaseApplyPage'), 'PurchaseApplyPage');
const PurchaseRecordPage = lazyPage(() => import('./PurchaseRecordPage'), 'PurchaseRecordPage');

/** The purchase pages by path (lazy chunks); a path not listed shows its title over 暂无数据. */
export const PURCHASE_PAGES: Record<string, (props: { title: string }) => ReactNode> = {
  '/nv_buy/nv_life_buy': ({ title }) => <PurchaseApplyPage title={title} />,
  '/nv_buy/nv_life_buy_record': ({ title }) => <PurchaseRecordPage title={title} />,
};
