import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { UpstreamCatalogue } from '../../../contract/filter-catalogue';
import { ApiError } from '../../http/api-error';
import { describeZodError } from '../../http/endpoint';

/** The demo catalogue this server serves itself (server/routes/filter-catalogue/demo-catalogue-routes.ts). */
export const DEMO_CATALOGUE_PATH = '/srv/demo/filter-catalogue';
/** How long the upstream may take, and how much it may send. */
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 5 * 1024 * 1024;

/** An upstream failure: HTTP 502 with a message saying what went wrong; nothing is written. */
const upstreamError = (message: string) => new ApiError(502, message);

/**
 * The catalogue address to read: FILTER_CATALOGUE_URL, or the demo catalogue; a path is one of
 * this server's own, read over the address it listens on (never the request's Host header).
 */
export function catalogueUrl(configured: string | undefined, app: FastifyInstance): URL {
  const raw = configured || DEMO_CATALOGUE_PATH;
  if (raw.startsWith('/')) {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') throw upstreamError('服务器地址未知，无法读取本机目录');
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1'
      : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return new URL(raw, `http://${host}:${address.port}`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw upstreamError(`上游目录地址无效：${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw upstreamError(`上游目录地址应为 http(s)：${raw}`);
  return url;
}

/** The address as shown and stored: no credentials, no query (either may carry a key). */
export function displayUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * Reads and validates the upstream catalogue. Unreachable, timed out, an HTTP error, too large,
 * not JSON or not the catalogue's shape: a 502 naming which, with the first bad field.
 */
export async function fetchCatalogue(url: URL): Promise<UpstreamCatalogue> {
  const shown = displayUrl(url);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `${TIMEOUT_MS / 1000} 秒内无应答` : ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
    throw upstreamError(`无法连接上游目录（${shown}）：${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw upstreamError(`上游目录（${shown}）返回 HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    throw upstreamError(`上游目录（${shown}）过大：超过 ${MAX_BYTES / 1024 / 1024} MB`);
  }
  const text = await response.text();
  if (text.length > MAX_BYTES) throw upstreamError(`上游目录（${shown}）过大：超过 ${MAX_BYTES / 1024 / 1024} MB`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw upstreamError(`上游目录（${shown}）返回的不是 JSON`);
  }
  const parsed = UpstreamCatalogue.safeParse(json);
  if (!parsed.success) throw upstreamError(`上游目录（${shown}）格式错误：${describeZodError('catalogue', parsed.error)}`);
  return parsed.data;
}
