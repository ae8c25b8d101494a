import type { BackupEntry, BackupJob, BackupList, BackupSchedule, RestoreResult } from '../../../../contract/backup';
import { downloadBlob } from '../../../shared/downloadBlob';
import { ApiRequestError, buildUrl, request } from '../../../shared/http';
import { getToken } from '../../../shared/session';

/** The backup family's calls, on the `/srv` base (SPEC §7). */
export const backupKeys = {
  list: ['backup', 'list'] as const,
  result: ['backup', 'result'] as const,
};

export const fetchBackups = (signal?: AbortSignal) => request<BackupList>('GET', '/db/list', { signal }, 'srv');
export const fetchBackupJob = (signal?: AbortSignal) => request<BackupJob>('GET', '/db/result', { signal }, 'srv');
export const takeBackup = () => request<BackupEntry>('POST', '/db/backup', {}, 'srv');
export const restoreBackup = (fileName: string) => request<RestoreResult>('POST', '/db/restore', { query: { fileName } }, 'srv');
export const deleteBackup = (fileName: string) => request<true>('POST', '/db/del', { query: { fileName } }, 'srv');
export const saveSchedule = (schedule: BackupSchedule) => request<BackupSchedule>('POST', '/db/schedule', { body: schedule }, 'srv');

export function uploadBackup(file: File): Promise<BackupEntry> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<BackupEntry>('POST', '/db/upload', { body: form }, 'srv');
}

/** Fetches a backup with the session's token and hands it to the browser's download. */
export async function downloadBackup(fileName: string, signal?: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(buildUrl('srv', '/db/download', { fileName }), { headers, signal });
  if (!response.ok) {
    let error = `HTTP ${response.status}`;
    try {
      error = ((await response.json()) as { error?: string }).error ?? error;
    } catch { /* not an envelope */ }
    throw new ApiRequestError(error, response.status);
  }
  downloadBlob(await response.blob(), fileName);
}
