/**
 * The look of every widget on a wall, in design pixels of a 1920×1080 canvas. Sizes are chosen
 * to be read from across a control room; charts and DOM widgets take them from here so a screen
 * looks like one product.
 */
export const screenTheme = {
  text: '#d7e6f5',
  textMuted: '#8aa2bd',
  textStrong: '#ffffff',
  accent: '#3eebff',
  primary: '#2dc1c6',
  panelBg: 'linear-gradient(180deg, rgba(12, 34, 66, 0.82), rgba(8, 22, 44, 0.72))',
  panelBorder: 'rgba(62, 235, 255, 0.24)',
  panelCorner: '#3eebff',
  gridLine: 'rgba(138, 162, 189, 0.16)',
  axisLine: 'rgba(138, 162, 189, 0.45)',
  /** Series colours, in order. */
  palette: ['#3eebff', '#2fd27c', '#ffb020', '#a77bff', '#ff7a45', '#4d8dff', '#ff5b5b'],
  state: { normal: '#2fd27c', online: '#2fd27c', alarm: '#ff5b5b', offline: '#8a99b4' },
  /** Warn levels 1 hint, 2 minor, 3 important (contract/enums WarnLevel). */
  level: { 1: '#ffb020', 2: '#ff7a45', 3: '#ff5b5b' } as Record<number, string>,
  font: {
    family: '"Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
    numeric: '"DIN Alternate", "Bahnschrift", "Roboto Mono", "Noto Sans Mono", monospace',
    title: 18,
    label: 14,
    axis: 13,
    kpi: 44,
  },
} as const;
