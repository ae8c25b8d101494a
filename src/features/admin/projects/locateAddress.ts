import type { ProjectRegion } from '../../../../contract/projects';

/** A place found offline: a region's centre or a province's label point, never a street. */
export interface Located {
  lng: number;
  lat: number;
  source: 'region' | 'province';
  name: string;
}

/** A province of the offline map: its name (上海, 内蒙古) and label point. */
export interface Province {
  name: string;
  lng: number;
  lat: number;
}

/** A name as an address may write it: itself, and without its administrative suffix (上海市 → 上海). */
function spellings(name: string): string[] {
  const bare = name.replace(/(特别行政区|自治区|自治州|省|市|区|县|盟|地区)$/, '');
  return bare.length >= 2 && bare !== name ? [name, bare] : [name];
}

/** The region's coordinates, or its nearest ancestor's that has some. */
export function regionPoint(regions: readonly ProjectRegion[], regionId: number): Located | null {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const seen = new Set<number>();
  for (let r = byId.get(regionId); r && !seen.has(r.id); r = r.parentId === null ? undefined : byId.get(r.parentId)) {
    seen.add(r.id);
    if (r.lng !== null && r.lat !== null) return { lng: r.lng, lat: r.lat, source: 'region', name: r.name };
  }
  return null;
}

/**
 * Where an address lies, as far as offline data can say: the region (with coordinates) whose name
 * the address holds — the longest such name, so 浦东新区 wins over 上海市 — else the province of the
 * offline map it names; null when neither is named. Street-level precision needs a map service.
 */
export function locateAddress(address: string, regions: readonly ProjectRegion[], provinces: readonly Province[]): Located | null {
  const text = address.trim();
  if (!text) return null;
  let best: { match: string; region: ProjectRegion } | null = null;
  for (const region of regions) {
    if (region.lng === null || region.lat === null) continue;
    for (const spelling of spellings(region.name)) {
      if (text.includes(spelling) && (!best || spelling.length > best.match.length)) best = { match: spelling, region };
    }
  }
  if (best) return { lng: best.region.lng!, lat: best.region.lat!, source: 'region', name: best.region.name };
  const province = provinces.find((p) => text.includes(p.name));
  return province ? { lng: province.lng, lat: province.lat, source: 'province', name: province.name } : null;
}

/** The provinces of the offline map's GeoJSON (features with `name` and `cp`). */
export function provincesOf(geoJson: unknown): Province[] {
  const features = (geoJson as { features?: { properties?: { name?: unknown; cp?: unknown } }[] } | undefined)?.features ?? [];
  return features.flatMap((f) => {
    const { name, cp } = f.properties ?? {};
    return typeof name === 'string' && Array.isArray(cp) && typeof cp[0] === 'number' && typeof cp[1] === 'number'
      ? [{ name, lng: cp[0], lat: cp[1] }] : [];
  });
}
