import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LEN = 32;
const COST = 16384;

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LEN, { N: COST, r: 8, p: 1 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** md5 hex of a plain password: what the console sends to login-test (SPEC §4). */
export function md5Hex(plain: string): string {
  return createHash('md5').update(plain, 'utf8').digest('hex');
}

/**
 * Stored form: `scrypt$<salt b64>$<hash b64>` over md5(password), so both the plain login and the
 * md5 login-test can be checked against one hash.
 */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(md5Hex(plain), salt);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks an md5 digest (lower or upper hex) against a stored hash. */
export async function verifyMd5(md5: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scryptAsync(md5.toLowerCase(), Buffer.from(saltB64, 'base64'));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function verifyPassword(plain: string, stored: string): Promise<boolean> {
  return verifyMd5(md5Hex(plain), stored);
}
