import { useLayoutEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { formatNumber, NO_VALUE } from '../shared/formatNumber';
import { useClockPhasedAnimation } from '../shared/useAnimationPhase';
import { wallCss, wallFont } from '../shared/screenTheme';
import { KpiIconGlyph } from './KpiIconGlyph';
import { COUNT_MS, countFrame, kpiHasData, kpiLayout, kpiView, readKpiProps } from './kpiModel';

const pulse = keyframes`
  from { opacity: 0.15; }
  to { opacity: 1; }
`;

const Card = styled.div`
  position: relative;
  box-sizing: border-box;
  width: 100%;
  height: 100%;
  padding: 0 12px;
  display: flex;
  align-items: center;
  overflow: hidden;
`;

/** The alarm glow: only its opacity animates, so the compositor does the work. */
const AlarmGlow = styled.div`
  position: absolute;
  inset: 0;
  pointer-events: none;
  background: radial-gradient(ellipse at 30% 50%, rgba(255, 91, 91, 0.28), rgba(255, 91, 91, 0) 70%);
  box-shadow: inset 0 0 24px rgba(255, 91, 91, 0.65);
  animation: ${pulse} 0.9s ease-in-out infinite alternate;
`;

const Ring = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  border: 2px solid currentColor;
  box-sizing: border-box;
`;

/* Vertical padding keeps the number's glow from being clipped into a box. */
const Value = styled.div`
  position: relative;
  min-width: 0;
  padding: 16px 0 16px 12px;
  display: flex;
  align-items: baseline;
  white-space: nowrap;
  overflow: hidden;
`;

const NumberText = styled.span`
  font-family: ${wallFont.numeric};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  line-height: 1;
`;

const Unit = styled.span`
  margin-left: 8px;
  color: ${wallCss.textMuted};
  font-family: ${wallFont.family};
`;

/** The card's colour at `percent` opacity, for glows (any CSS colour, theme variables included). */
const withAlpha = (colour: string, percent: number) => `color-mix(in srgb, ${colour} ${percent}%, transparent)`;

function KpiRenderer({ widget, data, width, height }: WidgetRendererProps<number | null>) {
  const props = readKpiProps(widget.props);
  const view = kpiView(data, props);
  const layout = kpiLayout(view.text, props.unit, width, height);
  const textRef = useRef<HTMLSpanElement>(null);
  // The number on screen now, so a new value counts on from there. The first value is shown as
  // it is: a screen starting a dozen widgets at once has better use for those frames.
  const shownRef = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el) return undefined;
    const to = view.value;
    if (to === null) {
      el.textContent = NO_VALUE;
      return undefined;
    }
    const from = shownRef.current;
    const decimals = props.decimals;
    if (from === null || from === to) {
      shownRef.current = to;
      el.textContent = formatNumber(to, decimals);
      return undefined;
    }
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const v = countFrame(from, to, now - start, COUNT_MS);
      shownRef.current = v;
      el.textContent = formatNumber(v, decimals);
      if (v !== to) frame = requestAnimationFrame(step);
    };
    step(start);
    return () => cancelAnimationFrame(frame);
  }, [view.value, props.decimals]);

  // The glow pulses on the wall's clock: two alarm cards, or one across a seam, pulse together.
  const glow = useRef<HTMLDivElement>(null);
  useClockPhasedAnimation(glow, [view.alarm]);

  const colour = view.colour;
  return (
    <Card>
      {view.alarm && <AlarmGlow ref={glow} />}
      {layout.ring > 0 && <Ring style={{
        width: layout.ring, height: layout.ring, color: colour,
        boxShadow: `0 0 14px ${withAlpha(colour, 53)}, inset 0 0 12px ${withAlpha(colour, 40)}`,
        background: withAlpha(colour, 8),
      }}>
        <KpiIconGlyph icon={props.icon} size={Math.round(layout.ring * 0.52)} />
      </Ring>}
      <Value style={{ marginLeft: layout.gap - 12 }}>
        <NumberText ref={textRef} style={{
          fontSize: layout.fontSize, color: colour,
          textShadow: `0 0 ${view.alarm ? 16 : 10}px ${withAlpha(colour, view.alarm ? 80 : 40)}`,
        }} />
        {props.unit && <Unit style={{ fontSize: layout.unitSize }}>{props.unit}</Unit>}
      </Value>
    </Card>
  );
}

/** One big number with its icon and unit; counts to each new value and glows red above `blinkAbove`. */
export const kpiWidget: WidgetModule<number | null> = {
  Renderer: KpiRenderer,
  hasData: kpiHasData,
};
