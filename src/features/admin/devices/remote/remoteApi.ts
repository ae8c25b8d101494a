import md5 from 'md5';
import type { ControlPoints } from '../../../../../contract/device-control';
import type { GatewayCommandDetail, GatewayCommandRecord } from '../../../../../contract/gateway-commands';
import type { GatewayConfigPreview, GatewayListItem } from '../../../../../contract/gateways';
import type { Paged } from '../../../../../contract/envelope';
import { apiGet, request } from '../../../../shared/http';

/** The remote control's and the gateway page's calls (server/routes/devices/device-control-routes.ts, server/routes/gateways/). */

export const remoteKeys = {
  points: (deviceId: number) => ['remote', 'points', deviceId] as const,
  gateways: ['remote', 'gateways'] as const,
  preview: (gatewayId: number) => ['remote', 'gateway-preview', gatewayId] as const,
};

export const fetchControlPoints = (deviceId: number, signal?: AbortSignal) =>
  apiGet<ControlPoints>(`/t_device/control-points/${deviceId}`, undefined, signal);

/** Queues a set-point write; `password` is the plain password the user just confirmed (sent as its md5). */
export const sendSetPoint = (deviceId: number, measureId: number, value: number, password: string) =>
  request<GatewayCommandRecord>('POST', '/t_device/control', { body: { deviceId, measureId, value, password: md5(password) } });

export const fetchCommand = (id: number, signal?: AbortSignal) =>
  apiGet<GatewayCommandDetail>(`/t_gateway_command/${id}`, undefined, signal);

export const fetchGateways = (query: { Page: number; Size: number; projectId?: number; keyword?: string }, signal?: AbortSignal) =>
  apiGet<Paged<GatewayListItem>>('/t_gateway', query, signal);

export const fetchConfigPreview = (gatewayId: number, signal?: AbortSignal) =>
  apiGet<GatewayConfigPreview>(`/t_gateway/config/preview/${gatewayId}`, undefined, signal);

export const refreshGateway = (id: number) => request<GatewayCommandRecord>('POST', '/t_gateway/refresh', { body: { id } });

export const restartGateway = (id: number, password: string) =>
  request<GatewayCommandRecord>('POST', '/t_gateway/restart', { body: { id, password: md5(password) } });
