import type { FastifyInstance } from 'fastify';
import { NameList } from '../../../contract/envelope';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { listNames, type NameFamily } from './name-repository';

/**
 * The `/names` lists of SPEC §7 that no kit resource serves: `{id, name}` pairs for pickers, within the
 * user's data scope; who may read each. The kit's resources (t_project, t_project_group, t_device_model,
 * t_device_type, t_region, …) serve their own.
 */
const NAME_LISTS: { family: NameFamily; access: string }[] = [
  { family: 't_device', access: 'signed-in' },
];

export function registerNameRoutes(app: FastifyInstance, { db }: AppDeps): void {
  for (const list of NAME_LISTS) {
    const handler = ({ user }: { user: AuthUser }) => listNames(db, list.family, user);
    endpoint(app, db, { method: 'GET', url: `/${list.family}/names`, access: list.access, response: NameList, handler });
    if (list.family === 't_device') {
      endpoint(app, db, { method: 'GET', url: `/${list.family}/names/all`, access: list.access, response: NameList, handler });
    }
  }
}
