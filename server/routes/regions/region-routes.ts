import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { regionExists, regionHasProjects } from './region-repository';

/** What regions add to the kit's t_region: whether projects lie in a region (before moving or deleting it). */
export function registerRegionRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/t_region/is-project-exists', access: Right.BaseDataPreview, query: IdParam, response: z.boolean(),
    async handler({ query }) {
      if (!(await regionExists(db, query.id))) throw notFound('区域');
      return regionHasProjects(db, query.id);
    },
  });
}
