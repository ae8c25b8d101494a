import { ProjectMapProps as ProjectMapPropsSchema } from '../../../contract/widgets/projectMap';
import { readProps } from '../../../contract/widgets/readProps';
import type { MapMode } from './projectMapMode';
import { stateColoursOf, themeStateColours, type StateColours } from '../shared/projectList';
import { WALL_THEMES, type WallColors } from '../shared/screenTheme';

/** The props of a projectMap widget as it draws them. */
export interface ProjectMapProps {
  /** Group markers that overlap at the current zoom into one bubble. */
  cluster: boolean;
  stateColours: StateColours;
  /** Overrides the host's map mode for this widget. */
  mode: MapMode | null;
}

/** The props through the map's schema (contract/widgets/projectMap.ts). */
export function readProjectMapProps(props: Record<string, unknown> | undefined, theme: WallColors = WALL_THEMES.dark): ProjectMapProps {
  const p = readProps(ProjectMapPropsSchema, props);
  return { cluster: p.cluster, stateColours: stateColoursOf(p.stateColours, themeStateColours(theme)), mode: p.mode ?? null };
}
