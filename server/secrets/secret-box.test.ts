import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { KEY_FILE_NAME, loadSecretsKey, SECRET_UNREADABLE, SecretBox, SecretUnreadableError, SEALED_PREFIX } from './secret-box';

const SECRET = 'whsec_0123456789abcdef-ÄÖ';
const posix = process.platform !== 'win32';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals into enc:v1: and opens to the same text; two seals of one secret differ', () => {
    const sealed = box.seal(SECRET);
    expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed.slice(SEALED_PREFIX.length)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(box.open(sealed)).toBe(SECRET);
    expect(box.seal(SECRET)).not.toBe(sealed);
    expect(box.open(box.seal(''))).toBe('');
  });

  it('answers a legacy plaintext value as it is', () => {
    expect(box.open('legacy-plaintext-secret-16')).toBe('legacy-plaintext-secret-16');
    expect(box.open('')).toBe('');
  });

  it('refuses a tampered value', () => {
    const sealed = box.seal(SECRET);
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    for (const at of [0, 14, raw.length - 1]) {
      const bad = Buffer.from(raw);
      bad[at] ^= 0x01;
      expect(() => box.open(SEALED_PREFIX + bad.toString('base64url'))).toThrow(SecretUnreadableError);
    }
    expect(() => box.open(`${SEALED_PREFIX}c2hvcnQ`)).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed.slice(0, -4))).toThrow(SecretUnreadableError);
  });

  it('refuses a value sealed under another key, with a message naming the key settings and not the value', () => {
    const sealed = new SecretBox(randomBytes(32)).seal(SECRET);
    let message = '';
    try {
      box.open(sealed);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe(SECRET_UNREADABLE);
    expect(message).toBe('secret cannot be decrypted: the key differs from the one that sealed it (SECRETS_KEY / secrets.key)');
    expect(message).not.toContain(SECRET);
  });

  it('keeps its key out of JSON and inspection', () => {
    const key = randomBytes(32);
    const shown = JSON.stringify(new SecretBox(key)) + String(Object.values(new SecretBox(key)));
    expect(shown).not.toContain(key.toString('hex'));
    expect(shown).not.toContain(key.toString('base64'));
  });
});

describe('the secrets key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(posix)('is created in DATA_DIR at first start with mode 0600, and read back the same at the next', () => {
    const dataDir = path.join(tempDir(), 'data');
    const key = loadSecretsKey(undefined, dataDir);
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(key).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key.toString('base64'));
    expect(loadSecretsKey(undefined, dataDir).equals(key)).toBe(true);
    // Only the key file is left behind, no temporary file.
    expect(fs.readdirSync(dataDir)).toEqual([KEY_FILE_NAME]);
  });

  it.runIf(posix)('stops the start when the key file may be read by group or others, naming the file and the fix', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, KEY_FILE_NAME);
    fs.writeFileSync(file, randomBytes(32).toString('base64'));
    fs.chmodSync(file, 0o644);
    expect(() => loadSecretsKey(undefined, dataDir)).toThrow(file);
    expect(() => loadSecretsKey(undefined, dataDir)).toThrow(`chmod 600 ${file}`);
    fs.chmodSync(file, 0o600);
    expect(loadSecretsKey(undefined, dataDir)).toHaveLength(32);
  });

  it('stops the start when the key file holds no key', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, KEY_FILE_NAME);
    fs.writeFileSync(file, 'not a key\n', { mode: 0o600 });
    expect(() => loadSecretsKey(undefined, dataDir)).toThrow(file);
  });

  it('comes from SECRETS_KEY when set: the file is then neither read nor made', () => {
    const dataDir = tempDir();
    const key = randomBytes(32);
    const config = readConfig({ SECRETS_KEY: key.toString('base64') });
    expect(config.secretsKey?.equals(key)).toBe(true);
    expect(loadSecretsKey(config.secretsKey, dataDir).equals(key)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, KEY_FILE_NAME))).toBe(false);
    expect(readConfig({}).secretsKey).toBeUndefined();
  });

  it('refuses a SECRETS_KEY that is not the base64 of 32 bytes, naming SECRETS_KEY', () => {
    for (const bad of ['secret', randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), `${randomBytes(32).toString('base64')}!`, randomBytes(32).toString('hex')]) {
      expect(() => readConfig({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY/);
    }
  });
});
