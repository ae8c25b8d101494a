import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { canonicalJson, LicenceFile, licenceEndsAt, type LicencePayload } from '../../contract/licence';
import { describeZodError } from '../http/endpoint';

/** Why a licence file is refused, and the message naming the field at fault. */
export type LicenceProblem = 'format' | 'signature' | 'expired';

export type LicenceCheck =
  | { ok: true; payload: LicencePayload }
  | { ok: false; problem: LicenceProblem; message: string; payload?: LicencePayload };

export const LICENCE_NOT_JSON = '不是授权文件（无法按 JSON 读取）';
export const LICENCE_BAD_SIGNATURE = '授权文件签名无效：文件被修改过，或不是为本系统签发的';

/** Reads PEM public keys; a key that is not Ed25519 is refused at start, not at the first import. */
export function licenceKeys(pems: readonly string[]): KeyObject[] {
  return pems.map((pem, i) => {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`licence public key ${i + 1} is ${key.asymmetricKeyType}, not ed25519`);
    return key;
  });
}

/**
 * Checks a licence file's text: its shape (contract/licence.ts LicenceFile, strict), its Ed25519
 * signature over the payload's canonical JSON with any of `keys`, then its expiry against `now`.
 * An expired file whose signature holds answers its payload too (the page still shows it).
 * Messages name the field, as `where.payload.expiry: …`.
 */
export function checkLicence(text: string, keys: readonly KeyObject[], now: number, where = 'licence'): LicenceCheck {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'format', message: `${where}: ${LICENCE_NOT_JSON}` };
  }
  const parsed = LicenceFile.safeParse(json);
  if (!parsed.success) return { ok: false, problem: 'format', message: describeZodError(where, parsed.error as z.ZodError) };
  const { payload, signature } = parsed.data;
  // What was signed is the payload as written in the file (its canonical form): a field the schema
  // would drop or normalise cannot slip past the signature.
  const signed = Buffer.from(canonicalJson((json as { payload: unknown }).payload), 'utf8');
  const sig = Buffer.from(signature, 'base64');
  if (!keys.some((key) => verify(null, signed, key, sig))) {
    return { ok: false, problem: 'signature', message: `${where}.signature: ${LICENCE_BAD_SIGNATURE}` };
  }
  if (now >= licenceEndsAt(payload.expiry)) {
    return { ok: false, problem: 'expired', message: `${where}.payload.expiry: 授权已于 ${payload.expiry} 到期`, payload };
  }
  return { ok: true, payload };
}
