import type { FastifyInstance } from 'fastify';
import { Right } from '../../../contract/rights';
import { SettingsPatch, SettingsSchema } from '../../../contract/settings';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { loadSettings, saveSettings } from '../../settings/settings-repository';

/**
 * The system settings (系统设置, contract/settings.ts):
 * - `GET /api/sys_setting/get` (SPEC §7): the settings, for every signed-in user — the console
 *   follows the warning and online dialog switches, the analysis pages the price and AQI standard.
 *   Only the keys of contract/settings.ts are read: other sys_setting rows (the hub's signing
 *   secret) are never answered.
 * - `POST /api/sys_setting/save` (settings-edit): any part of the settings; a bad value answers 400
 *   naming the field and stores nothing; the change is written to the operation log.
 */
export function registerSettingsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/sys_setting/get', access: 'signed-in', response: SettingsSchema, display: true,
    handler: () => loadSettings(db),
  });
  endpoint(app, db, {
    method: 'POST', url: '/sys_setting/save', access: Right.SettingsEdit, tenancy: 'platform', body: SettingsPatch, response: SettingsSchema,
    handler: ({ body, user, req }) => saveSettings(db, body, { userId: user.id, username: user.username, ip: req.ip }),
  });
}
