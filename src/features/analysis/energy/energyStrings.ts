import i18n from 'i18next';
import { DEVICE_TYPE_LABELS } from '../../../../contract/enums';

/** Texts of the energy analysis page: `admin:energyAnalysis.*`. */
export const energyStrings = {
  zh: {
    period: '统计周期', periods: { day: '日', week: '周', month: '月', year: '年' },
    date: '日期', previousPeriod: '上一周期', nextPeriod: '下一周期', today: '本期',
    range: '{{from}} 至 {{to}}', comparedWith: '环比：{{from}} 至 {{to}}',
    loadFailed: '加载失败：{{error}}', noData: '暂无数据',
    energy: '用电量', cost: '电费', price: '电价 {{price}} 元/kWh', per1000: '单位风量能耗', sfp: '单位风量耗功率（SFP）',
    efficiency: '风机系统效率', saving: '及时换滤可节电', savingCost: '约 {{cost}} 元',
    vsPrevious: '环比', previousValue: '上期 {{value}}', noPrevious: '上期无数据',
    airMoved: '送风量 {{value}}', meanAir: '平均风量 {{value}}', powers: '风功率 {{air}} / 电功率 {{electric}}',
    savingHint: '滤网阻力超过初阻力所多耗的电量',
    trend: '用电趋势', trendDay: '近7天逐日', trendWeek: '本周逐日', trendMonth: '本月逐日', trendYear: '本年逐月',
    ranking: '项目用电排名', rankingTop: '前 {{n}} 个项目',
    projects: '项目能耗', project: '项目', code: '编码', rank: '排名', devices: '设备数', change: '环比',
    airMovedCol: '送风量', meanAirCol: '平均风量', resistance: '平均阻力', initialPa: '初阻力',
    costCol: '电费', savingCol: '可节电', efficiencyCol: '风机系统效率', per1000Col: '单位风量能耗',
    details: '设备明细', detailsTitle: '{{name}} · 设备能耗', device: '设备', type: '类型',
    deviceTypes: { ...DEVICE_TYPE_LABELS },
    formula: '风功率 P = Q·Δp；风机系统效率 = 风功率 ÷ 电功率；SFP = 电功率 ÷ 风量（m³/s）；可节电 = 阻力高出初阻力部分所耗电量',
    units: { kWh: 'kWh', yuan: '元', per1000: 'kWh/千m³', sfp: 'W/(m³/s)', m3: 'm³', m3h: 'm³/h', pa: 'Pa', kw: 'kW' },
    close: '关闭',
  },
  en: {
    period: 'Period', periods: { day: 'Day', week: 'Week', month: 'Month', year: 'Year' },
    date: 'Date', previousPeriod: 'Previous period', nextPeriod: 'Next period', today: 'Current',
    range: '{{from}} to {{to}}', comparedWith: 'Compared with {{from}} to {{to}}',
    loadFailed: 'Could not load: {{error}}', noData: 'No data',
    energy: 'Electricity', cost: 'Cost', price: 'Price {{price}} yuan/kWh', per1000: 'Energy per 1,000 m³', sfp: 'Specific fan power (SFP)',
    efficiency: 'Fan-system efficiency', saving: 'Saving of timely filter changes', savingCost: 'about {{cost}} yuan',
    vsPrevious: 'vs previous', previousValue: 'previous {{value}}', noPrevious: 'no previous data',
    airMoved: 'Air moved {{value}}', meanAir: 'Mean air volume {{value}}', powers: 'Air power {{air}} / electric {{electric}}',
    savingHint: 'Electricity spent on filter resistance above the clean filter\'s',
    trend: 'Electricity trend', trendDay: 'Last 7 days', trendWeek: 'This week by day', trendMonth: 'This month by day', trendYear: 'This year by month',
    ranking: 'Projects by electricity', rankingTop: 'Top {{n}} projects',
    projects: 'Project energy', project: 'Project', code: 'Code', rank: 'Rank', devices: 'Devices', change: 'Change',
    airMovedCol: 'Air moved', meanAirCol: 'Mean air', resistance: 'Resistance', initialPa: 'Initial',
    costCol: 'Cost', savingCol: 'Saving', efficiencyCol: 'Efficiency', per1000Col: 'Per 1,000 m³',
    details: 'Devices', detailsTitle: '{{name}} · device energy', device: 'Device', type: 'Type',
    deviceTypes: {
      1: '4G DTU', 2: 'Monitored unit', 3: 'Relay/terminal', 4: 'RoLa gateway',
      2001: 'Sensor', 2002: 'Electricity meter', 2003: 'Water meter', 2004: 'Gas meter', 2005: 'Container', 2006: 'Filter',
    },
    formula: 'Air power P = Q·Δp; fan-system efficiency = air power ÷ electric power; SFP = electric power ÷ air volume (m³/s); saving = electricity spent on resistance above the initial value',
    units: { kWh: 'kWh', yuan: 'yuan', per1000: 'kWh/1,000 m³', sfp: 'W/(m³/s)', m3: 'm³', m3h: 'm³/h', pa: 'Pa', kw: 'kW' },
    close: 'Close',
  },
};

/** Adds the texts to the `admin` namespace, once. */
export function registerEnergyStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'energyAnalysis.energy') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { energyAnalysis: energyStrings[lng] }, true, false);
  }
}
