import type { Transaction } from 'kysely';
import type { GraphStateRules } from '../../contract/graph/binding';
import { GRAPH_HMI as H } from '../../contract/graph/symbol-styles';
import type { DB } from '../db/schema';
import { GraphXmlBuilder } from './demo-graph-builder';

/** A device of a demo site as the graph draws it: its short label and its points by name. */
export interface DemoGraphDevice {
  id: number;
  /** The name without the city: `过滤器-01`. */
  label: string;
  points: Record<string, { id: number; unit: string; decimals: number }>;
}

/** What the generator needs of a site. */
export interface DemoGraphSite {
  name: string;
  code: string;
  city: string;
  /** Devices by label. */
  devices: Record<string, DemoGraphDevice>;
}

const ALARM = { blink: true } satisfies GraphStateRules;
const FLOW = { flow: true } satisfies GraphStateRules;
const FILTER_FILL = { min: 0, max: 450 };
const formatOf = (decimals: number) => (decimals <= 0 ? '0' : `0.${'0'.repeat(Math.min(4, decimals))}`);

const TEXT = `shape=rectangle;fillColor=none;strokeColor=none;fontFamily=${H.fontFamily};whiteSpace=wrap`;
const PANEL = `shape=rectangle;rounded=1;arcSize=3;fillColor=#0a1c36;strokeColor=#24476f;strokeWidth=1.5;align=left;verticalAlign=top;`
  + `spacingLeft=14;spacingTop=8;fontSize=18;fontStyle=1;fontColor=${H.accent};fontFamily=${H.fontFamily}`;

/**
 * The process graphic of one demo site on a 1920×1080 canvas: two air-handling lines (outdoor air
 * → damper → pre filter → medium filter → supply fan → HEPA → supply duct → clean room), an
 * outdoor-air panel, an energy and utilities strip, a title and a legend. Every symbol is bound to
 * the site's real devices and points, so values, states and alarms show live. Pure: no DOM, no DB.
 */
