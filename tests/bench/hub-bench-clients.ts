import WebSocket from 'ws';

/**
 * The client side of the hub bench, run as its own process (so the clients' work does not share
 * the server's event loop): opens raw WebSocket clients speaking the SignalR JSON protocol,
 * subscribes each to one topic, and measures the delivery latency of every push it receives.
 * Talks to the parent over IPC.
 */
const RS = '\u001e';
const BATCH = 100;

type Command = { cmd: 'connect'; url: string; token: string; clients: number; topic: string } | { cmd: 'report' } | { cmd: 'close' };

const sockets: WebSocket[] = [];
const latencies: number[] = [];
const perRound = new Map<number, number>();
let expected = 0;
const nowEpoch = () => performance.timeOrigin + performance.now();
const send = (message: object) => process.send!(message);

function openOne(url: string, token: string, topic: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/chatHub?access_token=${token}`, { perMessageDeflate: false });
    let stage: 'handshake' | 'subscribe' | 'ready' = 'handshake';
    const fail = (err: Error) => { if (stage !== 'ready') reject(err); };
    ws.on('error', fail);
    ws.on('unexpected-response', (_req, res) => fail(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('message', (data) => {
      for (const frame of data.toString().split(RS)) {
        if (!frame) continue;
        if (stage === 'handshake') {
          if (frame !== '{}') return fail(new Error(`handshake refused: ${frame}`));
          stage = 'subscribe';
          ws.send(JSON.stringify({ type: 1, invocationId: '1', target: 'Subscribe', arguments: [topic] }) + RS);
          continue;
        }
        const m = JSON.parse(frame);
        if (stage === 'subscribe' && m.type === 3) {
          if (m.error) return fail(new Error(m.error));
          stage = 'ready';
          resolve(ws);
        } else if (m.type === 1 && m.target === 'Notify') {
          const notice = JSON.parse(m.arguments[0]);
          if (notice.type !== 'deviceState' || typeof notice.data?.ts !== 'number') continue;
          latencies.push(nowEpoch() - notice.data.ts);
          const round = notice.data.deviceId as number;
          const n = (perRound.get(round) ?? 0) + 1;
          perRound.set(round, n);
          if (n === expected) send({ event: 'round', round });
        } else if (m.type === 6) {
          ws.send(`{"type":6}${RS}`);
        }
      }
    });
  });
}

process.on('message', async (command: Command) => {
  if (command.cmd === 'connect') {
    let failed = 0;
    let firstError = '';
    for (let i = 0; i < command.clients; i += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, command.clients - i) }, () => openOne(command.url, command.token, command.topic));
      for (const r of await Promise.allSettled(batch)) {
        if (r.status === 'fulfilled') sockets.push(r.value);
        else if (failed++ === 0) firstError = String(r.reason);
      }
    }
    expected = sockets.length;
    send({ event: 'connected', held: sockets.length, failed, firstError });
  } else if (command.cmd === 'report') {
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    send({ event: 'report', open, latencies });
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
