import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/api-error';
import type { ResourceHooks } from '../../resources/resource-routes';
import { measureRepository } from './measure-repository';

/**
 * The kit's `t_measure_group` writes: a new group names a model that exists; a group stays with
 * its model (an update may leave `deviceModelId` out, or repeat it, never change it).
 */
export function measureGroupHooks({ db, dialect }: AppDeps): ResourceHooks {
  const repo = measureRepository(db, dialect);
  return {
    async beforeSave(trx, { fields, before }) {
      const given = fields.deviceModelId as number | undefined;
      if (before) {
        if (given !== undefined && given !== before.deviceModelId) throw badRequest('body.deviceModelId: 分组不能移到其他产品型号');
        return { ...fields, deviceModelId: before.deviceModelId };
      }
      if (given === undefined) throw badRequest('body.deviceModelId: 新分组需要产品型号');
      if (!(await repo.model(given, trx))) throw badRequest('body.deviceModelId: 产品型号不存在');
      return fields;
    },
  };
}
