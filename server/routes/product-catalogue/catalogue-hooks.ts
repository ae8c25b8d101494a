import { UPLOADED_FILE_PATH } from '../../../contract/resources/device-model';
import { BUILT_IN_DEVICE_TYPES, FIRST_CUSTOM_DEVICE_TYPE } from '../../../contract/resources/device-type';
import { BUILT_IN_MEASURE_TAGS, FIRST_CUSTOM_MEASURE_TAG } from '../../../contract/resources/measure-tag';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/api-error';
import type { ResourceHooks } from '../../resources/resource-routes';
import { catalogueRepository } from './catalogue-repository';

type Repo = ReturnType<typeof catalogueRepository>;
type Fields = Record<string, unknown>;

/** `body.<field>: <noun>不存在` unless the field is empty or names a record of `table`. */
async function mustExist(repo: Repo, trx: Parameters<Repo['exists']>[2], fields: Fields, field: string,
  table: Parameters<Repo['exists']>[0], noun: string): Promise<void> {
  const id = fields[field];
  if (typeof id === 'number' && !(await repo.exists(table, id, trx))) throw badRequest(`body.${field}: ${noun} #${id} 不存在`);
}

/** The refusal of deleting a seeded row of SPEC §3, naming it. */
const builtIn = (noun: string, row: Fields) => badRequest(`无法删除${noun}“${String(row.name)}”：系统内置的${noun}不能删除`);

/** `t_device_type`: a new type is numbered by the server; SPEC §3's types are never deleted. */
export function deviceTypeHooks({ db }: AppDeps): ResourceHooks {
  const repo = catalogueRepository(db);
  return {
    async beforeSave(trx, { fields, before }) {
      return before ? fields : { ...fields, id: await repo.nextId('t_device_type', FIRST_CUSTOM_DEVICE_TYPE, trx) };
    },
    async beforeDelete(_trx, { before }) {
      if (BUILT_IN_DEVICE_TYPES.includes(Number(before.id))) throw builtIn('设备类型', before);
    },
  };
}

/** `t_measure_tag`: its group exists; a new tag is numbered by the server; SPEC §3's tags 1–12 are never deleted. */
export function measureTagHooks({ db }: AppDeps): ResourceHooks {
  const repo = catalogueRepository(db);
  return {
    async beforeSave(trx, { fields, before }) {
      await mustExist(repo, trx, fields, 'groupId', 't_measure_tag_group', '标签分组');
      return before ? fields : { ...fields, id: await repo.nextId('t_measure_tag', FIRST_CUSTOM_MEASURE_TAG, trx) };
    },
    async beforeDelete(_trx, { before }) {
      if (BUILT_IN_MEASURE_TAGS.includes(Number(before.id))) throw builtIn('测点标签', before);
    },
  };
}

/**
 * `t_device_category`: its scheme exists, its parent lies in the same scheme (the kit checks that
 * the parent exists and is not the category or below it), and one with children keeps its scheme.
 */
export function deviceCategoryHooks({ db }: AppDeps): ResourceHooks {
  const repo = catalogueRepository(db);
  return {
    async beforeSave(trx, { id, fields, before }) {
      await mustExist(repo, trx, fields, 'schemeId', 't_device_category_scheme', '分类方案');
      const schemeId = Number(fields.schemeId);
      if (typeof fields.parentId === 'number') {
        const parent = await repo.category(fields.parentId, trx);
        if (parent && parent.schemeId !== schemeId) throw badRequest(`body.parentId: 上级分类“${parent.name}”属于另一个分类方案`);
      }
      if (before && id !== undefined && before.schemeId !== schemeId) {
        const children = await repo.childCategories(id, trx);
        if (children) throw badRequest(`body.schemeId: 该分类下还有 ${children} 个下级分类，不能移到另一个分类方案`);
      }
      return fields;
    },
  };
}

/**
 * `t_device_model`: its device type, manufacturer and category exist, its picture is an upload this
 * server stored, and its device type stays while devices are of it (they carry the type too).
 */
export function deviceModelHooks({ db }: AppDeps): ResourceHooks {
  const repo = catalogueRepository(db);
  return {
    async beforeSave(trx, { id, fields, before }) {
      await mustExist(repo, trx, fields, 'deviceTypeId', 't_device_type', '设备类型');
      await mustExist(repo, trx, fields, 'manufactorId', 't_manufactor', '厂家');
      await mustExist(repo, trx, fields, 'categoryId', 't_device_category', '产品分类');
      const picture = fields.picture;
      if (typeof picture === 'string' && picture !== '' && picture !== before?.picture) {
        if (!UPLOADED_FILE_PATH.test(picture) || !(await repo.uploaded(picture, trx))) {
          throw badRequest('body.picture: 图片不存在，请先通过 /api/file 上传');
        }
      }
      if (before && id !== undefined && before.deviceTypeId !== fields.deviceTypeId) {
        const devices = await repo.devicesOfModel(id, trx);
        if (devices) throw badRequest(`body.deviceTypeId: 已有 ${devices} 个设备使用该型号，不能修改设备类型`);
      }
      return fields;
    },
  };
}
