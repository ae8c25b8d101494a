import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export type ThemeMode = 'dark' | 'light';

/** Colour tokens shared by every page; components read them through styled-components' theme. */
export interface AppTheme {
  mode: ThemeMode;
  /** Theme colour (SPEC §9). */
  primary: string;
  /** Text on active items, e.g. the selected menu entry (SPEC §9). */
  activeText: string;
  /** Primary colour for text and icons, readable on this theme's surfaces. */
  accentText: string;
  sidebarBg: string;
  bg: string;
  /** Background image layered over `bg` (gradients, grid). */
  bgDecor: string;
  surface: string;
  surfaceBorder: string;
  inputBg: string;
  inputBorder: string;
  text: string;
  textMuted: string;
  textStrong: string;
  danger: string;
  dangerBg: string;
  glow: string;
  onPrimary: string;
}

const PRIMARY = '#2dc1c6';
const ACTIVE_TEXT = '#3EEBFF';
const SIDEBAR_BG = '#152947';

export const darkTheme: AppTheme = {
  mode: 'dark',
  primary: PRIMARY,
  activeText: ACTIVE_TEXT,
  accentText: ACTIVE_TEXT,
  sidebarBg: SIDEBAR_BG,
  bg: '#0a1424',
  bgDecor: [
    'radial-gradient(ellipse 60% 50% at 20% 30%, rgba(45, 193, 198, 0.16), transparent 70%)',
    'radial-gradient(ellipse 50% 60% at 85% 80%, rgba(33, 84, 160, 0.28), transparent 70%)',
    'linear-gradient(rgba(62, 235, 255, 0.045) 1px, transparent 1px)',
    'linear-gradient(90deg, rgba(62, 235, 255, 0.045) 1px, transparent 1px)',
  ].join(', '),
  surface: 'rgba(15, 33, 61, 0.78)',
  surfaceBorder: 'rgba(62, 235, 255, 0.22)',
  inputBg: 'rgba(6, 16, 31, 0.75)',
  inputBorder: 'rgba(125, 170, 215, 0.28)',
  text: '#d7e6f5',
  textMuted: '#8aa2bd',
  textStrong: '#ffffff',
  danger: '#ff7a7a',
  dangerBg: 'rgba(255, 90, 90, 0.12)',
  glow: 'rgba(45, 193, 198, 0.35)',
  onPrimary: '#04222a',
};

export const lightTheme: AppTheme = {
  mode: 'light',
  primary: PRIMARY,
  activeText: ACTIVE_TEXT,
  accentText: '#12868b',
  sidebarBg: SIDEBAR_BG,
  bg: '#eaf0f6',
  bgDecor: [
    'radial-gradient(ellipse 60% 50% at 20% 30%, rgba(45, 193, 198, 0.18), transparent 70%)',
    'radial-gradient(ellipse 50% 60% at 85% 80%, rgba(21, 41, 71, 0.10), transparent 70%)',
    'linear-gradient(rgba(21, 41, 71, 0.05) 1px, transparent 1px)',
    'linear-gradient(90deg, rgba(21, 41, 71, 0.05) 1px, transparent 1px)',
  ].join(', '),
  surface: 'rgba(255, 255, 255, 0.92)',
  surfaceBorder: 'rgba(21, 41, 71, 0.12)',
  inputBg: '#ffffff',
  inputBorder: 'rgba(21, 41, 71, 0.2)',
  text: '#1f3046',
  textMuted: '#5b6e85',
  textStrong: '#0d1b2c',
  danger: '#d93c3c',
  dangerBg: 'rgba(217, 60, 60, 0.08)',
  glow: 'rgba(45, 193, 198, 0.25)',
  onPrimary: '#04222a',
};

export const THEMES: Record<ThemeMode, AppTheme> = { dark: darkTheme, light: lightTheme };

/** Dark by default and remembered in localStorage (SPEC §9). */
export const themeModeAtom = atomWithStorage<ThemeMode>('nv_theme', 'dark', undefined, { getOnInit: true });

export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const [mode, setMode] = useAtom(themeModeAtom);
  return [mode === 'light' ? 'light' : 'dark', setMode];
}
