import type { LoginStat } from '../../../../contract/resources/application-stats';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm-dd` of a local date. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The `days` local days ending today, oldest first. */
export function lastDays(days: number, today: Date): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) {
    // Noon, so a daylight-saving change never moves the date.
    const at = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 12);
    out.push(localDay(new Date(at.getTime() - i * DAY_MS)));
  }
  return out;
}

export interface LoginSeries {
  days: string[];
  /** One line per application with sign-ins (in the order of `apps`, then sign-ins naming none), zeros filled in. */
  series: { appId: number | null; name: string; data: number[] }[];
}

/**
 * The sign-in lines of the chart: per application, the count of each day of the period (0 where
 * the server has none). Applications without a sign-in in the period are left out; an application
 * the names do not know keeps its id as its name.
 */
export function loginSeries(stats: readonly LoginStat[], days: readonly string[], apps: readonly { id: number; name: string }[], noAppName: string): LoginSeries {
  const index = new Map(days.map((d, i) => [d, i]));
  const byApp = new Map<number | null, number[]>();
  for (const s of stats) {
    const i = index.get(s.day);
    if (i === undefined) continue;
    const data = byApp.get(s.appId) ?? days.map(() => 0);
    data[i] += s.count;
    byApp.set(s.appId, data);
  }
  const known = new Map(apps.map((a) => [a.id, a.name]));
  const order = [...apps.map((a) => a.id), ...[...byApp.keys()].filter((id): id is number => id !== null && !known.has(id)).sort((a, b) => a - b), null];
  return {
    days: [...days],
    series: order.filter((id) => byApp.has(id)).map((appId) => ({
      appId,
      name: appId === null ? noAppName : known.get(appId) ?? `#${appId}`,
      data: byApp.get(appId)!,
    })),
  };
}
