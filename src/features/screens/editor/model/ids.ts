const MAX_IDENT = 64;

/**
 * The first free identifier `<base><n>` (n = 1, 2, …) not in `taken`, and adds it to `taken`.
 * `kpi` → `kpi1`, then `kpi2`; the base is cut so the result stays within 64 characters.
 */
export function freshId(base: string, taken: Set<string>, separator = ''): string {
  const clean = base.replace(/[^A-Za-z0-9_]/g, '') || 'w';
  const start = /^[0-9]/.test(clean) ? `w${clean}` : clean;
  for (let n = 1; ; n++) {
    const suffix = `${separator}${n}`;
    const id = `${start.slice(0, MAX_IDENT - suffix.length)}${suffix}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}
