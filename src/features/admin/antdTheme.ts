import { theme, type ThemeConfig } from 'antd';
import type { AppTheme } from '../../shared/theme';

/**
 * antd's theme from the console's own tokens (DESIGN "Admin resource kit"): dark algorithm on the
 * dark theme, the product's primary colour (SPEC §9), surfaces, text and borders of the console,
 * and sizes scaled with the root font size, as everything in rem is (16px at 1920x1080, 32px on a
 * 4K wall). `motion` false (the system asks for reduced motion) turns off antd's zooms, slides and
 * fades: dialogs, drawers and menus are at once where they end.
 */
export function antdThemeOf(app: AppTheme, scale: number, motion = true): ThemeConfig {
  const dark = app.mode === 'dark';
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: app.primary,
      colorInfo: app.primary,
      colorLink: app.accentText,
      colorError: app.danger,
      colorText: app.text,
      colorTextSecondary: app.textMuted,
      colorTextHeading: app.textStrong,
      colorBgContainer: dark ? '#0c1b33' : '#ffffff',
      colorBgElevated: dark ? '#112743' : '#ffffff',
      colorBorder: app.inputBorder,
      colorBorderSecondary: dark ? 'rgba(62, 235, 255, 0.12)' : 'rgba(21, 41, 71, 0.08)',
      fontFamily: 'inherit',
      fontSize: 14 * scale,
      controlHeight: 32 * scale,
      sizeUnit: 4 * scale,
      sizeStep: 4 * scale,
      motion,
    },
    components: {
      Button: { primaryColor: app.onPrimary },
      Table: {
        colorBgContainer: 'transparent',
        headerBg: dark ? 'rgba(62, 235, 255, 0.06)' : 'rgba(21, 41, 71, 0.04)',
        rowHoverBg: dark ? 'rgba(62, 235, 255, 0.06)' : 'rgba(45, 193, 198, 0.06)',
        rowSelectedBg: dark ? 'rgba(45, 193, 198, 0.14)' : 'rgba(45, 193, 198, 0.10)',
        rowSelectedHoverBg: dark ? 'rgba(45, 193, 198, 0.2)' : 'rgba(45, 193, 198, 0.16)',
        bodySortBg: 'transparent',
        headerSortActiveBg: dark ? 'rgba(62, 235, 255, 0.1)' : 'rgba(21, 41, 71, 0.07)',
      },
      Tabs: { itemColor: app.textMuted },
    },
  };
}
