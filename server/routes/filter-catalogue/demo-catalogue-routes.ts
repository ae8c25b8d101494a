import type { FastifyInstance } from 'fastify';
import type { UpstreamCatalogue } from '../../../contract/filter-catalogue';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { DEMO_CATALOGUE_PATH } from './catalogue-upstream';

/**
 * The demo supplier's catalogue (恒流滤材供应, SUP-01), as an upstream would publish it: against the
 * demo's filter data it adds a chemical-filter type and two models (F7 bag, activated carbon) and
 * changes the G4 panel's price and the H13 box's lead time; it drops none of the demo's models, so
 * applying it removes nothing the demo's devices or orders use. Written as plain JSON (not the
 * envelope): what an outside catalogue answers.
 */
export const DEMO_FILTER_CATALOGUE: UpstreamCatalogue = {
  supplier: { code: 'SUP-01', name: '恒流滤材供应' },
  version: '2026.11',
  filterTypes: [
    { code: 'G', name: '初效', remark: '粗效过滤器（G1–G4）', sortOrder: 10 },
    { code: 'F', name: '中效', remark: '中效过滤器（M5–F9）', sortOrder: 20 },
    { code: 'H', name: '高效', remark: '高效过滤器（H10–H14）', sortOrder: 30 },
    { code: 'C', name: '化学', remark: '活性炭化学过滤器（去除 VOC 与异味）', sortOrder: 40 },
  ],
  filterModels: [
    { code: 'LF-G4-592', name: '初效板式过滤器 G4 592×592×46', typeCode: 'G', initialPa: 50, finalPa: 200, finalMultiple: null, ratedAirM3h: 18_000,
      dustCapacityG: 2_500, captureEfficiency: 0.35, maxDays: 90, leadDays: 3, unitPrice: 48 },
    { code: 'LF-F8-592', name: '中效袋式过滤器 F8 592×592×600', typeCode: 'F', initialPa: 80, finalPa: 450, finalMultiple: null, ratedAirM3h: 7_200,
      dustCapacityG: 1_800, captureEfficiency: 0.85, maxDays: 180, leadDays: 7, unitPrice: 260 },
    { code: 'LF-F7-592', name: '中效袋式过滤器 F7 592×592×534', typeCode: 'F', initialPa: 70, finalPa: 400, finalMultiple: null, ratedAirM3h: 7_800,
      dustCapacityG: 2_000, captureEfficiency: 0.75, maxDays: 180, leadDays: 7, unitPrice: 210 },
    { code: 'LF-H13-610', name: '高效箱式过滤器 H13 610×610×292', typeCode: 'H', initialPa: 220, finalPa: null, finalMultiple: 2, ratedAirM3h: 3_400,
      dustCapacityG: 900, captureEfficiency: 0.9997, maxDays: 365, leadDays: 12, unitPrice: 1_350 },
    { code: 'LF-C-592', name: '活性炭过滤器 592×592×292', typeCode: 'C', initialPa: 90, finalPa: 250, finalMultiple: null, ratedAirM3h: 3_400,
      dustCapacityG: null, captureEfficiency: 0.5, maxDays: 180, leadDays: 10, unitPrice: 680 },
  ],
};

/** GET /srv/demo/filter-catalogue: the demo's upstream catalogue (no token, as a supplier's site). */
export function registerDemoCatalogueRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: DEMO_CATALOGUE_PATH, access: 'public', raw: true,
    handler: ({ reply }) => reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(JSON.stringify(DEMO_FILTER_CATALOGUE)),
  });
}
