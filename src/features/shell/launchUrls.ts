/** The app id project monitoring is opened with (SPEC §2). */
export const PROJECT_MONITOR_APP_ID = 1;

/** Project monitoring: the configured application with hash route nv_project_monitor/nv_project_monitor. */
export function projectMonitorUrl(base: string, token: string): string {
  const root = base.split('#')[0];
  const query = new URLSearchParams({ appId: String(PROJECT_MONITOR_APP_ID), token });
  return `${root}#/nv_project_monitor/nv_project_monitor?${query}`;
}

/**
 * The IoT card home with the token from the card platform's login answer: `data` is JSON text
 * with errCode and result.token; the token is the literal null unless errCode is 0 (SPEC §2, §3).
 */
export function iotCardUrl(home: string, data: unknown): string {
  let token = 'null';
  try {
    const parsed = (typeof data === 'string' ? JSON.parse(data) : data) as { errCode?: unknown; result?: { token?: unknown } } | null;
    if (parsed && Number(parsed.errCode) === 0 && typeof parsed.result?.token === 'string') token = parsed.result.token;
  } catch {
    token = 'null';
  }
  const url = new URL(home, window.location.origin);
  url.searchParams.set('token', token);
  return url.toString();
}
