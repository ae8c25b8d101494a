import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationRefusal, guardedPost, type Resolver } from './guarded-request';

interface Hit { path: string; headers: http.IncomingHttpHeaders; body: string }

/** A real listener on 127.0.0.1: `/ok` 200, `/down` 503 with a chatty body, `/redirect` 302 to `/target`, `/endless` an answer that never ends, `/hang` none. */
async function startListener() {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; });
    req.on('end', () => {
      const path = req.url ?? '/';
      hits.push({ path, headers: req.headers, body });
      if (path === '/ok') res.writeHead(200).end('fine');
      else if (path === '/down') res.writeHead(503, { 'content-type': 'text/plain' }).end('db password=hunter2 at 10.0.0.7:5432');
      else if (path === '/redirect') res.writeHead(302, { location: '/target' }).end();
      else if (path === '/endless') res.writeHead(200).write(Buffer.alloc(64 * 1024, 'x'));
      else if (path !== '/hang') res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port, hits,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A resolver that answers from a table; unknown names fail as DNS does. */
function stubResolver(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

const LOOPBACK = ['127.0.0.0/8'];
const post = (url: string, extra: Partial<Parameters<typeof guardedPost>[1]> = {}) => guardedPost(url, {
  headers: { 'content-type': 'application/json', 'x-test': 'yes' }, body: '{"a":1}', timeoutMs: 2_000, allow: [], ...extra,
});

describe('guardedPost', () => {
  let listener: Awaited<ReturnType<typeof startListener>>;
  beforeAll(async () => { listener = await startListener(); });
  afterAll(async () => { await listener?.close(); });
  const url = (path: string, host = '127.0.0.1') => `http://${host}:${listener.port}${path}`;
  const hitsOf = (path: string) => listener.hits.filter((h) => h.path === path);

  it.each([
    ['127.0.0.1', '127.0.0.1 (loopback)'],
    ['2130706433', '127.0.0.1 (loopback)'],
    ['127.1', '127.0.0.1 (loopback)'],
    ['0x7f.1', '127.0.0.1 (loopback)'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1 (loopback)'],
    ['[::1]', '::1 (loopback)'],
    ['0.0.0.0', '0.0.0.0 (unspecified)'],
    ['169.254.169.254', '169.254.169.254 (link-local)'],
    ['10.0.0.5', '10.0.0.5 (private)'],
    ['192.168.1.20', '192.168.1.20 (private)'],
    ['[fd00::1]', 'fd00::1 (unique-local)'],
    ['[fe80::1]', 'fe80::1 (link-local)'],
    ['100.64.0.1', '100.64.0.1 (carrier-grade-nat)'],
    ['224.0.0.1', '224.0.0.1 (multicast)'],
  ])('refuses the literal host %s before connecting', async (host, why) => {
    const path = `/literal-${host.replace(/\W/g, '_')}`;
    const lookup = stubResolver({});
    expect(await post(url(path, host), { lookup })).toEqual({ ok: false, error: `address not allowed: ${why}` });
    expect(hitsOf(path)).toEqual([]);
    expect(lookup.asked).toEqual([]);
  });

  it('posts to an address the allow-list admits, with the headers and body given', async () => {
    expect(await post(url('/ok'), { allow: LOOPBACK })).toEqual({ ok: true, status: 200 });
    const [hit] = hitsOf('/ok');
    expect(hit.body).toBe('{"a":1}');
    expect(hit.headers).toMatchObject({ 'content-type': 'application/json', 'x-test': 'yes', 'content-length': '7' });
    // Another network on the list does not admit loopback.
    expect(await post(url('/ok'), { allow: ['10.0.0.0/8'] })).toEqual({ ok: false, error: 'address not allowed: 127.0.0.1 (loopback)' });
    expect(hitsOf('/ok')).toHaveLength(1);
  });

  it('resolves a name with the injected resolver and connects to the address it checked', async () => {
    const lookup = stubResolver({ 'receiver.test': ['127.0.0.1'] });
    expect(await post(url('/ok', 'receiver.test'), { allow: LOOPBACK, lookup })).toEqual({ ok: true, status: 200 });
    expect(lookup.asked).toEqual(['receiver.test']);
    expect(hitsOf('/ok').at(-1)!.headers.host).toBe(`receiver.test:${listener.port}`);
  });

  it('refuses a name resolving to a refused address, and a name with one public and one refused address', async () => {
    const lookup = stubResolver({
      'inside.test': ['10.0.0.5'],
      'both.test': ['93.184.215.14', '192.168.1.20'],
      'loop.test': ['127.0.0.1'],
      localhost: ['127.0.0.1', '::1'],
    });
    expect(await post('http://inside.test/hook', { lookup })).toEqual({ ok: false, error: 'address not allowed: 10.0.0.5 (private)' });
    expect(await post('https://both.test/hook', { lookup })).toEqual({ ok: false, error: 'address not allowed: 192.168.1.20 (private)' });
    expect(await post(url('/by-name', 'loop.test'), { lookup })).toEqual({ ok: false, error: 'address not allowed: 127.0.0.1 (loopback)' });
    // Refusing any refused address: 127.0.0.0/8 admits localhost's IPv4 address but not ::1.
    expect(await post(url('/by-name', 'localhost'), { lookup, allow: LOOPBACK })).toEqual({ ok: false, error: 'address not allowed: ::1 (loopback)' });
    expect(hitsOf('/by-name')).toEqual([]);
  });

  it('answers the status of a refusal, never the answer\'s text', async () => {
    expect(await post(url('/down'), { allow: LOOPBACK })).toEqual({ ok: false, error: 'HTTP 503' });
  });

  it('follows no redirect: a 302 is a failure and its target is never called', async () => {
    expect(await post(url('/redirect'), { allow: LOOPBACK })).toEqual({ ok: false, error: 'HTTP 302' });
    expect(hitsOf('/redirect')).toHaveLength(1);
    expect(hitsOf('/target')).toEqual([]);
  });

  it('reads only the start of an answer: one that never ends does not hold the call', async () => {
    expect(await post(url('/endless'), { allow: LOOPBACK, timeoutMs: 1_000 })).toEqual({ ok: true, status: 200 });
  });

  it('ends the whole call at the timeout: an answer that never comes, a resolver that never answers', async () => {
    const started = Date.now();
    expect(await post(url('/hang'), { allow: LOOPBACK, timeoutMs: 300 })).toEqual({ ok: false, error: 'timeout after 300 ms' });
    expect(Date.now() - started).toBeLessThan(1_500);
    const silent: Resolver = () => new Promise(() => undefined);
    expect(await post('http://slow-dns.test/hook', { lookup: silent, timeoutMs: 300 })).toEqual({ ok: false, error: 'timeout after 300 ms' });
  });

  it('says why a connection or a lookup failed, in a word', async () => {
    const closed = await startListener();
    const port = closed.port;
    await closed.close();
    expect(await post(`http://127.0.0.1:${port}/`, { allow: LOOPBACK })).toEqual({ ok: false, error: 'connection failed: ECONNREFUSED' });
    expect(await post('http://nowhere.test/hook', { lookup: stubResolver({}) })).toEqual({ ok: false, error: 'DNS lookup failed: ENOTFOUND' });
  });

  it('calls only http: and https: addresses', async () => {
    expect(await post('ftp://example.com/x')).toEqual({ ok: false, error: 'scheme not allowed: ftp:' });
    expect(await post('file:///etc/passwd')).toEqual({ ok: false, error: 'scheme not allowed: file:' });
    expect(await post('not a url')).toEqual({ ok: false, error: 'invalid address' });
  });
});

describe('destinationRefusal (save time)', () => {
  const lookup = stubResolver({ 'inside.test': ['10.0.0.5'], 'public.test': ['93.184.215.14'], localhost: ['127.0.0.1'] });

  it('refuses refused literals, localhost names and names resolving inside; admits what the allow-list admits', async () => {
    expect(await destinationRefusal('http://[::ffff:127.0.0.1]:9/x', { allow: [], lookup })).toEqual({ address: '::ffff:7f00:1', reason: 'loopback' });
    expect(await destinationRefusal('http://2130706433/x', { allow: [], lookup })).toEqual({ address: '127.0.0.1', reason: 'loopback' });
    expect(await destinationRefusal('http://localhost/x', { allow: [], lookup })).toEqual({ address: '127.0.0.1', reason: 'loopback' });
    expect(await destinationRefusal('http://hooks.localhost/x', { allow: [], lookup })).toEqual({ address: 'hooks.localhost', reason: 'loopback' });
    expect(await destinationRefusal('https://inside.test/x', { allow: [], lookup })).toEqual({ address: '10.0.0.5', reason: 'private' });
    expect(await destinationRefusal('https://inside.test/x', { allow: ['10.0.0.0/24'], lookup })).toBeNull();
    expect(await destinationRefusal('http://127.0.0.1:9/x', { allow: LOOPBACK, lookup })).toBeNull();
  });

  it('admits public addresses, and names that do not resolve now (each call is guarded again)', async () => {
    expect(await destinationRefusal('https://public.test/x', { allow: [], lookup })).toBeNull();
    expect(await destinationRefusal('https://93.184.215.14/x', { allow: [], lookup })).toBeNull();
    expect(await destinationRefusal('https://not-yet.test/x', { allow: [], lookup })).toBeNull();
    expect(await destinationRefusal('https://slow.test/x', { allow: [], lookup: () => new Promise(() => undefined), timeoutMs: 50 })).toBeNull();
  });
});
