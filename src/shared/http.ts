import type { Envelope } from '../../contract/envelope';
import { getRuntimeConfig } from './config';
import { getToken } from './session';

/** Which server base a call goes to: `/api`, or the second base `/app-api` (SPEC §7). */
export type ApiBase = 'api' | 'appApi';

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

/** A call that failed: HTTP error, `success: false`, or no answer at all (`status` 0). */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly requireLogin = false,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function buildUrl(base: ApiBase, path: string, query: RequestOptions['query']): string {
  const config = getRuntimeConfig();
  const prefix = base === 'api' ? `${config.apiBaseUrl}/api` : config.appApiBaseUrl;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${prefix}${path}${search ? `?${search}` : ''}`;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return undefined;
  }
}

/**
 * Calls the platform server with the bearer token from the cookie and unwraps the envelope:
 * resolves with `data` on success, rejects with {@link ApiRequestError} carrying the server's
 * error text otherwise.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}, base: ApiBase = 'api'): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(base, path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError('network', 0);
  }
  const envelope = await readEnvelope<T>(response);
  if (response.ok && envelope?.success) return envelope.data as T;
  throw new ApiRequestError(envelope?.error || `HTTP ${response.status}`, response.status, envelope?.requireLogin === true);
}

export const apiGet = <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
  request<T>('GET', path, { query, signal });

export const apiPost = <T>(path: string, body?: unknown, query?: RequestOptions['query']) =>
  request<T>('POST', path, { body, query });
