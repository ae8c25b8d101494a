import type { FastifyInstance } from 'fastify';
import { Right } from '../../../contract/rights';
import { IngestBody, IngestResult } from '../../../contract/telemetry';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { gatewayByKey } from '../../telemetry/gateway-keys';
import type { Telemetry } from '../../telemetry/telemetry';

/**
 * Measure values in: POST /api/ingest for a signed-in caller with the `ingest` right (any
 * device), POST /api/ingest/gateway for a gateway with its `X-Gateway-Key` (the devices of its
 * project or wired to it; others read as unknown). Both answer per item what became of it.
 */
export function registerIngestRoutes(app: FastifyInstance, { db }: AppDeps, telemetry: Telemetry): void {
  endpoint(app, db, {
    method: 'POST', url: '/ingest', access: Right.Ingest, tenancy: 'platform', body: IngestBody, response: IngestResult,
    handler: ({ body }) => telemetry.ingest.ingest(body.items),
  });

  endpoint(app, db, {
    method: 'POST', url: '/ingest/gateway', access: 'public', tenancy: 'gateway', body: IngestBody, response: IngestResult,
    async handler({ req, body }) {
      const gateway = await gatewayByKey(db, req.headers['x-gateway-key']);
      if (!gateway) throw new ApiError(401, '网关密钥无效');
      return telemetry.ingest.ingest(body.items, { gatewayId: gateway.id, projectId: gateway.project_id });
    },
  });
}
