import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../contract/constants';
import type { ResourceDefinition } from '../../../../contract/resources/kit';

/**
 * What a resource list shows: page, page size, order and filters. It lives in the address query
 * (`?page=2&size=50&sort=-name&keyword=x`), so a reload, the back button and a shared link keep it.
 */
export interface ListState {
  /** 1-based. */
  page: number;
  size: number;
  /** `name` or `-name`; absent: the definition's default order. */
  sort?: string;
  /** Filter name -> value as the address carries it; empty values are left out. */
  filters: Readonly<Record<string, string>>;
}

/** What list state needs of a list: its filters and sortable columns (a resource's definition, or a page's own list). */
export type ListView = Pick<ResourceDefinition, 'filters' | 'filter' | 'columns'>;

const PAGE = 'page';
const SIZE = 'size';
const SORT = 'sort';

/** `name` and `-name` for each sortable column, and `id` (the order of creation). */
export function sortKeys(def: ListView): string[] {
  const names = ['id', ...def.columns.filter((c) => c.sortable).map((c) => c.name)];
  return names.flatMap((n) => [n, `-${n}`]);
}

function validFilter(def: ListView, name: string, value: string): boolean {
  const schema = def.filter.shape[name];
  return !schema || schema.safeParse(value).success;
}

/**
 * The list state in an address query. Anything malformed (a page of 0, a size the page does not
 * offer, a sort over a column that is not sortable, a filter its schema refuses) falls back to its
 * default instead of reaching the server as a request it would refuse.
 */
export function parseListState(search: string, def: ListView): ListState {
  const params = new URLSearchParams(search);
  const page = Number(params.get(PAGE));
  const size = Number(params.get(SIZE));
  const sort = params.get(SORT) ?? undefined;
  const filters: Record<string, string> = {};
  for (const filter of def.filters) {
    const value = params.get(filter.name)?.trim();
    if (value && validFilter(def, filter.name, value)) filters[filter.name] = value;
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: sort && sortKeys(def).includes(sort) ? sort : undefined,
    filters,
  };
}

/**
 * The address query for `state`, keeping the parameters that are not the list's (a tab, say).
 * Defaults are left out, so an untouched list has a clean address.
 */
export function serialiseListState(state: ListState, def: ListView, current = ''): string {
  const params = new URLSearchParams(current);
  for (const key of [PAGE, SIZE, SORT, ...def.filters.map((f) => f.name)]) params.delete(key);
  for (const filter of def.filters) {
    const value = state.filters[filter.name];
    if (value) params.set(filter.name, value);
  }
  if (state.sort) params.set(SORT, state.sort);
  if (state.page !== 1) params.set(PAGE, String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set(SIZE, String(state.size));
  return params.toString();
}

/** New filters show their first page; the page size stays. */
export function withFilters(state: ListState, filters: Record<string, string | undefined>): ListState {
  const kept = Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => !!e[1]?.trim()).map(([k, v]) => [k, v.trim()]));
  return { ...state, page: 1, filters: kept };
}

/** The query of `GET /api/<name>` for a state: paging, order (absent: the server's default) and filters. */
export function listQuery(state: ListState, page = state.page, size = state.size): Record<string, string | number | undefined> {
  return { Page: page, Size: size, sort: state.sort, ...state.filters };
}
