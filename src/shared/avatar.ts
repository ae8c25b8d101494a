/** Avatars that mean "the built-in image" (SPEC §3). */
const BUILT_IN_AVATARS = new Set(['', 'defaultuser.png', 'defaultsite.png']);

export const DEFAULT_AVATAR_URL = '/images/default-avatar.svg';

/** The address of a user's avatar: the built-in image, or the API base URL plus the stored path. */
export function avatarUrl(avatar: string | null | undefined, apiBaseUrl: string): string {
  const value = (avatar ?? '').trim();
  if (BUILT_IN_AVATARS.has(value)) return DEFAULT_AVATAR_URL;
  if (/^(https?:|data:|blob:)/i.test(value)) return value;
  return `${apiBaseUrl}${value.startsWith('/') ? '' : '/'}${value}`;
}