export function buildDemoGraphXml(site: DemoGraphSite): string {
  const g = new GraphXmlBuilder(H.background);
  const dev = (label: string) => site.devices[label];
  const point = (label: string, name: string) => {
    const d = dev(label);
    const p = d?.points[name];
    return d && p ? { deviceId: d.id, measureId: p.id, format: formatOf(p.decimals), unit: p.unit || undefined } : {};
  };
  const text = (x: number, y: number, w: number, h: number, label: string, style: string) =>
    g.vertex({ x, y, w, h, label, style: `${TEXT};${style}` });
  const caption = (x: number, y: number, w: number, label: string) =>
    text(x, y, w, 20, label, `align=left;verticalAlign=middle;fontSize=14;fontColor=${H.textMuted}`);
  const readout = (x: number, y: number, w: number, label: string, device: string, name: string, rules: GraphStateRules = ALARM) => {
    caption(x, y, w, label);
    g.vertex({ x, y: y + 22, w, h: 38, symbol: 'valueLabel', ...point(device, name), rules });
  };

  // Title, subtitle and legend.
  text(40, 18, 1200, 48, `${site.name} · 洁净空调系统工艺流程`, 'align=left;fontSize=32;fontStyle=1;fontColor=#ffffff');
  text(40, 66, 1200, 26, `${site.code} · ${site.city} · 2 套空气处理机组 · 新风 → 初效 → 中效 → 送风机 → 高效 → 洁净室`, `align=left;fontSize=16;fontColor=${H.textMuted}`);
  g.vertex({ x: 40, y: 104, w: 1840, h: 2, style: 'shape=rectangle;fillColor=#1d4f7a;strokeColor=none' });
  g.vertex({ x: 40, y: 103, w: 180, h: 4, style: `shape=rectangle;fillColor=${H.accent};strokeColor=none` });
  const legend: [string, string, 'ellipse' | 'rectangle'][] = [
    ['#2fd18c', '正常', 'ellipse'], ['#ff4d4f', '告警', 'ellipse'], ['#7b8aa3', '离线', 'ellipse'],
    [H.filterPre, 'G4 初效', 'rectangle'], [H.filterMedium, 'F8 中效', 'rectangle'], [H.filterHepa, 'H13 高效', 'rectangle'],
  ];
  legend.forEach(([colour, label, shape], i) => {
    const x = 1330 + (i % 3) * 185;
    const y = 26 + Math.floor(i / 3) * 36;
    g.vertex({ x, y: y + 4, w: 16, h: 16, style: `shape=${shape};fillColor=${colour};strokeColor=#0a1a33;strokeWidth=1` });
    text(x + 24, y, 150, 24, label, `align=left;fontSize=16;fontColor=${H.text}`);
  });

  // Outdoor air panel.
  g.vertex({ x: 30, y: 175, w: 230, h: 670, label: '室外环境 OA', style: PANEL });
  g.vertex({ x: 113, y: 225, symbol: 'sensorPm', label: 'PM2.5', ...point('空气传感器-01', 'PM2.5'), rules: ALARM });
  readout(50, 345, 190, 'PM10', '空气传感器-01', 'PM10');
  readout(50, 425, 190, '温度', '空气传感器-01', '温度');
  readout(50, 505, 190, '湿度', '空气传感器-01', '湿度');
  readout(50, 585, 190, 'PM1', '空气传感器-01', 'PM1');
  g.vertex({ x: 113, y: 690, symbol: 'sensorTh', label: '空气传感器-01', deviceId: dev('空气传感器-01')?.id });

  // Two air-handling lines.
  const lines = [
    { cy: 300, n: 1, ahu: '净化机组-01', filters: ['过滤器-01', '过滤器-02', '过滤器-03'], room: '洁净室 A · ISO 7', sensor: '空气传感器-02' },
    { cy: 650, n: 2, ahu: '净化机组-02', filters: ['过滤器-04', '过滤器-05', '过滤器-06'], room: '洁净室 B · ISO 8', sensor: '空气传感器-03' },
  ];
  for (const l of lines) {
    const { cy } = l;
    const ahuId = dev(l.ahu)?.id;
    const airflow = { ...point(l.ahu, '送风量'), rules: FLOW };
    // Short ducts flow with the supply air but show no value: the supply duct carries it.
    const quiet = 'noLabel=1';
    g.vertex({ x: 300, y: cy - 125, w: 1180, h: 320, label: `AHU-0${l.n}  ${l.ahu}`, style: `${PANEL};dashed=1;dashPattern=8 4` });
    g.vertex({ x: 262, y: cy - 22, w: 62, symbol: 'duct', style: `strokeColor=${H.airOutdoor};${quiet}`, ...airflow });
    g.vertex({ x: 324, y: cy - 52, symbol: 'damper', label: '新风阀', deviceId: ahuId, rules: ALARM });
    g.vertex({ x: 394, y: cy - 22, w: 38, symbol: 'duct', style: `strokeColor=${H.airOutdoor};${quiet}`, ...airflow });
    const grades = ['filterPre', 'filterMedium', 'filterHepa'] as const;
    const xs = [432, 552, 912];
    grades.forEach((symbol, i) => {
      g.vertex({ x: xs[i], y: cy - 65, symbol, label: l.filters[i], ...point(l.filters[i], '阻力'), rules: { ...ALARM, fill: FILTER_FILL } });
    });
    g.vertex({ x: 502, y: cy - 22, w: 50, symbol: 'duct', style: quiet, ...airflow });
    g.vertex({ x: 622, y: cy - 22, w: 88, symbol: 'duct', style: quiet, ...airflow });
    g.vertex({ x: 710, y: cy - 55, symbol: 'fan', label: `送风机 SF-0${l.n}`, deviceId: ahuId, rules: { ...ALARM, flow: true } });
    g.vertex({ x: 820, y: cy - 22, w: 92, symbol: 'duct', style: quiet, ...airflow });
    g.vertex({ x: 982, y: cy - 22, w: 538, symbol: 'duct', label: '送风 SA', ...airflow });
    // Unit readouts.
    const cols: [string, string][] = [['送风量', '送风量'], ['送风 PM2.5', '送风PM2.5'], ['回风温度', '回风温度'], ['回风湿度', '回风湿度'], ['累计电能', '累计电能']];
    cols.forEach(([label, name], i) => readout(330 + i * 226, cy + 118, 204, label, l.ahu, name));
    // The clean room it supplies.
    g.vertex({ x: 1520, y: cy - 125, w: 370, h: 320, label: l.room, style: PANEL });
    g.vertex({ x: 1535, y: cy - 70, symbol: 'sensorPm', label: 'PM2.5', ...point(l.sensor, 'PM2.5'), rules: ALARM });
    g.vertex({ x: 1622, y: cy - 70, symbol: 'sensorTh', label: '温度', ...point(l.sensor, '温度'), rules: ALARM });
    readout(1710, cy - 82, 165, 'PM10', l.sensor, 'PM10');
    readout(1710, cy - 4, 165, '湿度', l.sensor, '湿度');
    readout(1535, cy + 118, 160, '出口 PM2.5', l.filters[2], '出口PM2.5');
    readout(1710, cy + 118, 165, '风量', l.filters[2], '风量');
  }

  // Energy and utilities strip.
  g.vertex({ x: 30, y: 870, w: 1860, h: 190, label: '能源计量 · 公用系统', style: PANEL });
  const meters = [
    { x: 60, symbol: 'meterElectric' as const, device: '电表', reads: [['有功功率', '有功功率'], ['总电能', '总电能']] },
    { x: 420, symbol: 'meterWater' as const, device: '水表', reads: [['累计水量', '累计水量']] },
    { x: 780, symbol: 'meterGas' as const, device: '燃气表', reads: [['累计气量', '累计气量']] },
  ];
  for (const m of meters) {
    g.vertex({ x: m.x, y: 915, symbol: m.symbol, label: m.device, deviceId: dev(m.device)?.id, rules: ALARM });
    m.reads.forEach(([label, name], i) => readout(m.x + 100, 905 + i * 76, 200, label, m.device, name));
  }
  g.vertex({ x: 1120, y: 920, symbol: 'sensorTh', label: '滤材集装箱', deviceId: dev('滤材集装箱')?.id, rules: ALARM });
  readout(1210, 905, 170, '箱内温度', '滤材集装箱', '箱内温度');
  readout(1210, 981, 170, '箱内湿度', '滤材集装箱', '箱内湿度');
  caption(1440, 905, 200, '通信状态 · 信号强度');
  g.vertex({ x: 1440, y: 927, w: 420, h: 38, symbol: 'valueLabel', label: 'RoLa网关', style: 'fontSize=18', ...point('RoLa网关', '信号强度'), rules: ALARM });
  g.vertex({ x: 1440, y: 1003, w: 420, h: 38, symbol: 'valueLabel', label: '4G终端', style: 'fontSize=18', ...point('4G终端', '信号强度'), rules: ALARM });
  return g.toXml();
}

