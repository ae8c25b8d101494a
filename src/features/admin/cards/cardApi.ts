import type { Card, CardUser, CardWarning, SaveCardBody, SyncCardUsersResult } from '../../../../contract/cards';
import type { NameItem, Paged } from '../../../../contract/envelope';
import { apiGet, request } from '../../../shared/http';

/** Query keys of 物联网卡: everything under `cards` is refreshed after a change. */
export const cardKeys = {
  all: ['cards'] as const,
  orgs: ['resource', 't_org', 'names'] as const,
  list: (q: CardListQuery) => ['cards', 'list', q] as const,
  warnings: (days: number) => ['cards', 'warnings', days] as const,
  users: (page: number, size: number, orgId: number | undefined) => ['cards', 'users', page, size, orgId ?? null] as const,
};

export interface CardListQuery {
  page: number;
  size: number;
  keyword?: string;
  status?: number;
  orgId?: number;
  bound?: 0 | 1;
}

export const fetchOrgNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_org/names', undefined, signal);

export const fetchCards = (q: CardListQuery, signal?: AbortSignal) => apiGet<Paged<Card>>('/t_card', {
  Page: q.page, Size: q.size, keyword: q.keyword || undefined, status: q.status, orgId: q.orgId, bound: q.bound,
}, signal);

export const fetchCardWarnings = (days: number, signal?: AbortSignal) => apiGet<CardWarning[]>('/t_card/warnings', { days }, signal);

export const fetchCardUsers = (q: { page: number; size: number; orgId?: number }, signal?: AbortSignal) =>
  apiGet<Paged<CardUser>>('/t_card/users', { Page: q.page, Size: q.size, orgId: q.orgId }, signal);

export const saveCard = (body: SaveCardBody) => request<Card>('POST', '/t_card/save', { body });
export const deleteCard = (id: number) => request<true>('POST', `/t_card/del/${id}`);
export const syncCardUsers = (orgId: number) => request<SyncCardUsersResult>('POST', '/t_card/sync-user', { body: { orgId } });
export const setCardUserState = (userId: number, enabled: boolean) => request<true>('POST', '/t_card/user-state', { body: { userId, enabled } });
