import { ApiRequestError, apiGet } from '../../shared/http';

/** The bell shows nothing rather than the 404 dialog on a server without the alarm endpoints. */
const absent = (err: unknown) => err instanceof ApiRequestError && err.status === 404;

/** GET /api/t_real_measure_warning/count: unhandled real-time alarms in the user's scope. */
export async function fetchAlarmCount(signal?: AbortSignal): Promise<number> {
  try {
    const count = await apiGet<number>('/t_real_measure_warning/count', undefined, signal, { quietNotFound: true });
    return typeof count === 'number' ? count : 0;
  } catch (err) {
    if (absent(err)) return 0;
    throw err;
  }
}