/**
 * One finished graph per demo project (default and active), drawn from the project's devices as
 * seeded by demo-sites.ts. Runs inside the demo seed's transaction.
 */
export async function seedDemoGraphs(trx: Transaction<DB>, projectIds: readonly number[], now: number): Promise<void> {
  for (const projectId of projectIds) {
    const project = await trx.selectFrom('t_project').select(['name', 'code', 'city']).where('id', '=', projectId).executeTakeFirstOrThrow();
    const rows = await trx.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id', 'd.name', 'm.id as measureId', 'm.name as measure', 'm.unit', 'm.decimals'])
      .where('d.project_id', '=', projectId).orderBy('d.id').orderBy('m.id').execute();
    const devices: Record<string, DemoGraphDevice> = {};
    for (const r of rows) {
      const label = project.city && r.name.startsWith(project.city) ? r.name.slice(project.city.length) : r.name;
      const d = (devices[label] ??= { id: r.id, label, points: {} });
      d.points[r.measure] = { id: r.measureId, unit: r.unit, decimals: r.decimals };
    }
    const xml = buildDemoGraphXml({ name: project.name, code: project.code ?? '', city: project.city ?? '', devices });
    await trx.insertInto('t_project_graph').values({
      project_id: projectId, name: `${project.name} 工艺流程`, xml, content: '', is_default: 1, is_active: 1, created_at: now, updated_at: now,
    }).execute();
  }
}
