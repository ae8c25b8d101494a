import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QueryId } from '../../../../contract/envelope';
import { KeywordFilter } from '../../../../contract/resources/filters';
import { defineResource, RowBase } from '../../../../contract/resources/kit';
import { manufactorResource } from '../../../../contract/resources/manufactor';
import { listQuery, parseListState, serialiseListState, withFilters } from './listState';

/** A definition with a select filter beside the keyword, as regions will have. */
const withSelect = defineResource({
  ...manufactorResource,
  name: 't_sample',
  filter: KeywordFilter.extend({ parentId: QueryId.optional() }),
  filters: [
    { name: 'keyword', label: { zh: '名称', en: 'Name' }, kind: 'keyword' },
    { name: 'parentId', label: { zh: '上级', en: 'Parent' }, kind: 'select', options: { names: 't_sample' } },
  ],
  row: RowBase.extend({ name: z.string() }),
});

describe('parseListState', () => {
  it('reads page, size, sort and filters from the address query', () => {
    expect(parseListState('page=3&size=50&sort=-name&keyword=%E8%AF%BA', manufactorResource)).toEqual({
      page: 3, size: 50, sort: '-name', filters: { keyword: '诺' },
    });
  });

  it('gives the first page of 20 in the default order for an empty query', () => {
    expect(parseListState('', manufactorResource)).toEqual({ page: 1, size: 20, sort: undefined, filters: {} });
  });

  it('falls back to defaults for what the list would not ask the server', () => {
    expect(parseListState('page=0&size=25&sort=phone&keyword=', manufactorResource)).toEqual({ page: 1, size: 20, sort: undefined, filters: {} });
    expect(parseListState('page=2.5&size=abc&sort=--name', manufactorResource)).toMatchObject({ page: 1, size: 20, sort: undefined });
    expect(parseListState(`keyword=${'x'.repeat(65)}`, manufactorResource).filters).toEqual({});
  });

  it('accepts id, both directions of each sortable column, and only the definition\'s filters', () => {
    expect(parseListState('sort=id', manufactorResource).sort).toBe('id');
    expect(parseListState('sort=contact', manufactorResource).sort).toBe('contact');
    expect(parseListState('sort=-contact&tab=x&parentId=3', manufactorResource)).toMatchObject({ sort: '-contact', filters: {} });
  });

  it('keeps a select filter whose value the filter schema takes, and drops one it refuses', () => {
    expect(parseListState('parentId=7', withSelect).filters).toEqual({ parentId: '7' });
    expect(parseListState('parentId=abc', withSelect).filters).toEqual({});
    expect(parseListState('parentId=-1', withSelect).filters).toEqual({});
  });
});

describe('serialiseListState', () => {
  it('writes only what differs from the defaults', () => {
    expect(serialiseListState({ page: 1, size: 20, filters: {} }, manufactorResource)).toBe('');
    expect(serialiseListState({ page: 2, size: 50, sort: '-name', filters: { keyword: '恒流' } }, manufactorResource))
      .toBe('keyword=%E6%81%92%E6%B5%81&sort=-name&page=2&size=50');
  });

  it('keeps the parameters that are not the list\'s, and replaces those that are', () => {
    expect(serialiseListState({ page: 1, size: 30, filters: {} }, manufactorResource, 'tab=t_manufactor&page=4&keyword=old'))
      .toBe('tab=t_manufactor&size=30');
  });

  it('round-trips through parseListState', () => {
    const state = { page: 4, size: 10, sort: 'contact', filters: { keyword: 'a&b=c', parentId: '12' } };
    expect(parseListState(serialiseListState(state, withSelect), withSelect)).toEqual(state);
  });
});

describe('withFilters', () => {
  it('goes back to the first page, keeps the size and order, and drops empty filters', () => {
    const state = { page: 5, size: 50, sort: '-name', filters: { keyword: 'old' } };
    expect(withFilters(state, { keyword: '  new ', parentId: '' })).toEqual({ page: 1, size: 50, sort: '-name', filters: { keyword: 'new' } });
    expect(withFilters(state, { keyword: undefined })).toEqual({ page: 1, size: 50, sort: '-name', filters: {} });
  });
});

describe('listQuery', () => {
  it('asks the server for the page in its own parameter names, leaving the order to it when none is chosen', () => {
    expect(listQuery({ page: 2, size: 30, filters: { keyword: 'x' } })).toEqual({ Page: 2, Size: 30, sort: undefined, keyword: 'x' });
    expect(listQuery({ page: 2, size: 30, sort: '-name', filters: {} }, 3, 200)).toEqual({ Page: 3, Size: 200, sort: '-name' });
  });
});
