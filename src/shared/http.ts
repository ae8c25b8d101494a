import i18n from 'i18next';
import { navigate } from 'wouter/use-browser-location';
import type { Envelope } from '../../contract/envelope';
import { getRuntimeConfig } from './config';
import { showAlert, showToast } from './feedback';
import { createSessionExpiryHandler } from './sessionExpiry';
import { clearToken, getToken } from './session';

/** Which server base a call goes to: `/api`, the second base `/app-api`, or `/srv` (backup and restore; SPEC §7). */
export type ApiBase = 'api' | 'appApi' | 'srv';

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON-encoded, except FormData which is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The caller handles a 404 itself (an endpoint that may not exist on this server yet) instead
   * of the 网络请求不存在 dialog.
   */
  quietNotFound?: boolean;
}

/**
 * A call that failed: HTTP error, `success: false`, or no answer at all (`status` 0). `data` is the
 * envelope's `data` of a refusal where the server sent one (e.g. every problem of a register table).
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly requireLogin = false,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export function buildUrl(base: ApiBase, path: string, query: RequestOptions['query']): string {
  const config = getRuntimeConfig();
  const prefix = base === 'api' ? `${config.apiBaseUrl}/api` : base === 'srv' ? `${config.apiBaseUrl}/srv` : config.appApiBaseUrl;
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

const expireSession = createSessionExpiryHandler({
  toast: () => showToast('error', i18n.t('session.timeout')),
  clearToken,
  reload: () => window.location.reload(),
});

const onLoginPage = () => /^\/(passport\/)?login\/?$/.test(window.location.pathname);

/** HTTP 401: the token is unknown or missing, so the user signs in again and comes back (SPEC §8). */
function redirectToLogin(): void {
  clearToken();
  if (onLoginPage()) return;
  const here = `${window.location.pathname}${window.location.search}`;
  navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
}

/** The product-wide reactions of SPEC §8; the caller still gets the rejection. */
function reactToFailure(method: string, url: string, status: number, envelope: Envelope<unknown> | undefined, options: RequestOptions): void {
  if (envelope?.requireLogin) {
    expireSession();
  } else if (status === 401) {
    redirectToLogin();
  } else if (status === 404 && !options.quietNotFound) {
    showAlert({ title: i18n.t('dialog.notice'), message: i18n.t('errors.notFound'), button: i18n.t('common.ok') });
  } else if (status !== 200) {
    console.error(`${method} ${url} answered HTTP ${status}`, envelope?.error ?? '');
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
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const url = buildUrl(base, path, options.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.error(i18n.t('errors.requestTimeout'), method, url, err);
    throw new ApiRequestError('network', 0);
  }
  const envelope = await readEnvelope<T>(response);
  if (response.ok && envelope?.success) return envelope.data as T;
  reactToFailure(method, url, response.status, envelope, options);
  throw new ApiRequestError(envelope?.error || `HTTP ${response.status}`, response.status, envelope?.requireLogin === true, envelope?.data ?? undefined);
}

export const apiGet = <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal, options: Omit<RequestOptions, 'query' | 'signal'> = {}) =>
  request<T>('GET', path, { ...options, query, signal });

export const apiPost = <T>(path: string, body?: unknown, query?: RequestOptions['query']) =>
  request<T>('POST', path, { body, query });
