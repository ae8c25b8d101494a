import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { canonicalJson, LicencePayload, type LicenceFile } from '../../contract/licence';

/**
 * Signs a licence payload with the vendor's Ed25519 private key (scripts/issue-licence.ts; tests
 * with a key of their own). The payload is checked against the contract first: a file the server
 * would refuse is never issued.
 */
export function signLicence(payload: LicencePayload, privateKey: KeyObject | string): LicenceFile {
  const checked = LicencePayload.parse(payload);
  const signature = sign(null, Buffer.from(canonicalJson(checked), 'utf8'), privateKey).toString('base64');
  return { payload: checked, signature };
}

/** A new Ed25519 key pair as PEM (PKCS#8 private, SPKI public). */
export function generateLicenceKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The licence file's text as issued: the JSON with two-space indentation and a final newline. */
export function licenceText(file: LicenceFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
