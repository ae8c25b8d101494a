import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DROPDOWN_MESSAGE_TYPES } from '../../contract/constants';
import { Right, type RightCode } from '../../contract/rights';
import { issueGatewayKey } from '../../server/telemetry/gateway-keys';
import { ApiClient, type ApiResponse, type TestServer } from './harness';
import { ALARM_NOTIFICATION_ENDPOINTS } from './endpoint-table-alarm-notifications';
import { BACKUP_ENDPOINTS } from './endpoint-table-backup';
import { ALARM_PAGE_ENDPOINTS } from './endpoint-table-alarms';
import { CARD_ENDPOINTS } from './endpoint-table-cards';
import { CONTROL_ENDPOINTS } from './endpoint-table-control';
import { DEVICE_ENDPOINTS } from './endpoint-table-devices';
import { DEVICE_DETAIL_ENDPOINTS } from './endpoint-table-device-detail';
import { ENERGY_ENDPOINTS } from './endpoint-table-energy';
import { ENVIRONMENT_ENDPOINTS } from './endpoint-table-environment';
import { LIFE_ENDPOINTS } from './endpoint-table-life';
import { GATEWAY_COMMAND_ENDPOINTS } from './endpoint-table-gateway-commands';
import { GRAPH_LIVE_ENDPOINTS } from './endpoint-table-graph-live';
import { HEALTH_ENDPOINTS } from './endpoint-table-health';
import { ABOUT_ENDPOINTS } from './endpoint-table-about';
import { IOT_MONITOR_ENDPOINTS } from './endpoint-table-iot-monitor';
import { MEASURE_ENDPOINTS } from './endpoint-table-measures';
import { MONITORING_ENDPOINTS } from './endpoint-table-monitoring';
import { PLAYLIST_ENDPOINTS } from './endpoint-table-playlists';
import { PROJECT_ENDPOINTS } from './endpoint-table-projects';
import { PURCHASE_ENDPOINTS } from './endpoint-table-purchase';
import { GRAPH_LIBRARY_ENDPOINTS, PROJECT_VIDEO_ENDPOINTS } from './endpoint-table-project-videos';
import { RESOURCE_ENDPOINTS } from './endpoint-table-resources';
import { SCREEN_LIBRARY_ENDPOINTS } from './endpoint-table-screen-library';
import { SETTINGS_ENDPOINTS } from './endpoint-table-settings';
import { SIM_ENDPOINTS } from './endpoint-table-sim';
import { UPGRADE_ENDPOINTS } from './endpoint-table-upgrades';
import { WALL_ENDPOINTS } from './endpoint-table-walls';
import { WALL_HEALTH_ENDPOINTS } from './endpoint-table-wall-health';
import { fileForm, makePng } from './png';

/** md5 hex of a password, as the console's password check sends it (SPEC §3). */
export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** Who makes a call in the matrix. `anonymous` has no token. */
export interface Caller {
  name: string;
  api: ApiClient;
  /** Plain password of the caller ('' for anonymous). */
  password: string;
  userId: number;
}

export interface MatrixContext {
  server: TestServer;
  caller: Caller;
  /** User ids of the demo accounts. */
  ids: { admin: number; operator: number };
  /** A stored upload, for the file route. */
  uploadedPath: string;
}

