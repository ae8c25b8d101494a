import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How a sealed value starts; anything else in a secret column is a legacy plaintext row. */
export const SEALED_PREFIX = 'enc:v1:';
/** The key file under DATA_DIR, used when `SECRETS_KEY` is not set. */
export const KEY_FILE_NAME = 'secrets.key';
/** What opening a sealed value with another key (or a damaged value) says; it never names the value. */
export const SECRET_UNREADABLE = 'secret cannot be decrypted: the key differs from the one that sealed it (SECRETS_KEY / secrets.key)';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

/** A sealed value that this server's key cannot open. */
export class SecretUnreadableError extends Error {
  constructor() {
    super(SECRET_UNREADABLE);
    this.name = 'SecretUnreadableError';
  }
}

/** Whether a stored value is sealed (`enc:v1:…`). */
export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/**
 * Seals and opens short secrets kept in the database (server/secrets/README.md): AES-256-GCM under
 * a key kept outside the database, stored as `enc:v1:<base64url iv|tag|ciphertext>`. A fresh IV per
 * seal, so sealing one secret twice gives two different values.
 */
export class SecretBox {
  // A private field: the key is not an enumerable property, so no log or JSON of the box shows it.
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`a secrets key is ${KEY_BYTES} bytes, got ${key.length}`);
    this.#key = Buffer.from(key);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  }

  /**
   * The plaintext of a stored value. A value that is not sealed (a row written before sealing) is
   * answered as it is; a sealed one that does not open throws {@link SecretUnreadableError}.
   */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError();
    try {
      const decipher = createDecipheriv(ALGORITHM, this.#key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError();
    }
  }
}

/**
 * A key written as base64 of 32 bytes (what `openssl rand -base64 32` prints), or null when `text`
 * is anything else. Node's base64 decoder skips what it does not understand, so the text must
 * encode back to itself.
 */
function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES && key.toString('base64').replace(/=+$/, '') === trimmed.replace(/=+$/, '') ? key : null;
}

/** `SECRETS_KEY` as configured: base64 of 32 bytes, or the server refuses to start. */
export function parseSecretsKey(value: string): Buffer {
  const key = decodeKey(value);
  if (!key) throw new Error('SECRETS_KEY must be the base64 of 32 random bytes (e.g. the output of `openssl rand -base64 32`)');
  return key;
}

/**
 * The key secrets are sealed with: `configured` (`SECRETS_KEY`) when given, else the one in
 * `<dataDir>/secrets.key`, created with 32 random bytes (base64, mode 0600) on first start. A key
 * file that group or others may read, or that holds no key, stops the start with the fix.
 */
export function loadSecretsKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  createKeyFile(file);
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new Error(`${file} must be a file holding the secrets key`);
  // POSIX permission bits only: on Windows, mode reports no group/other bits worth checking.
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new Error(`${file} may be read by other users (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}): run \`chmod 600 ${file}\``);
  }
  const key = decodeKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} must hold the base64 of 32 bytes (the secrets key); it may not be edited by hand`);
  return key;
}

/**
 * Writes a new key file unless there is one. The key is written to a private temporary file and
 * linked into place, so a second process starting at the same moment either links first or reads
 * a whole key — never an empty file.
 */
function createKeyFile(file: string): void {
  if (fs.existsSync(file)) return;
  const text = `${randomBytes(KEY_BYTES).toString('base64')}\n`;
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const exists = (err: unknown) => (err as NodeJS.ErrnoException).code === 'EEXIST';
  try {
    fs.writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
    fs.chmodSync(temp, 0o600);
    fs.linkSync(temp, file);
  } catch (err) {
    if (exists(err)) return;
    // A file system without hard links: create the file itself, still never replacing one.
    try {
      fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    } catch (again) {
      if (!exists(again)) throw again;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
