import { LoadingOutlined, ReloadOutlined, VideoCameraOutlined, WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { StreamKind } from '../../../../contract/project-videos';
import { hlsFailure, mediaElementFailure, type StreamFailure } from './streamFailure';

/** With no picture after this long, the stream counts as unreachable (a server that accepts and never answers). */
const CONNECT_TIMEOUT_MS = 20_000;
/** How far outside the viewport a tile still keeps its player. */
const VIEW_MARGIN = '200px';

/** hls.js retries a failed load a little, then gives up: the tile says so and offers a retry. */
const LOAD_POLICY = {
  default: {
    maxTimeToFirstByteMs: 8_000, maxLoadTimeMs: 15_000,
    timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 1, retryDelayMs: 1_000, maxRetryDelayMs: 4_000 },
  },
};

type PlayerState = { kind: 'offscreen' | 'connecting' | 'playing' } | { kind: 'failed'; reason: StreamFailure };

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: #05070a;
  overflow: hidden;
  video {
    width: 100%;
    height: 100%;
    display: block;
    object-fit: contain;
  }
`;

const Overlay = styled.div<{ $failed?: boolean }>`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 1rem 1.5rem;
  text-align: center;
  color: ${({ $failed }) => ($failed ? '#ffb4a8' : '#c9d4e3')};
  background: ${({ $failed }) => ($failed ? 'rgba(40, 12, 12, 0.92)' : 'rgba(5, 7, 10, 0.72)')};
  strong {
    font-size: 1.05rem;
  }
  small {
    color: #9aa8ba;
    max-width: 28rem;
    line-height: 1.5;
  }
  > .anticon {
    font-size: 1.75rem;
  }
`;

/**
 * One camera's picture: HLS through hls.js (loaded with the first HLS tile; where the browser has
 * no Media Source Extensions, its own HLS support), MP4 by the video element itself. The player
 * exists only while the tile is on or near the screen, and is torn down when it leaves, when the
 * address changes and on unmount. A stream that cannot be reached or played shows why, with a
 * retry, never a black box. `data-state` tells tests what the tile shows.
 */
export function StreamPlayer({ url, kind, name }: { url: string; kind: StreamKind; name: string }) {
  const { t } = useTranslation('admin');
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [visible, setVisible] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlayerState>({ kind: 'offscreen' });

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting), { rootMargin: VIEW_MARGIN });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!visible || !video) {
      setState({ kind: 'offscreen' });
      return undefined;
    }
    let disposed = false;
    let hls: { destroy(): void; recoverMediaError(): void } | null = null;
    let mediaRetried = false;
    let watchdog = 0;
    setState({ kind: 'connecting' });
    const fail = (reason: StreamFailure) => {
      if (disposed) return;
      window.clearTimeout(watchdog);
      hls?.destroy();
      hls = null;
      setState({ kind: 'failed', reason });
    };
    watchdog = window.setTimeout(() => fail('unreachable'), CONNECT_TIMEOUT_MS);
    const onPicture = () => {
      if (disposed) return;
      window.clearTimeout(watchdog);
      setState((s) => (s.kind === 'failed' ? s : { kind: 'playing' }));
    };
    // The element reports its own failures only when it loads the address itself; with hls.js,
    // hls.js does (and clearing a previous source can fire an error of no interest).
    let native = false;
    const onElementError = () => { if (native && video.error) fail(mediaElementFailure(video.error.code)); };
    const play = () => { video.play().catch(() => { /* muted autoplay may be refused; the first frame still shows */ }); };
    // The server's content security policy admits the origins of the channels saved when this page
    // was loaded (server/http/video-origins.ts): a channel just added from a new origin plays after
    // a reload, and says so instead of "unreachable".
    const streamOrigin = new URL(url, window.location.href).origin;
    const onPolicyViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.blockedURI.startsWith(streamOrigin)) fail('blocked');
    };
    document.addEventListener('securitypolicyviolation', onPolicyViolation);
    video.addEventListener('loadeddata', onPicture);
    video.addEventListener('playing', onPicture);
    video.addEventListener('error', onElementError);

    if (kind === 'mp4') {
      native = true;
      video.src = url;
      play();
    } else {
      import('hls.js/light').then(({ default: Hls }) => {
        if (disposed) return;
        if (Hls.isSupported()) {
          const player = new Hls({ manifestLoadPolicy: LOAD_POLICY, playlistLoadPolicy: LOAD_POLICY, backBufferLength: 10 });
          hls = player;
          player.on(Hls.Events.ERROR, (_event, data) => {
            const outcome = hlsFailure(data, mediaRetried);
            if (outcome === 'recover') {
              mediaRetried = true;
              player.recoverMediaError();
            } else if (outcome) {
              fail(outcome);
            }
          });
          player.on(Hls.Events.MANIFEST_PARSED, play);
          player.loadSource(url);
          player.attachMedia(video);
        } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
          native = true;
          video.src = url;
          play();
        } else {
          fail('unsupported');
        }
      }, () => fail('loadFailed'));
    }

    return () => {
      disposed = true;
      window.clearTimeout(watchdog);
      document.removeEventListener('securitypolicyviolation', onPolicyViolation);
      video.removeEventListener('loadeddata', onPicture);
      video.removeEventListener('playing', onPicture);
      video.removeEventListener('error', onElementError);
      hls?.destroy();
      hls = null;
      // Drops the element's connection and decoder, not only its picture.
      video.removeAttribute('src');
      video.load();
    };
  }, [visible, url, kind, attempt]);

  const failed = state.kind === 'failed' ? state.reason : null;
  return (
    <Frame ref={frameRef} data-state={failed ? `failed-${failed}` : state.kind}>
      <video ref={videoRef} muted playsInline controls={state.kind === 'playing'} aria-label={name} />
      {state.kind === 'connecting' && (
        <Overlay role="status"><LoadingOutlined aria-hidden /><span>{t('videos.state.connecting')}</span></Overlay>
      )}
      {state.kind === 'offscreen' && (
        <Overlay><VideoCameraOutlined aria-hidden /><span>{t('videos.state.offscreen')}</span></Overlay>
      )}
      {failed && (
        <Overlay $failed role="alert">
          <WarningOutlined aria-hidden />
          <strong>{t(`videos.state.${failed}`)}</strong>
          <small>{t(`videos.state.${failed}Hint`)}</small>
          {failed === 'blocked'
            ? <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => window.location.reload()}>{t('videos.reloadPage')}</Button>
            : <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => setAttempt((n) => n + 1)}>{t('videos.retry')}</Button>}
        </Overlay>
      )}
    </Frame>
  );
}
