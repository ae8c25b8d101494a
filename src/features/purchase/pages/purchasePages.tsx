import type { ReactNode } from 'react';

/** The purchase pages by path (lazy chunks); a path not listed shows its title over 暂无数据. */
export const PURCHASE_PAGES: Record<string, (props: { title: string }) => ReactNode> = {};
