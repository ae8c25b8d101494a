import i18n from 'i18next';

/** Texts of the environment analysis pages: `admin:envAnalysis.*`. */
export const environmentStrings = {
  zh: {
    project: '项目', allProjects: '全部项目', keyword: '设备名称', loadFailed: '加载失败：{{error}}', noData: '暂无数据',
    period: '时间范围', day: '近24小时', week: '近7天', month: '近30天', year: '近一年',
    device: '设备', model: '型号', state: '状态', states: { 0: '离线', 1: '在线', 2: '告警' }, updated: '更新时间',
    paTitle: '阻力', pmTitle: '颗粒物', airTitle: '风量',
    paDevices: '阻力测点', atFinal: '达到终阻力', near: '接近终阻力（≥80%）', meanPercent: '平均占终阻力',
    currentPa: '当前阻力 (Pa)', initialPa: '初阻力 (Pa)', finalPa: '终阻力 (Pa)', percentOfFinal: '占终阻力', trend: '趋势 (Pa/天)',
    finalFrom: { 'filter-model': '滤芯型号', alarm: '告警阈值', max: '量程上限', default: '默认值' },
    pmDevices: '颗粒物设备', outdoorPm25: '室外 PM2.5', indoorPm25: '室内 PM2.5', reduction: '室内外降低',
    side: '位置', sides: { outdoor: '室外', indoor: '室内' }, allSides: '全部位置',
    positions: { outdoor: '室外/环境', upstream: '过滤器上游', downstream: '过滤器下游/送风', indoor: '室内' },
    pm25Mean24h: 'PM2.5 24小时均值',
    airDevices: '风量测点', running: '运行中', low: '低于额定50%', totalAir: '当前总风量 (m³/h)', meanRated: '平均占额定风量',
    currentM3h: '当前风量 (m³/h)', mean24h: '24小时均值 (m³/h)', ratedM3h: '额定风量 (m³/h)', percentOfRated: '占额定',
    toAqi: '查看 AQI 分析 →', toFilter: '查看过滤效率 →',
    standard: '执行标准：{{name}}', aqi: '空气质量指数', latestHour: '最近一小时（{{time}}）', last24h: '最近24小时',
    category: '类别', primary: '首要污染物', none: '无', iaqi: '分指数 IAQI', indicator: '污染物项目', concentration: '浓度',
    missing: '缺测', aqiNa: 'AQI 不发布（有污染物缺测且其余分指数不超过100）', noSideData: '该位置暂无监测数据',
    notes: { 'above-scale': '超出最高浓度限值', 'so2-1h-above-800': 'SO₂ 1小时浓度超过800 μg/m³', 'o3-8h-above-800': 'O₃ 8小时浓度超过800 μg/m³' },
    exceedance: '超标小时数（AQI > 100）', hoursOf: '{{n}} / {{total}} 小时', byPollutant: '按污染物', means: '时段平均浓度',
    compare: '室内外对比', trendTitle: 'AQI 趋势', hourly: '小时 AQI', daily: '日 AQI', devicesCount: '{{count}} 台设备',
    pollutantsMeasured: '监测项目', skipped: '以下测点的单位无法换算，未参与计算：{{names}}',
    stages: '过滤级', stage: '第 {{n}} 级', efficiency: '时段效率', latest: '最新效率', upstream: '上游来源',
    upstreams: { measure: '本设备上游测点', 'previous-stage': '上一级出口', outdoor: '项目室外均值' },
    drops: '效率骤降', leaking: '疑似泄漏/旁通', dropped: '曾骤降', normal: '正常', flagged: '{{count}} 个过滤级出现效率骤降',
    dropDetail: '{{start}} 起，效率 {{efficiency}}（基线 {{baseline}}）', ongoing: '持续中', until: '至 {{end}}',
    efficiencyTitle: '过滤效率随时间变化', pickStage: '点击表格中的过滤级查看曲线', point: '下游测点',
    efficiencyFormula: '效率 = 1 − 下游 PM2.5 ÷ 上游 PM2.5（上游低于 15 μg/m³ 的小时不计）',
  },
  en: {
    project: 'Project', allProjects: 'All projects', keyword: 'Device name', loadFailed: 'Could not load: {{error}}', noData: 'No data',
    period: 'Period', day: 'Last 24 hours', week: 'Last 7 days', month: 'Last 30 days', year: 'Last year',
    device: 'Device', model: 'Model', state: 'State', states: { 0: 'Offline', 1: 'Online', 2: 'Alarm' }, updated: 'Updated',
    paTitle: 'Resistance', pmTitle: 'Particulates', airTitle: 'Air volume',
    paDevices: 'Resistance points', atFinal: 'At final resistance', near: 'Near final (≥ 80 %)', meanPercent: 'Mean share of final',
    currentPa: 'Current (Pa)', initialPa: 'Initial (Pa)', finalPa: 'Final (Pa)', percentOfFinal: 'Share of final', trend: 'Trend (Pa/day)',
    finalFrom: { 'filter-model': 'filter model', alarm: 'alarm threshold', max: 'range maximum', default: 'default' },
    pmDevices: 'Particulate devices', outdoorPm25: 'Outdoor PM2.5', indoorPm25: 'Indoor PM2.5', reduction: 'Indoor reduction',
    side: 'Position', sides: { outdoor: 'Outdoor', indoor: 'Indoor' }, allSides: 'All positions',
    positions: { outdoor: 'Outdoor/ambient', upstream: 'Upstream of a filter', downstream: 'Downstream/supply', indoor: 'Indoor' },
    pm25Mean24h: 'PM2.5 24-hour mean',
    airDevices: 'Air-volume points', running: 'Running', low: 'Below 50 % of rated', totalAir: 'Total now (m³/h)', meanRated: 'Mean share of rated',
    currentM3h: 'Current (m³/h)', mean24h: '24-hour mean (m³/h)', ratedM3h: 'Rated (m³/h)', percentOfRated: 'Share of rated',
    toAqi: 'See the AQI analysis →', toFilter: 'See filtration efficiency →',
    standard: 'Standard: {{name}}', aqi: 'Air quality index', latestHour: 'Latest hour ({{time}})', last24h: 'Last 24 hours',
    category: 'Category', primary: 'Primary pollutant', none: 'None', iaqi: 'IAQI', indicator: 'Indicator', concentration: 'Concentration',
    missing: 'Missing', aqiNa: 'No AQI published (a pollutant is missing and the others are 100 or less)', noSideData: 'No readings on this side',
    notes: { 'above-scale': 'above the highest limit', 'so2-1h-above-800': 'SO₂ 1-hour above 800 μg/m³', 'o3-8h-above-800': 'O₃ 8-hour above 800 μg/m³' },
    exceedance: 'Exceedance hours (AQI > 100)', hoursOf: '{{n}} / {{total}} h', byPollutant: 'By pollutant', means: 'Period means',
    compare: 'Indoor vs outdoor', trendTitle: 'AQI trend', hourly: 'Hourly AQI', daily: 'Daily AQI', devicesCount: '{{count}} devices',
    pollutantsMeasured: 'Measured', skipped: 'Left out (unit cannot be converted): {{names}}',
    stages: 'Filter stages', stage: 'Stage {{n}}', efficiency: 'Period efficiency', latest: 'Latest', upstream: 'Upstream',
    upstreams: { measure: 'device upstream point', 'previous-stage': 'previous stage outlet', outdoor: 'project outdoor mean' },
    drops: 'Efficiency drops', leaking: 'Leak or bypass suspected', dropped: 'Dropped', normal: 'Normal', flagged: '{{count}} stages had an efficiency drop',
    dropDetail: 'from {{start}}, efficiency {{efficiency}} (baseline {{baseline}})', ongoing: 'ongoing', until: 'until {{end}}',
    efficiencyTitle: 'Filtration efficiency over time', pickStage: 'Click a stage in the table to see its curve', point: 'Downstream point',
    efficiencyFormula: 'Efficiency = 1 − downstream PM2.5 ÷ upstream PM2.5 (hours with upstream below 15 μg/m³ left out)',
  },
};

/** Adds the texts to the `admin` namespace, once. */
export function registerEnvironmentStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'envAnalysis.project') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { envAnalysis: environmentStrings[lng] }, true, false);
  }
}
