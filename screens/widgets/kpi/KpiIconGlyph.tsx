import type { KpiIcon } from './kpiModel';

/** Line drawings on a 24×24 grid, stroked in the card's colour. */
const GLYPHS: Record<KpiIcon, string[]> = {
  building: ['M4 21V5l8-3v19', 'M12 8l8 3v10', 'M2 21h20', 'M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2'],
  device: ['M5 3h14v18H5z', 'M12 13m-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M12 13l2-2M12 13l-2 2', 'M8 6h8'],
  online: ['M2 9a15 15 0 0 1 20 0', 'M5.5 12.5a10 10 0 0 1 13 0', 'M9 16a5 5 0 0 1 6 0', 'M12 19.5v.01'],
  offline: ['M2 9a15 15 0 0 1 6-3.6M16 5.4A15 15 0 0 1 22 9', 'M5.5 12.5a10 10 0 0 1 4-2.2', 'M9 16a5 5 0 0 1 6 0', 'M12 19.5v.01', 'M3 3l18 18'],
  alarm: ['M12 3L2 20h20z', 'M12 9v5', 'M12 17v.01'],
  energy: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  air: ['M3 8h11a3 3 0 1 0-3-3', 'M3 12h16a3 3 0 1 1-3 3', 'M3 16h7'],
  aqi: ['M5 19c0-9 6-14 15-15-1 9-6 15-15 15z', 'M5 19l8-8'],
  data: ['M4 20h16', 'M6 16v-4M10 16V8M14 16v-6M18 16V5'],
};

/** The KPI's icon as inline SVG (no image requests). */
export function KpiIconGlyph({ icon, size }: { icon: KpiIcon; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      {GLYPHS[icon].map((d) => <path key={d} d={d} />)}
    </svg>
  );
}
