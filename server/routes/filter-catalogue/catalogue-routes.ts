import type { FastifyInstance } from 'fastify';
import {
  ApplyLccSyncBody, LccSyncDetail, LccSyncItemList, LccSyncItemsQuery, LccSyncQuery, LccSyncRunPage, UpstreamCatalogue, type LccSyncKind,
} from '../../../contract/filter-catalogue';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import { recalcDeviceLife } from '../../analysis/life/life-service';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { pushMessagesTo } from '../../gateway/upgrade-items';
import { sameDiff } from './catalogue-diff';
import { CatalogueRepository } from './catalogue-repository';
import { catalogueUrl, displayUrl, fetchCatalogue } from './catalogue-upstream';

const WHAT = '目录同步记录';

/**
 * The filter catalogue sync on the second base (issue 21; server/README.md): POST
 * t_lcc_sync/filter-type and filter-model read the upstream catalogue (FILTER_CATALOGUE_URL or the
 * demo's), record the diff against t_filter_type / t_filter as a previewed run and answer it;
 * POST t_lcc_sync/sync applies a run as previewed. Reading needs product-preview, previewing and
 * applying product-edit. An upstream failure answers 502 and records nothing.
 */
export function registerFilterCatalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const onMessage = pushMessagesTo(deps.hub);
  const repo = new CatalogueRepository(db);
  const audit = (user: AuthUser, ip: string) => ({ userId: user.id, username: user.username, ip });
  const found = async (id: number) => {
    const run = await repo.find(id);
    if (!run) throw notFound(WHAT);
    return run;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_lcc_sync', access: Right.ProductPreview, query: LccSyncQuery, response: LccSyncRunPage,
    handler: ({ query }) => repo.list(query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_lcc_sync/:id', access: Right.ProductPreview, params: IdParam, response: LccSyncDetail,
    handler: ({ params }) => found(params.id),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_lcc_sync_items', access: Right.ProductPreview, query: LccSyncItemsQuery, response: LccSyncItemList,
    async handler({ query }) {
      await found(query.syncId);
      return repo.items(query.syncId, query.action);
    },
  });

  for (const kind of ['filter-type', 'filter-model'] as const satisfies readonly LccSyncKind[]) {
    endpoint(app, db, {
      method: 'POST', url: `/t_lcc_sync/${kind}`, access: Right.ProductEdit, tenancy: 'platform', response: LccSyncDetail,
      async handler({ user, req }) {
        const url = catalogueUrl(config.filterCatalogueUrl, req.server);
        const catalogue = await fetchCatalogue(url);
        const diff = await repo.diff(db, kind, catalogue);
        return found(await repo.recordPreview(kind, displayUrl(url), catalogue, diff, audit(user, req.ip)));
      },
    });
  }

  endpoint(app, db, {
    method: 'POST', url: '/t_lcc_sync/sync', access: Right.ProductEdit, tenancy: 'platform', body: ApplyLccSyncBody, response: LccSyncDetail,
    async handler({ user, body, req }) {
      const facts = await repo.runFacts(body.id);
      if (!facts) throw notFound(WHAT);
      if (facts.state !== 'previewed' || !facts.newest) throw conflict('该预览已应用或已有更新的预览，请重新预览');
      const catalogue = UpstreamCatalogue.parse(JSON.parse(facts.payload));
      const previewed = (await found(body.id)).items;
      const result = await repo.apply(body.id, facts.kind, catalogue, previewed, audit(user, req.ip), (now) => sameDiff(previewed, now));
      if (result.outcome === 'taken') throw conflict('该预览已应用或已有更新的预览，请重新预览');
      if (result.outcome === 'stale') throw conflict('本地数据在预览后已变化，请重新预览');
      if (result.outcome === 'missingType') throw badRequest(`body.id: 滤网类型“${result.code}”尚未同步，请先同步滤网类型`);
      // New figures move the predictions of the devices holding those models.
      const devices = await repo.devicesOfModels(result.changedModels);
      if (devices.length) await recalcDeviceLife(db, devices, Date.now(), { onMessage });
      return found(body.id);
    },
  });
}
