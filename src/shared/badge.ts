/** Text of a count badge: hidden (empty) at 0, capped at "99+" (SPEC §2, §9). */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}
