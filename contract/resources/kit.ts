import { z } from 'zod';
import { MAX_DB_INT, PageQuery } from '../envelope';
import type { RightCode } from '../rights';

/**
 * The admin resource kit's declaration (DESIGN "Admin resource kit"): one definition per resource
 * says everything the server, the console and the tests need — schemas, columns, form fields,
 * rights, data scope, uniqueness and what refers to it. Nothing about a resource is written twice.
 */

/** A user-facing text in both languages; the console registers it with i18next. */
export interface Text {
  zh: string;
  en: string;
}

/** How a fixed option shows as a tag in a list column (a state: 在线 green, 告警 red); absent: plain text. */
export type OptionTone = 'default' | 'success' | 'processing' | 'warning' | 'error';

/** Where a select's options come from: another resource's `/names`, or a fixed list. */
export type OptionSource =
  | { names: string }
  | { values: readonly { value: string | number; label: Text; tone?: OptionTone }[] };

/**
 * `password`: a masked input with a second one to confirm it, never filled from a row;
 * `multiselect`: several of the options (an array of their values); `image`: a picture uploaded
 * through POST /api/file (category image), its stored path the value ('' for none).
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'multiselect' | 'password' | 'image';

/** One input of the form drawer; `name` is a key of the save schema. */
export interface FieldDef {
  name: string;
  label: Text;
  kind: FieldKind;
  options?: OptionSource;
  /** Shown under the input. */
  help?: Text;
  /** Only in the form of a new record (a first password): an update leaves the field out. */
  insertOnly?: boolean;
  /**
   * A write-only field (`password` kind: a secret the server never answers): the row's boolean
   * field that says a value is stored. The form then shows 已设置 and an empty input keeps it.
   */
  storedFlag?: string;
}

/** `list`: an array of names (or of `{name}` objects), shown side by side; `image`: a stored picture's path, shown small. */
export type ColumnKind = 'text' | 'number' | 'datetime' | 'switch' | 'ref' | 'list' | 'image';

/** One column of the list; `name` is a key of the row schema. */
export interface ColumnDef {
  name: string;
  label: Text;
  kind?: ColumnKind;
  /** The server sorts by it on request (`sort=name` or `sort=-name`). */
  sortable?: boolean;
  /** For `select`-like values: the labels of the values (also used by the export). */
  options?: OptionSource;
  width?: number;
}

/** One list filter; `name` is a key of the filter schema. `keyword` searches the `search` columns. */
export interface FilterDef {
  name: string;
  label: Text;
  kind: 'keyword' | 'select';
  options?: OptionSource;
}

/**
 * Whose rows a caller sees: a catalogue everyone with the preview right reads whole (`global`), or
 * rows of an organisation in the caller's data scope (`org`): the row field `field` (default
 * `orgId`) names it. A new row belongs to the caller's organisation, or, with `owner`, to the
 * organisation a save field names, which must lie in the caller's scope (an organisation's parent).
 */
export type ScopeRule =
  | { kind: 'global' }
  | { kind: 'org'; field?: string; owner?: string }
  /**
   * Rows of a project in the caller's data scope (devices: the row field `field`, default
   * `projectId`). The kit's generic server does not serve these (registerResourceRoutes refuses
   * them): the family's own routes do, in the kit's shapes, and the console's kit renders them.
   */
  | { kind: 'project'; field?: string }
  /**
   * The projects themselves (t_project): a project is visible when its organisation is in the
   * caller's data scope, or it is listed for the caller (a member of it, a VSpec role), or it lies
   * in the caller's region or industry (VRegion, VIndustry). A new project belongs to the
   * organisation the save field `owner` names, which must lie in the caller's scope.
   */
  | { kind: 'projects'; owner: string };

/** A table that refers to this resource: a delete is refused while rows of it do. */
export interface ReferenceDef {
  table: string;
  column: string;
  /** The row field the column holds (default `id`). */
  key?: string;
  /** What those rows are, for the error: "仍有 3 个设备型号引用…". */
  what: Text;
}

export interface ResourceRights {
  preview: RightCode;
  edit: RightCode;
  /** Where deleting is graver than editing; otherwise `edit` deletes too. */
  delete?: RightCode;
}

/** The shapes every row and save body have in common: id and optimistic-concurrency version. */
export const RowBase = z.object({ id: z.number().int(), version: z.number().int() });

export interface ResourceDefinition<
  R extends z.ZodObject = z.ZodObject,
  S extends z.ZodObject = z.ZodObject,
  F extends z.ZodObject = z.ZodObject,
