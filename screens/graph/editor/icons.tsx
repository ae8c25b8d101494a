/** Stroke icons of the editor's toolbar (24-unit grid, current colour). */
const PATHS = {
  undo: 'M9 7 4 12l5 5M4 12h11a5 5 0 0 1 0 10h-3',
  redo: 'M15 7l5 5-5 5M20 12H9a5 5 0 0 0 0 10h3',
  copy: 'M8 8h12v12H8zM4 16V4h12',
  paste: 'M8 4h8v3H8zM6 6H4v15h16V6h-2M8 12h8M8 16h6',
  duplicate: 'M4 4h11v11H4zM9 9h11v11H9z',
  delete: 'M4 7h16M9 7V4h6v3M6 7l1 14h10l1-14M10 11v6M14 11v6',
  connect: 'M3 5h6v6H3zM15 13h6v6h-6zM6 11v5h9',
  zoomIn: 'M10 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM20 20l-5.5-5.5M7 10h6M10 7v6',
  zoomOut: 'M10 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM20 20l-5.5-5.5M7 10h6',
  zoomFit: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5M9 9h6v6H9z',
  grid: 'M4 4h16v16H4zM4 9.3h16M4 14.6h16M9.3 4v16M14.6 4v16',
  snap: 'M5 19 19 5M5 5v4M5 5h4M19 19v-4M19 19h-4M12 12h.01',
  alignLeft: 'M4 3v18M8 6h10v4H8zM8 14h6v4H8z',
  alignCenter: 'M12 3v18M6 6h12v4H6zM9 14h6v4H9z',
  alignRight: 'M20 3v18M6 6h10v4H6zM10 14h6v4h-6z',
  alignTop: 'M3 4h18M6 8h4v10H6zM14 8h4v6h-4z',
  alignMiddle: 'M3 12h18M6 6h4v12H6zM14 9h4v6h-4z',
  alignBottom: 'M3 20h18M6 6h4v10H6zM14 10h4v6h-4z',
  distributeH: 'M3 4v16M21 4v16M8 8h3v8H8zM13 8h3v8h-3z',
  distributeV: 'M4 3h16M4 21h16M8 8h8v3H8zM8 13h8v3H8z',
  rotate: 'M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6',
  toFront: 'M4 4h10v10H4zM10 10h10v10H10z',
  toBack: 'M10 10h10v10H10zM4 4h10v10H4z',
  flow: 'M3 12h3M9 12h3M15 12h3M18 9l3 3-3 3',
} as const;

export type EditorIconName = keyof typeof PATHS;

export function EditorIcon({ name }: { name: EditorIconName }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
