import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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

/**
 * React.lazy over a module's named export, with the page-load timeout. Use for every branch that
 * is its own chunk: `lazyPage(() => import('./X'), 'X')`.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(() => loadWithTimeout(load).then((m) => ({ default: m[name] as unknown as ComponentType<PropsOf<M[K]>> })));
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
