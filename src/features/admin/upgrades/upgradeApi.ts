import type { NameItem, Paged } from '../../../../contract/envelope';
import type { Envelope } from '../../../../contract/envelope';
import type {
  DebugSessionRecord, DebugState, FirmwareRecord, UpgradeCandidate, UpgradeTaskDetail, UpgradeTaskRecord, UpgradeTaskState,
} from '../../../../contract/upgrades';
import { ApiRequestError, apiGet, buildUrl, request } from '../../../shared/http';
import { getToken } from '../../../shared/session';

/** Query keys of the upgrade pages: everything under `upgrades` is refreshed after a change. */
export const upgradeKeys = {
  all: ['upgrades'] as const,
  models: ['resource', 't_device_model', 'names'] as const,
  firmware: (page: number, size: number, modelId: number | undefined, keyword: string) => ['upgrades', 'firmware', page, size, modelId ?? null, keyword] as const,
  firmwareOf: (modelId: number) => ['upgrades', 'firmware', 'of', modelId] as const,
  tasks: (page: number, size: number, state: UpgradeTaskState | undefined) => ['upgrades', 'tasks', page, size, state ?? null] as const,
  task: (id: number) => ['upgrades', 'task', id] as const,
  candidates: (modelId: number) => ['upgrades', 'candidates', modelId] as const,
  debug: (page: number, size: number, state: DebugState | undefined) => ['upgrades', 'debug', page, size, state ?? null] as const,
};

export const fetchModelNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_device_model/names', undefined, signal);

export const fetchFirmware = (q: { page: number; size: number; modelId?: number; keyword?: string }, signal?: AbortSignal) =>
  apiGet<Paged<FirmwareRecord>>('/t_upgrade_file', { Page: q.page, Size: q.size, deviceModelId: q.modelId, keyword: q.keyword || undefined }, signal);

export const deleteFirmware = (id: number) => request<true>('POST', `/t_upgrade_file/del/${id}`);

/**
 * POST /api/t_upgrade_file/upload as multipart, through XMLHttpRequest for its upload progress
 * (fetch reports none). `onProgress` gets 0–100; `signal` aborts the upload.
 */
export function uploadFirmware(
  input: { deviceModelId: number; fileVer: string; remark: string; file: File }, onProgress: (percent: number) => void, signal?: AbortSignal,
): Promise<FirmwareRecord> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = buildUrl('api', '/t_upgrade_file/upload', { deviceModelId: input.deviceModelId, fileVer: input.fileVer, remark: input.remark });
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(Math.min(100, Math.floor((e.loaded / e.total) * 100))); };
    xhr.onload = () => {
      let envelope: Envelope<FirmwareRecord> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<FirmwareRecord>;
      } catch {
        envelope = undefined;
      }
      if (xhr.status === 200 && envelope?.success) resolve(envelope.data as FirmwareRecord);
      else reject(new ApiRequestError(envelope?.error || `HTTP ${xhr.status}`, xhr.status, envelope?.requireLogin === true));
    };
    xhr.onerror = () => reject(new ApiRequestError('network', 0));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', input.file, input.file.name);
    xhr.send(form);
  });
}

export const fetchTasks = (page: number, size: number, state: UpgradeTaskState | undefined, signal?: AbortSignal) =>
  apiGet<Paged<UpgradeTaskRecord>>('/t_upgrade', { Page: page, Size: size, state }, signal);

/** One task; a 404 (unknown, or none of its devices visible) is the drawer's to explain. */
export const fetchTask = (id: number, signal?: AbortSignal) =>
  request<UpgradeTaskDetail>('GET', `/t_upgrade/${id}`, { signal, quietNotFound: true });

export const fetchCandidates = (modelId: number, signal?: AbortSignal) =>
  apiGet<UpgradeCandidate[]>('/t_upgrade/devices', { deviceModelId: modelId }, signal);

export const saveTask = (body: { fileId: number; deviceIds: number[]; remark: string; timeoutS: number }) =>
  request<UpgradeTaskDetail>('POST', '/t_upgrade/save', { body });

export const auditTask = (body: { id: number; approved: boolean; remark: string }) =>
  request<UpgradeTaskDetail>('POST', '/t_upgrade/audit', { body });

export const deleteTask = (id: number) => request<true>('POST', `/t_upgrade/del/${id}`);

export const fetchDebugSessions = (page: number, size: number, state: DebugState | undefined, signal?: AbortSignal) =>
  apiGet<Paged<DebugSessionRecord>>('/t_debug', { Page: page, Size: size, state }, signal);

export const requestDebug = (body: { deviceId: number; durationMin: number; reason: string }) =>
  request<DebugSessionRecord>('POST', '/t_debug/save', { body });

export const auditDebug = (body: { id: number; approved: boolean; remark: string }) =>
  request<DebugSessionRecord>('POST', '/t_debug/audit', { body });

export const closeDebug = (id: number) => request<DebugSessionRecord>('POST', `/t_debug/close/${id}`);