> {
  /** The family in the URL: `/api/<name>`. */
  name: string;
  /** The table; a row field `orgId` is its column `org_id`. */
  table: string;
  title: Text;
  /** A record of it, in messages ("厂家"). */
  noun: Text;
  /** A row as the API answers it; includes `id` and `version` (extend RowBase). */
  row: R;
  /** The editable fields (no id, no version): insert and update bodies. */
  save: S;
  /** The list's own filters (paging and sort are added by the kit). */
  filter: F;
  columns: readonly ColumnDef[];
  fields: readonly FieldDef[];
  filters: readonly FilterDef[];
  rights: ResourceRights;
  scope: ScopeRule;
  /** Row fields `keyword` searches (case-insensitive substring). */
  search: readonly string[];
  /** Row fields (or groups of fields) that no two rows share; an error names a group's last field. */
  unique?: readonly (string | readonly string[])[];
  /** Save fields whose values never reach the audit log (it records only that they changed). */
  secret?: readonly string[];
  references?: readonly ReferenceDef[];
  /** The row field `/names` answers as `name`. */
  label: string;
  /** The row field `/names` answers as `id`, where others refer to a record by another key (default `id`). */
  nameKey?: string;
  /** Default order: a row field, `-` first for descending. */
  defaultSort: string;
  /** The table has `created_at`, stamped by the kit on insert. */
  createdAt?: boolean;
  /** A tree by this save field (the parent's id): a record can never be put under itself or below. */
  parent?: string;
  /** The rows are a fixed, seeded set (organisation types): they are changed, never created or deleted. */
  fixed?: boolean;
  /**
   * Row and save fields that are not columns of the table (a user's roles): the kit neither reads
   * nor writes them; the family's hooks fill them on every row read (`ResourceHooks.rows`) and
   * store them after a save (`afterSave`).
   */
  virtual?: readonly string[];
  /**
   * Soft delete: the row field of a nullable time column (`deletedAt`). `del/{id}` stamps it
   * instead of deleting; list, all, names and {id} leave such rows out, except the list when its
   * filter `removed` (see {@link RemovedFilter}) is 1: then it lists only them. Unique fields stay
   * taken by removed rows.
   */
  softDelete?: string;
  /**
   * List filters that select by a set of a field's values rather than by a column of their own
   * name: the filter (a 0/1 number, {@link FlagFilter}) at 1 keeps the rows whose `field` is one of
   * `values`, at 0 the others (IoT products: device types 1, 3 and 4). Other filters compare their
   * column; a filter whose value is a list (`IntList`: `deviceTypeId=1,3,4`) keeps the rows whose
   * column is any of it.
   */
  setFilters?: Readonly<Record<string, SetFilter>>;
}

/** A list filter by membership of a set (see {@link ResourceDefinition.setFilters}). */
export interface SetFilter {
  /** The row field compared. */
  field: string;
  values: readonly (string | number)[];
}

/** The schema of a set filter or any other yes/no list filter: 1 or 0, absent for all rows. */
export const FlagFilter = z.coerce.number().int().min(0).max(1).optional();

/** The list filter of a definition with `softDelete`: 1 lists the removed rows (回收站). */
export const RemovedFilter = z.object({ removed: z.coerce.number().int().min(0).max(1).optional() });
export const REMOVED_FILTER = 'removed';

/** Declares a resource, keeping its schemas' types. */
export function defineResource<R extends z.ZodObject, S extends z.ZodObject, F extends z.ZodObject>(
  definition: ResourceDefinition<R, S, F>,
): ResourceDefinition<R, S, F> {
  return definition;
}

/** The id in a save body (absent: insert) and the version it was read at (required with an id). */
const SaveMeta = z.object({
  id: z.number().int().positive().max(MAX_DB_INT).optional(),
  version: z.number().int().min(1).max(MAX_DB_INT).optional(),
});

/** POST /api/<res>/save: the editable fields, plus id and version for an update. */
export function saveBodySchema(def: ResourceDefinition) {
  return def.save.extend(SaveMeta.shape).superRefine((body, ctx) => {
    if (body.id !== undefined && body.version === undefined) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'version is required to change a record' });
    }
  });
}

/** `sort=name` or `sort=-name`, over the sortable columns and `id` (the order of creation). */
export function sortSchema(def: ResourceDefinition) {
  const sortable = ['id', ...def.columns.filter((c) => c.sortable).map((c) => c.name)];
  return z.string().refine((s) => sortable.includes(s.replace(/^-/, '')), {
    message: `sort must be one of ${sortable.map((s) => `${s}, -${s}`).join(', ') || '(none)'}`,
  });
}

/** The largest page an admin list answers (the export reads the whole list page by page). */
export const RESOURCE_MAX_PAGE_SIZE = 200;

/** GET /api/<res>: Page, Size (at most 200), sort and the resource's filters. */
export function listQuerySchema(def: ResourceDefinition) {
  return PageQuery.extend(def.filter.shape).extend({
    Size: PageQuery.shape.Size.pipe(z.number().max(RESOURCE_MAX_PAGE_SIZE)),
    sort: sortSchema(def).optional(),
  });
}

/** camelCase row field -> snake_case column. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
