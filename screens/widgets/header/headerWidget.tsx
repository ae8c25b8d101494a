import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { browserOffsetMinutes } from '../shared/formatWallTime';
import { wallCss, wallFont } from '../shared/screenTheme';
import { useClockTick } from '../shared/useAnimationPhase';
import { formatClock, headerLayout, headerTitle, readHeaderProps } from './headerModel';

const WEEKDAY_KEYS = [0, 1, 2, 3, 4, 5, 6].map((d) => `header.weekday${d}`);

const Root = styled.div`
  position: relative;
  width: 100%;
  height: 100%;
  overflow: hidden;
  background: ${wallCss.headerBg};
  font-family: ${wallFont.family};
`;

const Decor = styled.svg`
  position: absolute;
  inset: 0;
  pointer-events: none;
`;

const Title = styled.h1<{ $size: number; $spacing: number }>`
  position: absolute;
  top: 0;
  margin: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: ${(p) => p.$size}px;
  font-weight: 700;
  letter-spacing: ${(p) => p.$spacing}px;
  /* Letter spacing trails the last character too: pad the start so the text sits centred. */
  padding-left: ${(p) => p.$spacing}px;
  box-sizing: border-box;
  color: ${wallCss.headerTitle};
  text-shadow: 0 0 10px ${wallCss.glow}, 0 0 26px ${wallCss.accentSoft};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Side = styled.div<{ $align: 'left' | 'right' }>`
  position: absolute;
  top: 0;
  display: flex;
  align-items: center;
  justify-content: ${(p) => (p.$align === 'left' ? 'flex-start' : 'flex-end')};
  white-space: nowrap;
  overflow: hidden;
`;

const Subtitle = styled.span`
  font-size: 20px;
  letter-spacing: 3px;
  color: ${wallCss.accent};
  opacity: 0.9;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const ClockText = styled.span`
  font-family: ${wallFont.numeric};
  font-size: 22px;
  letter-spacing: 1px;
  font-variant-numeric: tabular-nums;
  color: ${wallCss.text};
`;

/**
 * The clock: ticks on the second of the screen's clock (one timer at a time, cleared on unmount);
 * on a video wall that is the server's clock, so a header across several tiles changes its second
 * on all of them at once.
 */
function Clock() {
  const { t } = useTranslation('screens');
  const now = useClockTick(1000);
  const weekdays = WEEKDAY_KEYS.map((k) => t(k));
  return <ClockText>{formatClock(now, browserOffsetMinutes(now), weekdays)}</ClockText>;
}

function HeaderRenderer({ widget, data, width, height }: WidgetRendererProps<string | null>) {
  const props = readHeaderProps(widget.props);
  const title = headerTitle(widget.title, data);
  const layout = useMemo(() => headerLayout(title, width, height), [title, width, height]);
  // Gradient ids must be unique per header on the page.
  const uid = `hdr${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const sideStyle = { height: layout.lineY, width: layout.sideWidth };
  return (
    <Root>
      <Decor width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden>
        <defs>
          <linearGradient id={`${uid}p`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" style={{ stopColor: wallCss.accent, stopOpacity: 0.05 }} />
            <stop offset="1" style={{ stopColor: wallCss.accent, stopOpacity: 0.28 }} />
          </linearGradient>
          <linearGradient id={`${uid}l`} x1="0" y1="0" x2={width} y2="0" gradientUnits="userSpaceOnUse">
            <stop offset="0" style={{ stopColor: wallCss.accent, stopOpacity: 0.05 }} />
            <stop offset="0.3" style={{ stopColor: wallCss.accent, stopOpacity: 0.7 }} />
            <stop offset="0.5" style={{ stopColor: wallCss.accent, stopOpacity: 1 }} />
            <stop offset="0.7" style={{ stopColor: wallCss.accent, stopOpacity: 0.7 }} />
            <stop offset="1" style={{ stopColor: wallCss.accent, stopOpacity: 0.05 }} />
          </linearGradient>
          <filter id={`${uid}g`} x="-5%" y="-50%" width="110%" height="200%">
            <feGaussianBlur stdDeviation="3" result="blur" />
            <feMerge>
              <feMergeNode in="blur" />
              <feMergeNode in="SourceGraphic" />
            </feMerge>
          </filter>
        </defs>
        <path d={layout.platePath} fill={`url(#${uid}p)`} />
        <path d={layout.outlinePath} fill="none" stroke={`url(#${uid}l)`} strokeWidth={2} filter={`url(#${uid}g)`} />
        {layout.accentPaths.map((d, i) => (
          <path key={i} d={d} fill="none" style={{ stroke: wallCss.accent, strokeOpacity: i === 0 ? 1 : 0.55 }} strokeWidth={i === 0 ? 4 : 2}
            filter={i === 0 ? `url(#${uid}g)` : undefined} />
        ))}
      </Decor>
      <Title $size={layout.fontSize} $spacing={layout.letterSpacing}
        style={{ left: layout.plateLeft, width: layout.plateRight - layout.plateLeft, height: layout.plateHeight }} title={title}>
        {title}
      </Title>
      {props.subtitle && (
        <Side $align="left" style={{ ...sideStyle, left: layout.sideInset }}>
          <Subtitle>{props.subtitle}</Subtitle>
        </Side>
      )}
      {props.clock && (
        <Side $align="right" style={{ ...sideStyle, right: layout.sideInset }}>
          <Clock />
        </Side>
      )}
    </Root>
  );
}

/** The control-room header: the title on an angled centre plate, the subtitle left and a live clock right. */
export const headerWidget: WidgetModule<string | null> = {
  Renderer: HeaderRenderer,
  frameless: true,
  hasData: () => true,
};
