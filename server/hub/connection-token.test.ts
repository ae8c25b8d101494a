import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signConnectionToken, verifyConnectionToken } from './connection-token';

describe('connection tokens', () => {
  const secret = randomBytes(32);
  const claims = { c: 'conn-1', u: 7, s: 42, e: 2_000_000 };

  it('verifies under the same secret before expiry, and is safe in a URL query', () => {
    const token = signConnectionToken(secret, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyConnectionToken(secret, token, 1_999_999)).toEqual(claims);
    expect(verifyConnectionToken(Buffer.from(secret), token, 1_000)).toEqual(claims);
  });

  it('refuses an expired token, another secret, and any change to the claims or signature', () => {
    const token = signConnectionToken(secret, claims);
    expect(verifyConnectionToken(secret, token, 2_000_000)).toBeNull();
    expect(verifyConnectionToken(randomBytes(32), token, 1_000)).toBeNull();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, u: 1 })).toString('base64url');
    expect(verifyConnectionToken(secret, `${forged}.${signature}`, 1_000)).toBeNull();
    expect(verifyConnectionToken(secret, `${payload}.${signature.slice(0, -2)}`, 1_000)).toBeNull();
    for (const junk of ['', '.', 'abc', `${payload}.`, `.${signature}`, 'x'.repeat(600)]) {
      expect(verifyConnectionToken(secret, junk, 1_000)).toBeNull();
    }
  });

  it('refuses well-signed claims of the wrong shape', () => {
    const token = signConnectionToken(secret, { ...claims, u: 'seven' } as never);
    expect(verifyConnectionToken(secret, token, 1_000)).toBeNull();
  });
});
