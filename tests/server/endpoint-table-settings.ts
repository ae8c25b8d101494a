import { Right } from '../../contract/rights';
import type { EndpointCase } from './endpoint-table';

/**
 * The system settings (server/routes/settings/) and the Prometheus metrics (server/http/metrics.ts,
 * open to loopback clients while METRICS_TOKEN is unset, as the matrix's clients are) for the rights
 * matrix of endpoint-table.ts.
 */
export const SETTINGS_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/sys_setting/get', access: 'signed-in', call: () => ({ url: '/api/sys_setting/get' }) },
  {
    // Saves the default: a successful call leaves the settings as they were.
    method: 'POST', route: '/api/sys_setting/save', access: Right.SettingsEdit,
    call: () => ({ url: '/api/sys_setting/save', body: { dialogs: { warning: false } } }),
  },
  {
    method: 'GET', route: '/metrics', access: 'public', raw: true, rawType: 'text/plain; version=0.0.4; charset=utf-8',
    call: () => ({ url: '/metrics' }),
  },
];
