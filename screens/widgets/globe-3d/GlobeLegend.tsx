import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ProjectState } from '../../../contract/screen-data';
import type { GlobeValueField } from '../../../contract/widgets/globe3d';
import type { StateColours } from '../shared/projectList';
import { wallCss, wallFont } from '../shared/screenTheme';
import { GLOBE_LEGEND, type GlobeLegend as Legend } from './globe3dOptions';

const Box = styled.div`
  position: absolute;
  left: 12px;
  bottom: 12px;
  box-sizing: border-box;
  width: ${GLOBE_LEGEND.width}px;
  padding: ${GLOBE_LEGEND.padding}px 12px;
  border: 1px solid ${wallCss.panelBorder};
  border-radius: 4px;
  background: ${wallCss.overlayBg};
  font-family: ${wallFont.family};
  font-size: ${GLOBE_LEGEND.font}px;
  color: ${wallCss.text};
  pointer-events: auto;
`;

const Key = styled.div`
  height: ${GLOBE_LEGEND.key - 8}px;
  margin-bottom: 8px;
  border-bottom: 1px solid ${wallCss.panelBorder};
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  padding-bottom: 6px;
  box-sizing: border-box;
  & > div { display: flex; align-items: center; gap: 14px; white-space: nowrap; }
`;

const Swatch = styled.span<{ $colour: string }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 2px;
    background: ${(p) => p.$colour};
    box-shadow: 0 0 6px ${(p) => p.$colour};
  }
  & > b { font-family: ${wallFont.numeric}; font-weight: 600; color: ${wallCss.textStrong}; }
`;

const Row = styled.div`
  height: ${GLOBE_LEGEND.row}px;
  display: grid;
  grid-template-columns: 26px minmax(0, 1fr) auto;
  align-items: center;
  column-gap: 6px;
  white-space: nowrap;
`;

const Rank = styled.span<{ $colour: string }>`
  box-sizing: border-box;
  width: 22px;
  height: 19px;
  border: 1px solid ${(p) => p.$colour};
  border-radius: 3px;
  font-family: ${wallFont.numeric};
  font-size: 13px;
  line-height: 17px;
  text-align: center;
  color: ${wallCss.textStrong};
`;

const Value = styled.span`
  padding-left: 12px;
  font-family: ${wallFont.numeric};
  color: ${wallCss.textStrong};
`;

const More = styled.div`
  height: ${GLOBE_LEGEND.row}px;
  line-height: ${GLOBE_LEGEND.row}px;
  font-size: 13px;
  color: ${wallCss.textMuted};
  white-space: nowrap;
`;

const STATES: ProjectState[] = ['normal', 'alarm', 'offline'];
const HEIGHT_TEXT: Record<GlobeValueField, string> = { devices: 'heightDevices', energyToday: 'heightEnergy', alarms: 'heightAlarms' };

/**
 * The globe's key and project list, bottom left: what a bar's height and colour mean (with the
 * projects per state), then the projects by rank with their values, the numbers the bars carry.
 */
export function GlobeLegend({ legend, field, colours }: { legend: Legend; field: GlobeValueField; colours: StateColours }) {
  const { t } = useTranslation('screens');
  return (
    <Box data-testid="globe-legend">
      <Key>
        <div>{t(`globe-3d.${HEIGHT_TEXT[field]}`)}</div>
        <div>
          {STATES.map((s) => (
            <Swatch key={s} $colour={colours[s]}>{t(`globe-3d.${s}`)} <b>{legend.counts[s]}</b></Swatch>
          ))}
        </div>
      </Key>
      {legend.rows.map((r) => (
        <Row key={r.id} title={r.fullName} data-globe-rank={r.rank}>
          <Rank $colour={r.colour}>{r.rank}</Rank>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{r.name}</span>
          <Value>{r.value}</Value>
        </Row>
      ))}
      {legend.more > 0 ? <More>{t('globe-3d.more', { count: legend.more })}</More> : null}
    </Box>
  );
}
