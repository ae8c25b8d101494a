/**
 * Colours of the process graphics: a flat, dark industrial HMI look (navy canvas, steel bodies,
 * one accent per state) that matches the big screen (screens/widgets/shared/screenTheme.ts).
 * Plain data, no maxGraph: the catalogue and the seed generator use it too.
 */
export const hmi = {
  /** Canvas behind the graph. */
  background: '#061327',
  /** Equipment bodies. */
  body: '#10284a',
  bodyLight: '#173a66',
  bodyDark: '#0a1a33',
  /** Outlines and frames of equipment. */
  steel: '#5d7ea8',
  steelLight: '#8fb0d6',
  /** The neutral accent of an unbound symbol (cyan, as the big screen's). */
  accent: '#3eebff',
  text: '#d7e6f5',
  textMuted: '#8aa2bd',
  /** Value labels: the readout colour of a digital display. */
  readout: '#4df0ff',
  readoutBg: '#04101f',
  /** Ducts and air flow. */
  duct: '#274a75',
  ductEdge: '#6c90bd',
  airSupply: '#3eebff',
  airOutdoor: '#8fd16a',
  /** Filter grades: tints that tell the stages apart at a glance. */
  filterPre: '#c98b2b',
  filterMedium: '#2fa3c6',
  filterHepa: '#9b7bff',
  water: '#4d8dff',
  gas: '#ffb020',
  power: '#ffd84d',
  fontFamily: 'Noto Sans CJK SC,Noto Sans SC,Microsoft YaHei,sans-serif',
} as const;
