import { Component, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css, keyframes } from 'styled-components';
import type { Widget } from '../../contract/screen-template';
import { wallCss, wallFont } from '../widgets/shared/screenTheme';
import type { SourceStore } from './SourceStore';
import { useWidgetData } from './useWidgetData';
import { useWidgetModule } from './useWidgetModule';

/** Height of a framed widget's title bar, design px. */
export const TITLE_BAR_HEIGHT = 40;
const PADDING = 12;

const Box = styled.section<{ $framed: boolean }>`
  position: absolute;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  font-family: ${wallFont.family};
  color: ${wallCss.text};
  ${({ $framed }) => $framed && css`
    background: ${wallCss.panelBg};
    border: 1px solid ${wallCss.panelBorder};
    box-shadow: ${wallCss.panelShadow};
    &::before, &::after {
      content: '';
      position: absolute;
      width: 14px;
      height: 14px;
      border: 2px solid ${wallCss.panelCorner};
      pointer-events: none;
    }
    &::before { top: -1px; left: -1px; border-right: 0; border-bottom: 0; }
    &::after { bottom: -1px; right: -1px; border-left: 0; border-top: 0; }
  `}
`;

const TitleBar = styled.header`
  flex: 0 0 ${TITLE_BAR_HEIGHT}px;
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 0 ${PADDING}px 0 ${PADDING + 6}px;
  position: relative;
  background: ${wallCss.titleBg};
  border-bottom: 1px solid ${wallCss.titleBorder};
  & h2 {
    flex: 1;
    margin: 0;
    font-size: ${wallFont.title}px;
    font-weight: 600;
    letter-spacing: 0.08em;
    color: ${wallCss.textStrong};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  &::before {
    content: '';
    position: absolute;
    left: 0;
    top: 9px;
    bottom: 9px;
    width: 4px;
    background: ${wallCss.accent};
    box-shadow: 0 0 8px ${wallCss.accent};
  }
`;

const pulse = keyframes`50% { opacity: 0.55; }`;

const StaleMarker = styled.span`
  flex: none;
  padding: 3px 10px;
  border-radius: 12px;
  font-size: 13px;
  font-weight: 600;
  color: #1d1200;
  background: #ffb020;
  animation: ${pulse} 2s ease-in-out infinite;
`;

const Body = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
`;

const Notice = styled.div<{ $tone?: 'error' }>`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 12px;
  text-align: center;
  font-size: 16px;
  color: ${({ $tone }) => ($tone === 'error' ? wallCss.errorText : wallCss.textMuted)};
`;

class WidgetBoundary extends Component<{ children: ReactNode; fallback: (error: string) => ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  render() {
    return this.state.error !== null ? this.props.fallback(this.state.error) : this.props.children;
  }
}

const time = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour12: false });

interface FrameProps {
  widget: Widget;
  store: SourceStore;
  scale: number;
  isHub(id: string): boolean;
}

/**
 * One widget on the canvas: its box, frame and title bar, its lazily loaded module, its data
 * (main source + live pushes), and its states — loading, no data, failed, stale — so a wall never
 * shows a silent blank. A widget that throws shows its error in its own box only.
 */
export const WidgetFrame = memo(function WidgetFrame({ widget, store, scale, isHub }: FrameProps) {
  const { t } = useTranslation('screens');
  const { module, error: moduleError } = useWidgetModule(widget.type);
  const d = useWidgetData(widget, store, module, isHub);
  const framed = !(module?.frameless ?? widget.type === 'header');
  const hasData = module ? (module.hasData ? module.hasData(d.data as never) : d.data !== undefined && d.data !== null) : false;
  const state = !module || !d.settled ? 'loading' : hasData ? 'ready' : d.error ? 'error' : 'empty';
  const width = widget.w - (framed ? 2 : 0);
  const height = widget.h - (framed ? TITLE_BAR_HEIGHT + 2 : 0);

  let body: ReactNode;
  if (moduleError && !module) body = <Notice $tone="error">{t('runtime.widgetFailed', { error: moduleError })}</Notice>;
  else if (state === 'loading') body = <Notice>{t('runtime.loading')}</Notice>;
  else if (state === 'error') body = <Notice $tone="error">{t('runtime.loadFailed', { error: d.error })}</Notice>;
  else if (state === 'empty') body = <Notice>{t('runtime.noData')}</Notice>;
  else {
    const { Renderer } = module!;
    body = (
      <WidgetBoundary fallback={(error) => <Notice $tone="error">{t('runtime.widgetFailed', { error })}</Notice>}>
        <Renderer widget={widget} data={d.data as never} scale={scale} width={width} height={height} />
      </WidgetBoundary>
    );
  }
  const stale = d.stale && state !== 'loading';
  return (
    <Box
      $framed={framed}
      data-screen-widget={widget.id}
      data-type={widget.type}
      data-state={state}
      data-stale={stale ? 'true' : 'false'}
      style={{ left: widget.x, top: widget.y, width: widget.w, height: widget.h, zIndex: widget.z }}
    >
      {framed && (
        <TitleBar>
          <h2>{widget.title ?? ''}</h2>
          {stale && (
            <StaleMarker data-stale-marker="" title={d.updatedAt ? t('runtime.staleSince', { time: time(d.updatedAt) }) : undefined}>
              {t('runtime.stale')}{d.updatedAt ? ` ${time(d.updatedAt)}` : ''}
            </StaleMarker>
          )}
        </TitleBar>
      )}
      {!framed && stale && <StaleMarker data-stale-marker="" style={{ position: 'absolute', right: 12, bottom: 6, zIndex: 1 }}>{t('runtime.stale')}</StaleMarker>}
      <Body>{body}</Body>
    </Box>
  );
});
