import type { FastifyInstance } from 'fastify';
import { ServerVersion } from '../../../contract/about';
import { PRODUCT_VERSION } from '../../../contract/constants';
import { ImportLicenceBody, LicenceInfo } from '../../../contract/licence';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { Licensing } from '../../licence/licensing';
import { aboutRepository } from './about-repository';

/**
 * 关于 (issue 22): the server's side of 版本信息 and the licence of 授权信息. Reading is for every
 * signed-in user (both menu entries are open to all); importing a licence takes `licence-edit`.
 */
export function registerAboutRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, dialect, config } = deps;
  const repo = aboutRepository(db, dialect);
  const licensing = new Licensing(db, config);
  const startedAt = Date.now();

  endpoint(app, db, {
    method: 'GET', url: '/about/version', access: 'signed-in', response: ServerVersion,
    summary: 'Server, Node.js and database versions and the migration level (版本信息)',
    async handler() {
      const [engine, migrations] = await Promise.all([repo.engineVersion(), repo.migrations()]);
      return {
        version: PRODUCT_VERSION, node: process.version, platform: `${process.platform}-${process.arch}`,
        database: { kind: dialect === 'sqlite' ? 'sqlite' as const : 'postgresql' as const, version: engine },
        migrations, startedAt,
      };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/licence', access: 'signed-in', response: LicenceInfo,
    summary: 'The licence in force, its usage and warnings (授权信息)',
    handler: () => licensing.info(),
  });

  endpoint(app, db, {
    method: 'POST', url: '/licence/import', access: Right.LicenceEdit, tenancy: 'platform', body: ImportLicenceBody, response: LicenceInfo,
    summary: 'Import a signed licence file (its text); a tampered, wrongly signed or expired file is refused and nothing changes',
    async handler({ user, body, req }) {
      await licensing.import(body.content, { userId: user.id, username: user.username, ip: req.ip });
      return licensing.info();
    },
  });
}
