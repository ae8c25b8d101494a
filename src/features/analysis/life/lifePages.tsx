import type { ReactNode } from 'react';

/** The life analysis pages by path (lazy chunks); a path not listed shows its title over 暂无数据. */
export const LIFE_PAGES: Record<string, (props: { title: string }) => ReactNode> = {};
