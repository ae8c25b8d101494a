import type { FastifyInstance } from 'fastify';
import { PRODUCT_VERSION } from '../../../contract/constants';
import { SysInfo } from '../../../contract/session';
import { demoAccountsExposed } from '../../config';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { readSettings } from './sys-repository';
import { DEFAULT_PRODUCT_NAME } from '../../../contract/constants';

export const PRODUCT_NAME = DEFAULT_PRODUCT_NAME;

export function registerSysRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/sys/info', access: 'public', response: SysInfo,
    async handler() {
      const setting = await readSettings(db, ['system.name', 'guest.enabled']);
      const year = new Date().getFullYear();
      const name = setting.get('system.name') ?? PRODUCT_NAME;
      return {
        name,
        version: PRODUCT_VERSION,
        copyright: `Copyright © ${year} ${name}`,
        year,
        guestEnabled: setting.get('guest.enabled') === 'true',
        demoExposed: demoAccountsExposed(config),
      };
    },
  });
}
