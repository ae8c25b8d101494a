import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../contract/session';
import { buildMenuTree } from '../../shared/menu';
import { resolveMainRoute, type RouteContext } from './mainRoutes';

const m = (id: number, parentId: number, name: string, path: string, rightCode: string | null = null, order = 10): MenuItem =>
  ({ id, parentId, name, title: name, titleEn: name, path, icon: '', order, rightCode, type: 'app' });

const ITEMS: MenuItem[] = [
  m(1, 0, 'nv_system', '/nv_system'),
  m(2, 1, 'nv_screen', '/nv_system/nv_screen', 'screen-preview', 10),
  m(3, 1, 'nv_account', '/nv_system/nv_account', 'account-preview', 50),
  m(4, 1, 'nv_base_data', '/nv_system/nv_base_data', 'base-data-preview', 60),
  m(5, 0, 'nv_intelligent_alarm', '/nv_intelligent_alarm'),
  m(6, 5, 'nv_realtime_alarm', '/nv_intelligent_alarm/nv_realtime_alarm', 'real-alarm-preview', 10),
  m(7, 5, 'nv_history_alarm', '/nv_intelligent_alarm/nv_history_alarm', 'history-alarm-preview', 20),
  m(8, 0, 'nv_sys_log', '/nv_sys_log', 'sys-log-preview'),
  m(9, 0, 'nv_project', '/nv_project', null, 5),
  m(10, 9, 'nv_project_graph', '/nv_project/nv_project_graph', 'project-preview', 10),
];

const ALL = ['screen-preview', 'account-preview', 'base-data-preview', 'real-alarm-preview', 'history-alarm-preview', 'sys-log-preview', 'notice-preview', 'product-preview'];
const SOME = ['screen-preview', 'account-preview', 'history-alarm-preview'];
const ctx = (rights: string[]): RouteContext => ({ tree: buildMenuTree(ITEMS, rights), items: ITEMS, rights });

describe('resolveMainRoute', () => {
  it('serves visible menu leaves, the account page by its own component', () => {
    expect(resolveMainRoute('/nv_system/nv_screen', ctx(ALL))).toMatchObject({ kind: 'page', page: 'admin' });
    expect(resolveMainRoute('/nv_system/nv_account/', ctx(ALL))).toMatchObject({ kind: 'page', page: 'account', path: '/nv_system/nv_account' });
  });

  it('serves the project graph page (组态管理) by its own component, with project-preview only', () => {
    expect(resolveMainRoute('/nv_project/nv_project_graph', ctx([...ALL, 'project-preview']))).toMatchObject({ kind: 'page', page: 'projectGraph' });
    expect(resolveMainRoute('/nv_project', ctx(['project-preview']))).toEqual({ kind: 'redirect', to: '/nv_project/nv_project_graph' });
    expect(resolveMainRoute('/nv_project/nv_project_graph', ctx(ALL))).toEqual({ kind: 'notFound' });
  });

  it('sends a parent to its default child, else to its first visible child', () => {
    expect(resolveMainRoute('/nv_system', ctx(ALL))).toEqual({ kind: 'redirect', to: '/nv_system/nv_base_data' });
    expect(resolveMainRoute('/nv_system', ctx(SOME))).toEqual({ kind: 'redirect', to: '/nv_system/nv_screen' });
    expect(resolveMainRoute('/nv_intelligent_alarm', ctx(ALL))).toEqual({ kind: 'redirect', to: '/nv_intelligent_alarm/nv_realtime_alarm' });
    expect(resolveMainRoute('/nv_intelligent_alarm', ctx(SOME))).toEqual({ kind: 'redirect', to: '/nv_intelligent_alarm/nv_history_alarm' });
  });

  it('has no route for what the menu hides', () => {
    expect(resolveMainRoute('/nv_system/nv_base_data', ctx(SOME))).toEqual({ kind: 'notFound' });
    expect(resolveMainRoute('/nv_sys_log', ctx(SOME))).toEqual({ kind: 'notFound' });
    expect(resolveMainRoute('/nv_system', ctx([]))).toEqual({ kind: 'notFound' });
  });

  it('serves fixed routes with their params and rights', () => {
    expect(resolveMainRoute('/', ctx([]))).toMatchObject({ kind: 'page', page: 'home' });
    expect(resolveMainRoute('/nv_product/nv_product_sync_detail/42', ctx(ALL))).toMatchObject({ kind: 'page', params: { id: '42' } });
    expect(resolveMainRoute('/nv_product/nv_product_sync_detail/42', ctx(SOME))).toEqual({ kind: 'notFound' });
    expect(resolveMainRoute('/nv_notice', ctx(ALL))).toMatchObject({ kind: 'page', page: 'notice' });
    expect(resolveMainRoute('/nv_notice', ctx(SOME))).toEqual({ kind: 'notFound' });
  });

  it('knows nothing of other paths', () => {
    expect(resolveMainRoute('/no/such/page', ctx(ALL))).toEqual({ kind: 'notFound' });
    expect(resolveMainRoute('/nv_product/nv_product_sync_detail', ctx(ALL))).toEqual({ kind: 'notFound' });
  });
});
