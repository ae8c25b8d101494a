import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css, keyframes } from 'styled-components';
import { wallCss, wallFont } from '../shared/screenTheme';
import { useClockPhasedAnimation } from '../shared/useAnimationPhase';
import { fitFontSize, type Model3dView } from './model3dModel';

/** Design px the overlay covers at the top and bottom of the widget; the camera frames the model between. */
export const OVERLAY_INSETS = { top: 54, bottom: 90 } as const;
/** Horizontal padding and gap of the readout row, and the padding and borders inside a card. */
const ROW_PAD = 10;
const ROW_GAP = 6;
const CARD_INNER = 18;

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Head = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  height: ${OVERLAY_INSETS.top}px;
  padding: 6px 12px 0;
  box-sizing: border-box;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  pointer-events: none;
  font-family: ${wallFont.family};
`;

const Names = styled.div`
  flex: 1;
  min-width: 0;
`;

const ellipsis = css`
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Name = styled.div`
  ${ellipsis};
  font-size: 20px;
  font-weight: 600;
  line-height: 26px;
  color: ${wallCss.textStrong};
`;

const Project = styled.div`
  ${ellipsis};
  font-size: 14px;
  line-height: 20px;
  color: ${wallCss.textMuted};
`;

const Pill = styled.div<{ $colour: string; $blink: boolean }>`
  flex: none;
  margin-top: 1px;
  padding: 0 10px;
  height: 26px;
  border-radius: 13px;
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 14px;
  font-weight: 600;
  white-space: nowrap;
  color: ${(p) => p.$colour};
  border: 1px solid ${(p) => p.$colour};
  background: ${wallCss.overlayBg};
  animation: ${(p) => (p.$blink ? css`${blink} 1s ease-in-out infinite` : 'none')};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${(p) => p.$colour};
  }
`;

const Readouts = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: ${OVERLAY_INSETS.bottom}px;
  padding: 0 ${ROW_PAD}px ${ROW_PAD}px;
  box-sizing: border-box;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${ROW_GAP}px;
  pointer-events: none;
  font-family: ${wallFont.family};
`;

const Card = styled.div<{ $colour: string }>`
  min-width: 0;
  padding: 6px 8px 4px;
  box-sizing: border-box;
  background: ${wallCss.overlayBg};
  border: 1px solid ${wallCss.panelBorder};
  border-top: 2px solid ${(p) => p.$colour};
  border-radius: 4px;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
`;

const Label = styled.div`
  ${ellipsis};
  font-size: 14px;
  line-height: 20px;
  color: ${wallCss.textMuted};
`;

const Unit = styled.span`
  margin-left: 4px;
  font-size: 13px;
`;

const Value = styled.div<{ $colour: string; $size: number }>`
  ${ellipsis};
  font-family: ${wallFont.numeric};
  font-size: ${(p) => p.$size}px;
  font-weight: 700;
  line-height: 44px;
  color: ${(p) => p.$colour};
`;

/** The unit's name and project, its state, and the three readouts, drawn in HTML over the scene. */
export function Model3dOverlay({ view, width }: { view: Model3dView; width: number }) {
  const { t } = useTranslation('screens');
  const valueWidth = (width - 2 * ROW_PAD - 2 * ROW_GAP) / 3 - CARD_INNER;
  const state = `${t(`model-3d.${view.stateKey}`)} · ${t(view.particlesOn ? 'model-3d.running' : 'model-3d.stopped')}`;
  // The alarm blink on the wall's clock, in step with the beacon's pulse (both one a second).
  const pill = useRef<HTMLDivElement>(null);
  useClockPhasedAnimation(pill, [view.alarm]);
  return (
    <>
      <Head>
        <Names>
          <Name title={view.name}>{view.name}</Name>
          <Project title={view.projectName}>{view.projectName}</Project>
        </Names>
        <Pill ref={pill} $colour={view.stateColour} $blink={view.alarm} data-state={view.stateKey}>{state}</Pill>
      </Head>
      <Readouts>
        {view.readouts.map((r) => (
          <Card key={r.key} $colour={r.colour} data-readout={r.key}>
            <Label>
              {t(`model-3d.${r.key}`)}
              <Unit>{r.unit}</Unit>
            </Label>
            <Value $colour={r.colour} $size={fitFontSize(r.value, valueWidth)}>{r.value}</Value>
          </Card>
        ))}
      </Readouts>
    </>
  );
}
