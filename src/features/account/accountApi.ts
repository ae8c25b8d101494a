import type { UserInfo } from '../../../contract/session';
import { UPLOAD_MAX_BYTES } from '../../../contract/constants';
import { apiPost, request } from '../../shared/http';

/** The §5 reason an avatar file is refused before upload, as a translation key. */
export function avatarProblem(file: Pick<File, 'size'>): 'account.avatarTooLarge' | undefined {
  return file.size > UPLOAD_MAX_BYTES ? 'account.avatarTooLarge' : undefined;
}

/** POST /api/file?category=avatar (multipart); resolves with the stored path. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const result = await request<{ path: string }>('POST', '/file', { body: form, query: { category: 'avatar' } });
  return result.path;
}

/** POST /api/user/info: the signed-in user edits their own profile. */
export function updateProfile(patch: { nickName?: string; avatar?: string }): Promise<UserInfo> {
  return apiPost<UserInfo>('/user/info', patch);
}
