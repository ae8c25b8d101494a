import type { Message } from '../../../contract/messages';
import type { Paged } from '../../../contract/envelope';
import { DROPDOWN_MESSAGE_TYPES } from '../../../contract/constants';
import { apiGet, apiPost } from '../../shared/http';

export const DROPDOWN_SIZE = 5;

export function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return apiGet<number>('/t_history_message/unread-count', undefined, signal);
}

/** Page 1, size 5, the dropdown's types, unread only (SPEC §7). */
export function fetchUnreadMessages(signal?: AbortSignal): Promise<Paged<Message>> {
  return apiGet<Paged<Message>>('/t_history_message', { Page: 1, Size: DROPDOWN_SIZE, type: DROPDOWN_MESSAGE_TYPES, isReaded: false }, signal);
}

export function fetchMessages(page: number, size: number, signal?: AbortSignal): Promise<Paged<Message>> {
  return apiGet<Paged<Message>>('/t_history_message', { Page: page, Size: size }, signal);
}

export function markRead(id: number): Promise<true> {
  return apiPost<true>('/t_history_message/set-readed', undefined, { id });
}
