import { Tag } from 'antd';
import styled from 'styled-components';
import type { OrderState } from '../../../../contract/purchase/order-states';

/** The padding under a purchase page's title. */
export const Body = styled.div`
  padding: 1.25rem 1.5rem 1.5rem;
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
`;

export const Footer = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 1.5rem;
  margin-top: 1rem;
`;

/** ¥ amounts with two decimals and grouping. */
export const money = (v: number): string => v.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const STATE_COLORS: Record<OrderState, string> = { created: 'processing', confirmed: 'cyan', finished: 'success', cancelled: 'default' };

/** An order's state as a coloured tag. */
export function StateTag({ state, label }: { state: OrderState; label: string }) {
  return <Tag color={STATE_COLORS[state]} data-testid="order-state" data-state={state}>{label}</Tag>;
}
