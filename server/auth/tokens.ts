import { createHash, randomBytes } from 'node:crypto';

/** A new opaque bearer token (256 random bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this digest, so a database leak gives no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as we issue it: 43 URL-safe characters. Anything else is malformed (HTTP 401). */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
