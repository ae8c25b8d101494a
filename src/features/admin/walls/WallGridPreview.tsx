import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { computeScale } from '../../../../contract/screen-scale';
import { tileRect, wallSize, type WallGeometry } from '../../../../contract/wall/tile-geometry';
import { useThumbnail } from '../../screens/library/useThumbnail';
import { tileAddress, wallTiles, type PreviewCanvas } from './wallView';

const Frame = styled.figure`
  margin: 0;
  display: grid;
  gap: 0.5rem;
  & svg { display: block; width: 100%; height: auto; max-height: 30rem; }
  & a:focus-visible rect.tile { stroke: ${({ theme }) => theme.activeText}; stroke-width: 0.6%; }
  & a:hover rect.tile { fill: ${({ theme }) => theme.glow}; }
  & figcaption { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; color: ${({ theme }) => theme.textMuted}; font-size: 0.8125rem; }
`;

/** The thumbnail of the preview's template, where it has one. */
function useCanvasThumbnail(canvas: PreviewCanvas | null): string | null {
  return useThumbnail(canvas?.hasThumbnail ? canvas.templateId : null, canvas?.version);
}

/**
 * A wall drawn to scale: its screens with the bezels between them, the rotation's first template
 * laid on the whole wall by its scale mode (its thumbnail where it has one; the bezel strips hide
 * what falls behind them, as on the real wall), and each screen a link to its tile's view once
 * the wall is saved.
 */
