import type { Paged } from '../../../../contract/envelope';
import type { OrderAction, OrderState } from '../../../../contract/purchase/order-states';
import type {
  CreateOrderBody, CreateOrderResult, InstallBatchBody, InstallBatchResult, InstallDetail, OrderDetail, OrderOperations, OrderRecord,
  OrderStateCounts, ProposalList,
} from '../../../../contract/purchase/orders';
import { request } from '../../../shared/http';

/** The purchase calls of the second API base (server/routes/purchase/README.md). */
export const fetchProposals = (horizonDays: number, signal?: AbortSignal) =>
  request<ProposalList>('GET', '/t_order/proposals', { query: { horizonDays }, signal }, 'appApi');

export const createOrders = (body: CreateOrderBody) => request<CreateOrderResult>('POST', '/t_order/create', { body }, 'appApi');

export const fetchOrders = (q: { page: number; size: number; state?: OrderState; keyword?: string }, signal?: AbortSignal) =>
  request<Paged<OrderRecord>>('GET', '/t_order', { query: { Page: q.page, Size: q.size, state: q.state, keyword: q.keyword || undefined }, signal }, 'appApi');

export const fetchStateCounts = (signal?: AbortSignal) => request<OrderStateCounts>('GET', '/t_order/state-cnt', { signal }, 'appApi');

export const fetchOrder = (id: number, signal?: AbortSignal) => request<OrderDetail>('GET', `/t_order/${id}`, { signal }, 'appApi');

export const fetchCanOperate = (id: number, signal?: AbortSignal) =>
  request<OrderOperations>('GET', '/t_order/can-operate', { query: { id }, signal }, 'appApi');

export const moveOrder = (action: OrderAction, id: number, reason?: string) =>
  request<OrderDetail>('POST', `/t_order/${action}`, { body: action === 'cancel' ? { id, reason } : { id } }, 'appApi');

export const fetchInstall = (id: number, signal?: AbortSignal) => request<InstallDetail>('GET', `/t_device_install/${id}`, { signal }, 'appApi');

export const recordInstallBatch = (body: InstallBatchBody, signal?: AbortSignal) =>
  request<InstallBatchResult>('POST', '/t_device_install_details/batch', { body, signal }, 'appApi');
