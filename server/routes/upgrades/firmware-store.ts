import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What was stored: the file's name under the firmware folder, its size and md5 (hex). */
export interface StoredFirmware { storedName: string; size: number; md5: string }

const STORED_NAME = /^[a-f0-9]{32}\.bin$/;

/**
 * Firmware files on disk, under DATA_DIR/firmware, each under a random name (the database keeps
 * the name it was uploaded with). A file is written to a temporary name and renamed once whole,
 * so a crash or a refused upload never leaves a half file under a stored name.
 */
export class FirmwareStore {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'firmware');
  }

  /**
   * Streams `source` to disk, counting and hashing it. `tooLarge()` is asked at the end (the
   * multipart reader truncates at its limit): when it says so, or the file is empty, nothing is kept.
   */
  async save(source: NodeJS.ReadableStream, tooLarge: () => boolean): Promise<StoredFirmware | 'too-large' | 'empty'> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const storedName = `${randomBytes(16).toString('hex')}.bin`;
    const tmp = path.join(this.dir, `.${storedName}.tmp`);
    const hash = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, count, fs.createWriteStream(tmp));
      if (tooLarge()) return 'too-large';
      if (size === 0) return 'empty';
      await fs.promises.rename(tmp, path.join(this.dir, storedName));
      return { storedName, size, md5: hash.digest('hex') };
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }

  /** The path of a stored file (names not of the store's form are refused). */
  pathOf(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error(`not a stored firmware name: ${storedName}`);
    return path.join(this.dir, storedName);
  }

  async remove(storedName: string): Promise<void> {
    await fs.promises.rm(this.pathOf(storedName), { force: true });
  }
}
