import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ScreenTemplate } from '../../contract/screen-template';
import { wallCss, wallCssVariables, type WallColors } from '../widgets/shared/screenTheme';
import { computeScale, renderScale, type CanvasPlacement } from './computeScale';

const Viewport = styled.div<{ $scroll: boolean }>`
  position: absolute;
  inset: 0;
  overflow: ${({ $scroll }) => ($scroll ? 'auto' : 'hidden')};
  background: ${wallCss.viewportBg};
`;

const Stage = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  transform-origin: 0 0;
  overflow: hidden;
  background-size: cover;
  background-position: center;
`;

function viewportSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * A host's own placement of the design canvas in the viewport, instead of the scale mode's (a
 * video-wall tile shows its window of the canvas laid across the whole wall).
 */
export type CanvasPlacer = (canvas: ScreenTemplate['canvas'], viewport: { width: number; height: number }) => CanvasPlacement;

/** Design px around the viewport within which a placed canvas still renders a widget (its glow and shadow may reach in). */
const CULL_MARGIN = 32;

/** A widget's box on the design canvas. */
export interface DesignBox { x: number; y: number; w: number; h: number }

/**
 * The template's design canvas, laid into the window by its scale mode with one CSS transform, so
 * widgets are placed in design pixels and pointer events land where they are drawn. The scale is
 * handed to the children so charts can render at the device's pixel size. The wall theme's colours
 * are set here as CSS custom properties for every DOM widget; in the light theme the theme's canvas
 * colour replaces the template's (templates are designed dark), a background image stays.
 */
export function ScreenCanvas({ canvas, theme, placement, children }: {
  canvas: ScreenTemplate['canvas'];
  theme: { name: 'dark' | 'light'; colors: WallColors };
  /** Places the canvas instead of its scale mode; then only widgets that reach into the viewport are rendered. */
  placement?: CanvasPlacer;
  /** The widgets, given the render scale and whether a widget's box reaches into the viewport. */
  children: (scale: number, inView: (box: DesignBox) => boolean) => ReactNode;
}) {
  const [size, setSize] = useState(viewportSize);
  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setSize(viewportSize()));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const p: CanvasPlacement = placement ? placement(canvas, size) : computeScale(canvas.scaleMode, canvas.width, canvas.height, size.width, size.height);
  const inView = (b: DesignBox) => !placement || (
    p.left + (b.x + b.w + CULL_MARGIN) * p.scaleX > 0 && p.left + (b.x - CULL_MARGIN) * p.scaleX < size.width
    && p.top + (b.y + b.h + CULL_MARGIN) * p.scaleY > 0 && p.top + (b.y - CULL_MARGIN) * p.scaleY < size.height);
  const image = canvas.background.startsWith('/');
  const variables = useMemo(() => wallCssVariables(theme.colors), [theme.colors]);
  return (
    <Viewport $scroll={!placement && (canvas.scaleMode === 'fillWidth' || canvas.scaleMode === 'fillHeight')} data-screen-viewport="" data-wall-theme={theme.name}
      style={variables}>
      <Stage
        data-screen-canvas=""
        style={{
          width: canvas.width,
          height: canvas.height,
          transform: `translate(${p.left}px, ${p.top}px) scale(${p.scaleX}, ${p.scaleY})`,
          backgroundColor: image || theme.name === 'light' ? theme.colors.canvasBg : canvas.background,
          backgroundImage: image ? `url("${canvas.background}")` : undefined,
        }}
      >
        {children(renderScale(p), inView)}
      </Stage>
    </Viewport>
  );
}
