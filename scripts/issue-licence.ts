/**
 * Issues licence files for the platform (server/README.md "Licence"), signed with the vendor's
 * Ed25519 private key, which is kept out of the repository (.licence-keys/ is ignored by git).
 *
 *   npx tsx scripts/issue-licence.ts --generate-key [--key PATH]
 *       makes a key pair: the private key at PATH (mode 600, never overwritten) and the public key
 *       beside it (PATH with .pub.pem); ship the public key as server/licence/licence-public-key.pem
 *       (or list it in LICENCE_PUBLIC_KEY_FILES).
 *   npx tsx scripts/issue-licence.ts --licensee NAME --expiry YYYY-MM-DD --devices N --users N
 *       [--features a,b] [--id ID] [--issued YYYY-MM-DD] [--key PATH] [--out FILE]
 *       writes the signed licence (to stdout without --out).
 *
 * The key path is --key, else NV_LICENCE_KEY, else .licence-keys/licence-private.pem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPrivateKey, randomBytes } from 'node:crypto';
import { LicencePayload } from '../contract/licence';
import { generateLicenceKeyPair, licenceText, signLicence } from '../server/licence/licence-sign';

const DEFAULT_KEY = '.licence-keys/licence-private.pem';

function fail(message: string): never {
  process.stderr.write(`issue-licence: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    'generate-key': { type: 'boolean' },
    key: { type: 'string' },
    licensee: { type: 'string' },
    expiry: { type: 'string' },
    issued: { type: 'string' },
    devices: { type: 'string' },
    users: { type: 'string' },
    features: { type: 'string' },
    id: { type: 'string' },
    out: { type: 'string' },
  },
  strict: true,
});

const keyPath = path.resolve(values.key ?? process.env.NV_LICENCE_KEY ?? DEFAULT_KEY);

if (values['generate-key']) {
  const publicPath = keyPath.replace(/(\.pem)?$/, '.pub.pem');
  if (fs.existsSync(keyPath)) fail(`${keyPath} exists; a licence key is never overwritten`);
  const { privateKey, publicKey } = generateLicenceKeyPair();
  fs.mkdirSync(path.dirname(keyPath), { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyPath, privateKey, { mode: 0o600, flag: 'wx' });
  fs.writeFileSync(publicPath, publicKey);
  process.stdout.write(`private key: ${keyPath} (keep it secret, out of the repository)\npublic key:  ${publicPath}\n${publicKey}`);
  process.exit(0);
}

const int = (name: 'devices' | 'users') => {
  const v = values[name];
  if (v === undefined || !/^\d+$/.test(v)) fail(`--${name} must be a whole number`);
  return Number(v);
};
if (!values.licensee) fail('--licensee is required');
if (!values.expiry) fail('--expiry (YYYY-MM-DD) is required');
const today = new Date().toISOString().slice(0, 10);
const payload = LicencePayload.safeParse({
  format: 1,
  id: values.id ?? `NV-${today.replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`,
  licensee: values.licensee,
  issued: values.issued ?? today,
  expiry: values.expiry,
  maxDevices: int('devices'),
  maxUsers: int('users'),
  features: (values.features ?? '').split(',').map((s) => s.trim()).filter(Boolean),
});
if (!payload.success) fail(payload.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));

let key: ReturnType<typeof createPrivateKey>;
try {
  key = createPrivateKey(fs.readFileSync(keyPath, 'utf8'));
} catch {
  fail(`cannot read the private key ${keyPath} (make one with --generate-key)`);
}
if (key.asymmetricKeyType !== 'ed25519') fail(`${keyPath} is not an Ed25519 key`);
const text = licenceText(signLicence(payload.data, key));
if (values.out) {
  fs.writeFileSync(values.out, text);
  process.stderr.write(`licence ${payload.data.id} for ${payload.data.licensee} written to ${values.out}\n`);
} else {
  process.stdout.write(text);
}
