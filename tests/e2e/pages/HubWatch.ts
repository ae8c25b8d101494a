import { expect, type Page, type WebSocket as ObservedSocket } from '@playwright/test';

/** The SignalR JSON protocol ends every message with this record separator. */
const RS = '\x1e';

interface HubMessage {
  type?: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  error?: string;
}

function messagesOf(payload: string | Buffer): HubMessage[] {
  return String(payload).split(RS).filter(Boolean).flatMap((text) => {
    try {
      return [JSON.parse(text) as HubMessage];
    } catch {
      return [];
    }
  });
}

/**
 * Watches the page's realtime hub WebSocket(s) from outside: which topics the server has confirmed
 * a `Subscribe` for, and the `Notify` pushes received; it can also cut the connection as a network
 * would. Create it before the page signs in.
 */
export class HubWatch {
  readonly subscribed = new Set<string>();
  readonly notices: { type: string; data: unknown }[] = [];

  private constructor(readonly page: Page) {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname.endsWith('/chatHub')) this.watch(ws);
    });
  }

  static async create(page: Page): Promise<HubWatch> {
    const watch = new HubWatch(page);
    // Keeps the page's sockets reachable, so that dropConnection can close them.
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      const sockets: WebSocket[] = [];
      (window as unknown as { e2eSockets: WebSocket[] }).e2eSockets = sockets;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          sockets.push(this);
        }
      };
    });
    return watch;
  }

  /** Closes the page's hub sockets abnormally, as a lost network does. */
  async dropConnection(): Promise<void> {
    const closed = await this.page.evaluate(() => {
      const open = (window as unknown as { e2eSockets: WebSocket[] }).e2eSockets
        .filter((s) => s.url.includes('/chatHub') && s.readyState === WebSocket.OPEN);
      for (const socket of open) socket.close(4000, 'e2e: connection lost');
      return open.length;
    });
    expect(closed, 'an open hub socket to drop').toBeGreaterThan(0);
  }

  /** Waits until the server has confirmed the page's subscription to `topic`. */
  async waitForSubscribed(topic: string, timeout = 20_000): Promise<void> {
    await expect.poll(() => this.subscribed.has(topic), { message: `the hub subscribed ${topic}`, timeout }).toBe(true);
  }

  private watch(ws: ObservedSocket): void {
    const asked = new Map<string, string>();
    ws.on('framesent', ({ payload }) => {
      for (const m of messagesOf(payload)) {
        if (m.type === 1 && m.target === 'Subscribe' && m.invocationId) asked.set(m.invocationId, String(m.arguments?.[0]));
      }
    });
    ws.on('framereceived', ({ payload }) => {
      for (const m of messagesOf(payload)) {
        if (m.type === 3 && m.invocationId && asked.has(m.invocationId) && !m.error) this.subscribed.add(asked.get(m.invocationId)!);
        if (m.type === 1 && m.target === 'Notify' && typeof m.arguments?.[0] === 'string') this.notices.push(JSON.parse(m.arguments[0]));
      }
    });
    ws.on('close', () => this.subscribed.clear());
  }
}
