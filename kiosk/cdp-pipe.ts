import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/** A DevTools protocol error answer, or the connection gone before the answer. */
export class CdpError extends Error {
  constructor(method: string, message: string) {
    super(`${method}: ${message}`);
    this.name = 'CdpError';
  }
}

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(err: Error): void;
}

/**
 * The DevTools protocol over Chromium's `--remote-debugging-pipe` (fd 3: commands to Chromium,
 * fd 4: its answers and events, each message JSON ended by a NUL byte). A pipe, not a port: no
 * other process on the machine can drive the browser that holds the wall's session cookie, and
 * Chromium closes itself when the pipe goes (the launcher killed outright leaves no browser).
 *
 * Only what the caller sends is switched on: unlike Playwright and Puppeteer, which enable the
 * Network domain on every page (Blink then keeps a ~0.3 kB record of every request for the page's
 * life), the launcher uses Target, Page, Runtime, Storage and Browser commands only.
 * Events: `event` (method, params, sessionId); `close` once, when the pipe ends.
 */
export class CdpPipe extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private buffer: Buffer[] = [];
  private closedReason: string | undefined;

  constructor(private readonly toBrowser: Writable, fromBrowser: Readable) {
    super();
    fromBrowser.on('data', (chunk: Buffer) => this.receive(chunk));
    fromBrowser.on('close', () => this.close('the browser closed its DevTools pipe'));
    fromBrowser.on('error', (err) => this.close(`DevTools pipe: ${err.message}`));
    toBrowser.on('error', (err) => this.close(`DevTools pipe: ${err.message}`));
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  /** Sends a command (to a page's session with `sessionId`) and resolves with its result. */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.closedReason !== undefined) return Promise.reject(new CdpError(method, this.closedReason));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (r: unknown) => void, reject });
      this.toBrowser.write(`${JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params })}\0`);
    });
  }

  /** Ends every command still waiting (the browser is gone or being closed). */
  close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(new CdpError(p.method, reason));
    }
    this.emit('close', reason);
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.buffer.push(chunk.subarray(start, end));
      const text = Buffer.concat(this.buffer).toString('utf8');
      this.buffer = [];
      start = end + 1;
      this.dispatch(text);
    }
    if (start < chunk.length) this.buffer.push(chunk.subarray(start));
  }

  private dispatch(text: string): void {
    let message: { id?: number; method?: string; params?: unknown; sessionId?: string; result?: unknown; error?: { message: string } };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return; // not protocol: nothing to answer
    }
    if (message.id !== undefined) {
      const p = this.pending.get(message.id);
      if (!p) return;
      this.pending.delete(message.id);
      if (message.error) p.reject(new CdpError(p.method, message.error.message));
      else p.resolve(message.result);
    } else if (message.method) {
      this.emit('event', message.method, message.params ?? {}, message.sessionId);
    }
  }
}