export function WallGridPreview({ geometry, wallId, canvas }: { geometry: WallGeometry; wallId?: number; canvas: PreviewCanvas | null }) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const theme = useTheme();
  const clipId = useId();
  const thumbnail = useCanvasThumbnail(canvas);
  const size = wallSize(geometry);
  const tiles = wallTiles(geometry);
  const place = canvas ? computeScale(canvas.scaleMode, canvas.width, canvas.height, size.width, size.height) : null;
  /** The screen labels' size: a twelfth of a screen's height (narrow screens: less). */
  const font = Math.min(geometry.screenHeight / 12, geometry.screenWidth / 10);
  const dark = theme.mode === 'dark';
  const labelBg = dark ? 'rgba(45, 193, 198, 0.85)' : 'rgba(18, 134, 139, 0.9)';
  const bezel = dark ? '#02060d' : '#1f2a37';
  const screen = dark ? '#0d2a38' : '#dcf1f2';
  const widgetFill = dark ? 'rgba(62, 235, 255, 0.10)' : 'rgba(18, 134, 139, 0.12)';
  const widgetStroke = dark ? 'rgba(62, 235, 255, 0.45)' : 'rgba(18, 134, 139, 0.5)';
  /** Widget titles at about a fortieth of the wall's height. */
  const widgetFont = size.height / 40;

  return (
    <Frame data-wall-preview={`${geometry.rows}x${geometry.cols}`}>
      <svg viewBox={`0 0 ${size.width} ${size.height}`} role="img" aria-label={t('wallSize', { width: size.width, height: size.height })}>
        <defs>
          <clipPath id={clipId}><rect width={size.width} height={size.height} /></clipPath>
        </defs>
        {/* The bezels: what shows between the screens. */}
        <rect width={size.width} height={size.height} fill={bezel} />
        {tiles.map(([r, c]) => {
          const rect = tileRect(geometry, r, c);
          return <rect key={`s${r},${c}`} x={rect.x} y={rect.y} width={rect.width} height={rect.height} fill={screen} />;
        })}
        {place && canvas && (
          <g clipPath={`url(#${clipId})`} data-preview-canvas={canvas.templateId}>
            {thumbnail ? (
              <image href={thumbnail} x={place.left} y={place.top} width={canvas.width * place.scaleX} height={canvas.height * place.scaleY} preserveAspectRatio="none" />
            ) : (
              // No picture of the template: its widgets' boxes, so what crosses a bezel shows.
              canvas.widgets.map((w, i) => {
                const x = place.left + w.x * place.scaleX;
                const y = place.top + w.y * place.scaleY;
                const width = w.w * place.scaleX;
                const height = w.h * place.scaleY;
                const size = Math.min(height * 0.22, widgetFont);
                const chars = Math.floor((width - size) / size);
                return (
                  <g key={i} data-preview-widget={w.label}>
                    <rect x={x} y={y} width={width} height={height} rx={widgetFont / 4} fill={widgetFill} stroke={widgetStroke} strokeWidth={widgetFont / 12} />
                    {chars >= 2 && size >= widgetFont / 3 && (
                      <text x={x + size / 2} y={y + size * 1.1} fontSize={size} fill={theme.textMuted}>
                        {w.label.length > chars ? `${w.label.slice(0, chars - 1)}…` : w.label}
                      </text>
                    )}
                  </g>
                );
              })
            )}
            <rect
              x={place.left} y={place.top} width={canvas.width * place.scaleX} height={canvas.height * place.scaleY}
              fill="none" stroke={theme.primary} strokeWidth={Math.max(2, size.width / 400)} strokeDasharray={`${size.width / 60} ${size.width / 120}`}
            />
          </g>
        )}
        {/* The bezel strips again, over the canvas: the real wall hides what falls behind them. */}
        {tiles.filter(([, c]) => c > 0 && geometry.bezelX > 0).map(([r, c]) => {
          const rect = tileRect(geometry, r, c);
          return <rect key={`bx${r},${c}`} x={rect.x - geometry.bezelX} y={rect.y} width={geometry.bezelX} height={rect.height} fill={bezel} />;
        })}
        {geometry.bezelY > 0 && Array.from({ length: geometry.rows - 1 }, (_, i) => {
          const rect = tileRect(geometry, i + 1, 0);
          return <rect key={`by${i}`} x={0} y={rect.y - geometry.bezelY} width={size.width} height={geometry.bezelY} fill={bezel} />;
        })}
        {tiles.map(([r, c]) => {
          const rect = tileRect(geometry, r, c);
          const label = t('tileShort', { r: r + 1, c: c + 1 });
          const body = (
            <>
              <rect className="tile" x={rect.x} y={rect.y} width={rect.width} height={rect.height} fill="transparent"
                stroke={theme.surfaceBorder} strokeWidth={Math.max(2, size.width / 500)} />
              <rect x={rect.x + font * 0.3} y={rect.y + rect.height - font * 1.5} width={font * 2.4} height={font * 1.2} rx={font * 0.25} fill={labelBg} />
              <text x={rect.x + font * 1.5} y={rect.y + rect.height - font * 0.9} fontSize={font * 0.8} textAnchor="middle" dominantBaseline="central"
                fill="#ffffff" fontWeight={600}>
                {label}
              </text>
            </>
          );
          if (wallId === undefined) return <g key={`t${r},${c}`} data-preview-tile={`${r},${c}`}>{body}</g>;
          return (
            <a key={`t${r},${c}`} href={tileAddress(wallId, [r, c])} target="_blank" rel="noreferrer" data-preview-tile={`${r},${c}`}
              aria-label={t('openTile', { r: r + 1, c: c + 1 })}>
              <title>{t('openTile', { r: r + 1, c: c + 1 })}</title>
              {body}
            </a>
          );
        })}
      </svg>
      <figcaption>
        <span data-wall-size={`${size.width}x${size.height}`}>{t('wallSize', { width: size.width, height: size.height })}</span>
        {canvas && (
          <span>{t('canvasOn', { name: canvas.name, width: canvas.width, height: canvas.height, mode: t(`scaleModes.${canvas.scaleMode}`) })}</span>
        )}
        <span>{wallId === undefined ? t('saveFirst') : t('previewHint')}</span>
      </figcaption>
    </Frame>
  );
}
