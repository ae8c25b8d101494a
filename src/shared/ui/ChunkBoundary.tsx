import { Component, type ErrorInfo, type ReactNode } from 'react';
import { withTranslation, type WithTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ChunkLoadError } from '../lazyPage';
import { Button } from './Button';

const RETRY_KEY = 'nv_chunk_retry';
/** Quick retries before the boundary shows itself and falls back to a slower rhythm. */
const QUICK_RETRIES = 3;
const QUICK_WINDOW_MS = 60_000;
const SLOW_RETRY_MS = 30_000;

interface RetryLog {
  path: string;
  count: number;
  since: number;
}

function readLog(): RetryLog | undefined {
  try {
    return JSON.parse(sessionStorage.getItem(RETRY_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Navigates to the same path again; a fresh document fetches the chunk (and a newer index.html). */
function retryNavigation(): void {
  window.location.replace(window.location.href);
}

/** True when this path has not yet used its quick retries; records the attempt. */
function mayRetryQuickly(path: string, now = Date.now()): boolean {
  const log = readLog();
  const fresh = !log || log.path !== path || now - log.since > QUICK_WINDOW_MS;
  const next: RetryLog = fresh ? { path, count: 1, since: now } : { ...log, count: log.count + 1 };
  try {
    sessionStorage.setItem(RETRY_KEY, JSON.stringify(next));
  } catch {
    return false;
  }
  return next.count <= QUICK_RETRIES;
}

const Panel = styled.div`
  margin: 3rem auto;
  max-width: 36rem;
  padding: 2rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
  text-align: center;
  & p { margin: 0 0 1.25rem; font-size: 1rem; }
`;

interface Props extends WithTranslation {
  children: ReactNode;
}

interface State {
  error?: Error;
}

/**
 * Catches a lazy page chunk that failed to load (network, a deploy that replaced the hashed
 * files, the 120 s timeout) and retries the navigation to the same path (SPEC §2, §8). Walls are
 * never touched, so after three quick attempts it keeps retrying every 30 s.
 */
class ChunkBoundaryInner extends Component<Props, State> {
  state: State = {};
  private timer?: ReturnType<typeof setTimeout>;

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!(error instanceof ChunkLoadError)) {
      console.error('page failed to render', error, info.componentStack);
      return;
    }
    console.error('page chunk failed to load', error.message);
    const path = window.location.pathname;
    if (mayRetryQuickly(path)) retryNavigation();
    else this.timer = setTimeout(retryNavigation, SLOW_RETRY_MS);
  }

  componentWillUnmount(): void {
    clearTimeout(this.timer);
  }

  render() {
    const { error } = this.state;
    const { t, children } = this.props;
    if (!error) return children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <Panel role="alert">
        <p>{chunk ? t('errors.chunkRetrying') : t('errors.pageFailed')}</p>
        <Button type="button" onClick={retryNavigation}>{t('common.reload')}</Button>
      </Panel>
    );
  }
}

export const ChunkBoundary = withTranslation()(ChunkBoundaryInner);
