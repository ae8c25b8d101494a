import { createElement, lazy, type ComponentType } from 'react';

/** A lazy chunk that has not arrived after this long counts as failed (SPEC §2, §9). */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/** A lazy chunk that failed to load or timed out; the chunk boundary retries the navigation. */
export class ChunkLoadError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Rejects with {@link ChunkLoadError} when `load` fails or takes longer than `timeoutMs`. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = PAGE_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`page chunk did not load within ${timeoutMs / 1000} s`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err), err));
      },
    );
  });
}

/** A lazily loaded page that can be fetched ahead of its first render. */
export type LazyPage<P> = ComponentType<P> & {
  /** Loads the chunk now; once it is in, the page renders without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy over a module's named export, with the page-load timeout. Use for every branch that
 * is its own chunk: `lazyPage(() => import('./X'), 'X')`. A page whose chunk is already in (see
 * `preload`) renders directly: React holds every revealed Suspense boundary back for 300 ms, and
 * a wall's cold start should not wait for that once per level.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage<PropsOf<M[K]>> {
  let loaded: ComponentType<PropsOf<M[K]>> | null = null;
  let pending: Promise<ComponentType<PropsOf<M[K]>>> | null = null;
  const fetchPage = () => {
    pending ??= loadWithTimeout(load).then((m) => (loaded = m[name] as unknown as ComponentType<PropsOf<M[K]>>));
    pending.catch(() => { pending = null; });
    return pending;
  };
  const Lazy = lazy(() => fetchPage().then((component) => ({ default: component })));
  const Page = ((props: object) => createElement((loaded ?? Lazy) as ComponentType<object>, props)) as unknown as LazyPage<PropsOf<M[K]>>;
  Page.preload = () => fetchPage().then(() => undefined);
  return Page;
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
