import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ProjectState } from '../../../contract/screen-data';
import type { StateColours } from '../shared/projectList';
import { wallCss, wallFont } from '../shared/screenTheme';

const Legend = styled.div`
  position: absolute;
  left: 12px;
  bottom: 10px;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 8px 12px;
  border: 1px solid ${wallCss.panelBorder};
  border-radius: 4px;
  background: ${wallCss.overlayBg};
  font-family: ${wallFont.family};
  font-size: ${wallFont.label}px;
  color: ${wallCss.text};
  pointer-events: none;
`;

const Item = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  white-space: nowrap;
`;

const Dot = styled.span<{ $colour: string }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${(p) => p.$colour};
  box-shadow: 0 0 6px ${(p) => p.$colour};
`;

const Count = styled.b`
  min-width: 2ch;
  margin-left: auto;
  padding-left: 12px;
  text-align: right;
  font-family: ${wallFont.numeric};
  color: ${wallCss.textStrong};
`;

const Muted = styled.div`
  color: ${wallCss.textMuted};
  white-space: nowrap;
`;

const Badge = styled.div`
  position: absolute;
  top: 10px;
  right: 12px;
  padding: 3px 10px;
  border: 1px solid rgba(255, 176, 32, 0.55);
  border-radius: 3px;
  background: ${wallCss.overlayBg};
  color: #ffcf70;
  font-family: ${wallFont.family};
  font-size: 13px;
  letter-spacing: 1px;
  pointer-events: none;
`;

const STATES: ProjectState[] = ['normal', 'alarm', 'offline'];

/** Projects per state in the map's colours, and how many have no location (not on the map). */
export function MapLegend({ counts, colours, unlocated }: { counts: Record<ProjectState, number>; colours: StateColours; unlocated: number }) {
  const { t } = useTranslation('screens');
  return (
    <Legend data-testid="project-map-legend">
      {STATES.map((s) => (
        <Item key={s}>
          <Dot $colour={colours[s]} />
          {t(`project-map.${s}`)}
          <Count>{counts[s]}</Count>
        </Item>
      ))}
      {unlocated > 0 ? <Muted>{t('project-map.unlocated', { count: unlocated })}</Muted> : null}
    </Legend>
  );
}

/** Tells operators they are looking at the built-in map, not AMap. */
export function OfflineBadge() {
  const { t } = useTranslation('screens');
  return <Badge data-testid="project-map-offline-badge">{t('project-map.offlineBadge')}</Badge>;
}