export interface CallSpec {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface EndpointCase {
  method: 'GET' | 'POST';
  /** The route as registered, with its prefix. */
  route: string;
  /** What the server must require: no token, any signed-in user, a right code, or one of several codes. */
  access: 'public' | 'signed-in' | RightCode | readonly RightCode[];
  /** A valid request for the caller of `ctx`. */
  call(ctx: MatrixContext): CallSpec | Promise<CallSpec>;
  /** Not an envelope (files): success is HTTP 200 with `rawType` (image/png unless given). */
  raw?: boolean;
  rawType?: string;
  /** The demo operator holds the right but its data scope refuses the call: 403 with this error, nothing changed. */
  scopeRefused?: RegExp;
  /** Makes what the call needs before any caller makes it (a refused call must change nothing). */
  prepare?(ctx: MatrixContext): Promise<void>;
  /** Puts back what a successful call changed that later calls depend on. */
  undo?(ctx: MatrixContext): Promise<void>;
}

/**
 * Routes that are not envelope endpoints: CORS preflight (tested in login-security), and the
 * SignalR hub's negotiate and long-polling routes, which speak the SignalR transport protocol and
 * refuse a missing token with a bare 401 (tested with the real client in tests/hub).
 */
export const FRAMEWORK_ROUTES = ['OPTIONS *', 'POST /chatHub/negotiate', 'GET /chatHub', 'POST /chatHub', 'DELETE /chatHub'];

/** One of the caller's own messages (any id for anonymous: the call is refused before it is read). */
async function ownMessageId(ctx: MatrixContext): Promise<number> {
  if (!ctx.caller.api.token) return 1;
  const r = await ctx.caller.api.get('/api/t_history_message?Page=1&Size=1');
  return r.body.data.list[0].id;
}

/** A device of the operator's first project (上海张江, P-SH-01) with its resistance measure, and the project's gateway. */
async function operatorPoint(ctx: MatrixContext): Promise<{ deviceId: number; measureId: number; projectId: number; gatewayId: number }> {
  const db = ctx.server.database.db;
  const row = await db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
    .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id').innerJoin('t_gateway as g', 'g.project_id', 'p.id')
    .select(['d.id as deviceId', 'm.id as measureId', 'p.id as projectId', 'g.id as gatewayId'])
    .where('p.code', '=', 'P-SH-01').where('m.name', '=', '阻力').orderBy('d.id').executeTakeFirstOrThrow();
  return row;
}

/** A minimal valid screen template. */
const MATRIX_SCREEN = {
  version: 2, canvas: { width: 1920, height: 1080, background: '#000000', scaleMode: 'fit' },
  widgets: [{ id: 'title', type: 'header', x: 0, y: 0, w: 1920, h: 96 }],
};

/** The screen template '矩阵删除' of the operator's organisation, inserted when missing. */
async function matrixScreenId(ctx: MatrixContext): Promise<number> {
  const db = ctx.server.database.db;
  const found = await db.selectFrom('t_screen_tpl').select('id').where('name', '=', '矩阵删除').executeTakeFirst();
  if (found) return found.id;
  const operator = await db.selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow();
  return (await db.insertInto('t_screen_tpl').values({
    name: '矩阵删除', content: JSON.stringify(MATRIX_SCREEN), is_default: 0, is_active: 0, org_id: operator.org_id,
    created_at: Date.now(), updated_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A small graph of the operator's project with one cell bound to the operator's point. */
async function matrixGraphXml(ctx: MatrixContext): Promise<string> {
  const p = await operatorPoint(ctx);
  return '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>'
    + `<UserObject id="2" label="AHU" deviceId="${p.deviceId}" measureId="${p.measureId}"><mxCell vertex="1" parent="1">`
    + '<mxGeometry x="10" y="10" width="80" height="40" as="geometry"/></mxCell></UserObject></root></mxGraphModel>';
}

/** The operator's project graph named `name`, inserted when missing (the first one is the default). */
async function matrixGraphId(ctx: MatrixContext, name = '矩阵默认组态'): Promise<number> {
  const db = ctx.server.database.db;
  const { projectId } = await operatorPoint(ctx);
  const found = await db.selectFrom('t_project_graph').select('id').where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const hasDefault = await db.selectFrom('t_project_graph').select('id').where('project_id', '=', projectId).where('is_default', '=', 1).executeTakeFirst();
  return (await db.insertInto('t_project_graph').values({
    project_id: projectId, name, xml: await matrixGraphXml(ctx), is_default: hasDefault ? 0 : 1, is_active: 1,
    created_at: Date.now(), updated_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** `projectId=` of the operator's project, its default graph made first (anonymous: refused before reading, nothing made). */
async function matrixGraphQuery(ctx: MatrixContext): Promise<string> {
  if (ctx.caller.api.token) await matrixGraphId(ctx);
  return `projectId=${(await operatorPoint(ctx)).projectId}`;
}

const names = (family: string, access: EndpointCase['access'] = 'signed-in'): EndpointCase =>
  ({ method: 'GET', route: `/api/${family}/names`, access, call: () => ({ url: `/api/${family}/names` }) });

/** Every endpoint of the server, with a valid sample request and the access it must require. */
export const ENDPOINTS: EndpointCase[] = [
  { method: 'POST', route: '/api/user/login', access: 'public',
    call: () => ({ url: '/api/user/login', body: { user: 'admin', password: 'Admin@2026', orgBZ: '', tokenExpired: 30 } }) },
  { method: 'POST', route: '/api/user/refesh-token', access: 'public',
    call: async (ctx) => {
      const fresh = await new ApiClient(ctx.server.url).login('admin', 'Admin@2026');
      return { url: '/api/user/refesh-token', body: { token: fresh.token, tokenExpired: 30 } };
    } },
  { method: 'GET', route: '/api/user/info', access: 'signed-in', call: () => ({ url: '/api/user/info' }) },
  { method: 'POST', route: '/api/user/info', access: 'signed-in', call: () => ({ url: '/api/user/info', body: { phone: '13800000000' } }) },
  { method: 'GET', route: '/api/user/rights', access: 'signed-in', call: () => ({ url: '/api/user/rights' }) },
  { method: 'GET', route: '/api/user/ping', access: 'signed-in', call: () => ({ url: '/api/user/ping' }) },
  { method: 'POST', route: '/api/user/login-test', access: 'signed-in',
    call: (ctx) => ({ url: `/api/user/login-test?password=${md5(ctx.caller.password)}` }) },
  { method: 'POST', route: '/api/user/change-password', access: 'signed-in',
    call: (ctx) => ({ url: '/api/user/change-password', body: { oldPassword: ctx.caller.password, newPassword: `${ctx.caller.password}x1` } }),
    async undo(ctx) {
      const r = await ctx.caller.api.post('/api/user/change-password', { oldPassword: `${ctx.caller.password}x1`, newPassword: ctx.caller.password });
      if (!r.body.success) throw new Error(`could not restore the password of ${ctx.caller.name}: ${r.body.error}`);
    } },
  { method: 'POST', route: '/api/user/logout', access: 'signed-in', call: () => ({ url: '/api/user/logout' }),
    // The caller's session has ended: it signs in again for the calls that follow.
    async undo(ctx) {
      const r = await ctx.caller.api.post('/api/user/login', { user: ctx.caller.name, password: ctx.caller.password, tokenExpired: 30 });
      if (!r.body.success) throw new Error(`could not sign ${ctx.caller.name} in again: ${r.body.error}`);
      ctx.caller.api.token = r.body.data.token;
    } },
  { method: 'GET', route: '/api/user/customSet', access: 'signed-in', call: () => ({ url: '/api/user/customSet' }) },
  { method: 'POST', route: '/api/user/customSet', access: 'signed-in',
    call: () => ({ url: '/api/user/customSet', body: { content: { theme: 'dark', lang: 'zh' } } }) },
  { method: 'POST', route: '/api/user-manage/unlock', access: Right.UserEdit,
    call: (ctx) => ({ url: '/api/user-manage/unlock', body: { id: ctx.ids.operator } }) },
  { method: 'GET', route: '/api/user-manage/is-guest-enable', access: 'public', call: () => ({ url: '/api/user-manage/is-guest-enable' }) },
  // Guest mode is on in the demo: enabling it again leaves it as it was (the account re-granted as seeded).
  { method: 'POST', route: '/api/user-manage/enable-guest', access: Right.UserEdit,
    call: () => ({ url: '/api/user-manage/enable-guest', body: { enabled: true } }) },
  { method: 'POST', route: '/api/user-manage/guest', access: 'public', call: () => ({ url: '/api/user-manage/guest', body: { tokenExpired: 30 } }) },
  { method: 'GET', route: '/api/sys/info', access: 'public', call: () => ({ url: '/api/sys/info' }) },
  { method: 'GET', route: '/api/menu/all', access: 'signed-in', call: () => ({ url: '/api/menu/all?type=app' }) },
  names('t_device'),
  { method: 'GET', route: '/api/t_device/names/all', access: 'signed-in', call: () => ({ url: '/api/t_device/names/all' }) },
  { method: 'GET', route: '/api/t_history_message', access: 'signed-in',
    call: () => ({ url: `/api/t_history_message?Page=1&Size=5&type=${DROPDOWN_MESSAGE_TYPES}&isReaded=false` }) },
  { method: 'GET', route: '/api/t_history_message/unread-count', access: 'signed-in', call: () => ({ url: '/api/t_history_message/unread-count' }) },
  { method: 'POST', route: '/api/t_history_message/set-readed', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/t_history_message/set-readed?id=${await ownMessageId(ctx)}` }) },
  { method: 'POST', route: '/api/t_history_message/set-dealed', access: 'signed-in',
    call: async (ctx) => ({ url: '/api/t_history_message/set-dealed', body: { ids: [await ownMessageId(ctx)] } }) },
  { method: 'POST', route: '/api/t_history_message/save', access: Right.NoticeEdit,
    call: (ctx) => ({ url: '/api/t_history_message/save', body: { type: 0, content: '权限矩阵通知', data: '{}', userIds: [ctx.ids.operator] } }) },
  { method: 'GET', route: '/api/s/project', access: 'signed-in', call: () => ({ url: '/api/s/project' }) },
  { method: 'GET', route: '/api/s/device', access: 'signed-in', call: () => ({ url: '/api/s/device' }) },
  { method: 'GET', route: '/api/s/wMeasure/count', access: 'signed-in', call: () => ({ url: '/api/s/wMeasure/count' }) },
  { method: 'GET', route: '/api/s/screen/overview', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/s/screen/overview?projectId=${(await operatorPoint(ctx)).projectId}` }) },
  { method: 'GET', route: '/api/s/measure-trend', access: 'signed-in', call: () => ({ url: '/api/s/measure-trend?tags=2,3&hours=24' }) },
  { method: 'GET', route: '/api/s/filter-life', access: 'signed-in', call: () => ({ url: '/api/s/filter-life?limit=5' }) },
  { method: 'GET', route: '/api/s/featured-unit', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/s/featured-unit?projectId=${(await operatorPoint(ctx)).projectId}` }) },
  { method: 'GET', route: '/api/t_device', access: Right.DevicePreview, call: () => ({ url: '/api/t_device?Page=1&Size=20&state=1' }) },
  { method: 'POST', route: '/api/ingest', access: Right.Ingest,
    call: async (ctx) => {
      const p = await operatorPoint(ctx);
      return { url: '/api/ingest', body: { items: [{ deviceId: p.deviceId, measureId: p.measureId, value: 200 }] } };
    } },
  // No token: a gateway proves itself with its key (a fresh one for each call here).
  { method: 'POST', route: '/api/ingest/gateway', access: 'public',
    call: async (ctx) => {
      const p = await operatorPoint(ctx);
      const key = await issueGatewayKey(ctx.server.database.db, p.gatewayId);
      return { url: '/api/ingest/gateway', headers: { 'x-gateway-key': key }, body: { items: [{ deviceId: p.deviceId, tag: 5, value: 210 }] } };
    } },
  { method: 'GET', route: '/api/t_real_measure/values', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/t_real_measure/values?projectId=${(await operatorPoint(ctx)).projectId}` }) },
  { method: 'GET', route: '/api/t_history_measure', access: 'signed-in',
    call: async (ctx) => {
      const p = await operatorPoint(ctx);
      return { url: `/api/t_history_measure?deviceId=${p.deviceId}&measureId=${p.measureId}&from=0&to=${Date.now() + 60_000}` };
    } },
  { method: 'GET', route: '/api/t_history_online', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_history_online?deviceId=${(await operatorPoint(ctx)).deviceId}&Page=1&Size=20` }) },
  { method: 'GET', route: '/api/t_project_contacts', access: Right.HistoryAlarmPreview, call: () => ({ url: '/api/t_project_contacts?projectId=1' }) },
  { method: 'POST', route: '/api/t_project_contacts/save', access: Right.ProjectEdit,
    call: () => ({ url: '/api/t_project_contacts/save', body: { projectId: 1, contactIds: [1] } }) },
  { method: 'GET', route: '/api/t_screen_tpl', access: Right.ScreenPreview, call: () => ({ url: '/api/t_screen_tpl?Page=1&Size=20&keyword=总览' }) },
  { method: 'GET', route: '/api/t_screen_tpl/all', access: 'signed-in', call: () => ({ url: '/api/t_screen_tpl/all' }) },
  { method: 'GET', route: '/api/t_screen_tpl/active', access: 'signed-in', call: () => ({ url: '/api/t_screen_tpl/active' }) },
  { method: 'GET', route: '/api/t_screen_tpl/starters', access: Right.ScreenPreview, call: () => ({ url: '/api/t_screen_tpl/starters' }) },
  { method: 'GET', route: '/api/t_screen_tpl/default', access: 'signed-in', call: () => ({ url: '/api/t_screen_tpl/default' }) },
  { method: 'GET', route: '/api/t_screen_tpl/default-multi', access: 'signed-in', call: () => ({ url: '/api/t_screen_tpl/default-multi' }) },
  { method: 'GET', route: '/api/t_screen_tpl/:id', access: 'signed-in', call: () => ({ url: '/api/t_screen_tpl/1' }) },
  { method: 'POST', route: '/api/t_screen_tpl/save', access: Right.ScreenEdit,
    call: () => ({ url: '/api/t_screen_tpl/save', body: { name: '矩阵模板', content: MATRIX_SCREEN } }) },
  // Deletes the operator organisation's matrix template (made here when missing); undo puts one back.
  { method: 'POST', route: '/api/t_screen_tpl/del/:id', access: Right.ScreenEdit,
    call: async (ctx) => ({ url: `/api/t_screen_tpl/del/${ctx.caller.api.token ? await matrixScreenId(ctx) : 1}` }),
    async undo(ctx) { await matrixScreenId(ctx); } },
  { method: 'GET', route: '/api/t_project_graph/all', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/t_project_graph/all?${await matrixGraphQuery(ctx)}` }) },
  { method: 'GET', route: '/api/t_project_graph/default', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/t_project_graph/default?${await matrixGraphQuery(ctx)}` }) },
  { method: 'GET', route: '/api/t_project_graph/active', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/t_project_graph/active?${await matrixGraphQuery(ctx)}` }) },
  { method: 'GET', route: '/api/t_project_graph/:id', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/t_project_graph/${ctx.caller.api.token ? await matrixGraphId(ctx) : 1}` }) },
  { method: 'POST', route: '/api/t_project_graph/save', access: Right.ProjectEdit,
    call: async (ctx) => ({
      url: '/api/t_project_graph/save',
      body: { projectId: (await operatorPoint(ctx)).projectId, name: '矩阵组态', xml: await matrixGraphXml(ctx) },
    }) },
  // Deletes the operator project's non-default matrix graph (made here when missing); undo puts one back.
  { method: 'POST', route: '/api/t_project_graph/del/:id', access: Right.ProjectEdit,
    call: async (ctx) => {
      if (!ctx.caller.api.token) return { url: '/api/t_project_graph/del/1' };
      await matrixGraphId(ctx);
      return { url: `/api/t_project_graph/del/${await matrixGraphId(ctx, '矩阵删除')}` };
    },
    async undo(ctx) { await matrixGraphId(ctx, '矩阵删除'); } },
  { method: 'POST', route: '/api/file', access: 'signed-in',
    call: () => ({ url: '/api/file?category=avatar', body: fileForm(makePng(), 'a.png', 'image/png') }) },
  // Served without a token: <img> elements cannot send a bearer header.
  { method: 'GET', route: '/api/files/:category/:name', access: 'public', raw: true, call: (ctx) => ({ url: ctx.uploadedPath }) },
  { method: 'GET', route: '/app-api/ping', access: 'public', call: () => ({ url: '/app-api/ping' }) },
  ...PLAYLIST_ENDPOINTS,
  ...SCREEN_LIBRARY_ENDPOINTS,
  ...GRAPH_LIVE_ENDPOINTS,
  ...GATEWAY_COMMAND_ENDPOINTS,
  ...RESOURCE_ENDPOINTS,
  ...MEASURE_ENDPOINTS,
  ...IOT_MONITOR_ENDPOINTS,
  ...SIM_ENDPOINTS,
  ...CARD_ENDPOINTS,
  ...ALARM_NOTIFICATION_ENDPOINTS,
  ...ALARM_PAGE_ENDPOINTS,
  ...DEVICE_ENDPOINTS,
  ...UPGRADE_ENDPOINTS,
  ...PROJECT_ENDPOINTS,
  ...DEVICE_DETAIL_ENDPOINTS,
  ...PROJECT_VIDEO_ENDPOINTS,
  ...GRAPH_LIBRARY_ENDPOINTS,
  ...CONTROL_ENDPOINTS,
  ...MONITORING_ENDPOINTS,
  ...HEALTH_ENDPOINTS,
  ...ABOUT_ENDPOINTS,
  ...BACKUP_ENDPOINTS,
  ...SETTINGS_ENDPOINTS,
  ...ENERGY_ENDPOINTS,
  ...ENVIRONMENT_ENDPOINTS,
  ...LIFE_ENDPOINTS,
  ...PURCHASE_ENDPOINTS,
  ...WALL_ENDPOINTS,
  ...WALL_HEALTH_ENDPOINTS,
];

export function sendCase(ctx: MatrixContext, spec: CallSpec, method: string): Promise<ApiResponse> {
  return ctx.caller.api.request(method, spec.url, spec.body, spec.headers);
}

/**
 * The routes the app has registered, as `METHOD /url`, read from Fastify's route tree (HEAD
 * routes, which Fastify adds for every GET, left out).
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue;
    const m = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) throw new Error(`cannot read route line: ${line}`);
    const depth = m[1].length / 4;
    if (!Number.isInteger(depth) || depth < 1) throw new Error(`cannot read route depth: ${line}`);
    stack.length = depth - 1;
    stack.push(m[2]);
    const url = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      if (method !== 'HEAD') out.push(`${method} ${url}`);
    }
  }
  return out.sort();
}
