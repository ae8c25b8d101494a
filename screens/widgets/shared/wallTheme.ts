import { createContext, useContext } from 'react';
import type { WallThemeName } from '../../../contract/screen-preferences';
import { WALL_THEMES, type WallColors } from './screenTheme';

/** The wall theme of the screen being shown; ScreenRuntime provides it (dark outside a screen). */
export const WallThemeContext = createContext<WallThemeName>('dark');

/** The concrete colours of the current wall theme, for what draws on a canvas (charts, maps, 3D). */
export function useWallColors(): WallColors {
  return WALL_THEMES[useContext(WallThemeContext)];
}
