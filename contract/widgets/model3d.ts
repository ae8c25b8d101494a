import { z } from 'zod';
import { FeaturedUnit } from '../screen-data';
import { liveSource } from './meta';

export const MODEL3D_MODELS = ['purifier'] as const;

/** A live 3D model of one unit (fan speed, airflow, filter state) with its readouts. */
export const Model3dProps = z.strictObject({
  model: z.enum(MODEL3D_MODELS).default('purifier').meta({
    label: { zh: '模型', en: 'Model' },
    options: { purifier: { zh: '空气净化机组', en: 'Air purifier unit' } },
  }),
  autoRotate: z.boolean().default(true).meta({ label: { zh: '自动旋转', en: 'Rotate by itself' } }),
  live: liveSource(),
});
export type Model3dProps = z.infer<typeof Model3dProps>;

/** GET /api/s/featured-unit's answer; null: no unit to show. */
export const Model3dData = FeaturedUnit.meta({ description: 'A unit as GET /api/s/featured-unit answers it; null: none' });
export type Model3dData = z.infer<typeof Model3dData>;
