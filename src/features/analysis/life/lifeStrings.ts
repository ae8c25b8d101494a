import i18n from 'i18next';
import { FILTER_ALG_TEXT } from '../../../../contract/life';
import { LIFE_FORMULA_VARIABLES } from '../../../../contract/analysis/life-formula';

const algs = (lng: 'zh' | 'en') => Object.fromEntries(Object.entries(FILTER_ALG_TEXT).map(([k, v]) => [k, v[lng]]));
const variables = (lng: 'zh' | 'en') => Object.fromEntries(Object.entries(LIFE_FORMULA_VARIABLES).map(([k, v]) => [k, v[lng]]));

/** Texts of the life analysis pages: `admin:lifeAnalysis.*`. */
export const lifeStrings = {
  zh: {
    loadFailed: '加载失败：{{error}}', saveFailed: '保存失败：{{error}}', deleteFailed: '删除失败：{{error}}', noData: '暂无数据',
    cancel: '取消', ok: '确定', save: '保存', add: '新增', edit: '编辑', del: '删除', close: '关闭', actions: '操作', required: '必填',
    confirmDelete: '确定删除“{{name}}”吗？', deleted: '已删除“{{name}}”',
    // device life
    project: '项目', allProjects: '全部项目', filterType: '滤材类型', allTypes: '全部类型', filterModel: '滤材型号', allModels: '全部型号',
    keyword: '设备、项目或型号', state: '状态', allStates: '全部',
    states: { due: '已到期', warning: '即将到期', ok: '正常', unknown: '无法预测' },
    order: '排序', orders: { predicted: '按预计更换日期', used: '按已用寿命', device: '按设备' },
    dueWithin: '到期时间', dueAny: '不限', dueDays: '{{days}} 天内',
    device: '设备', filter: '滤材', quantity: '×{{n}}', usedLife: '已用寿命', predicted: '预计更换日期', interval: '区间 {{low}} ~ {{high}}',
    intervalOpen: '区间 {{low}} 起', reason: '依据',
    reasons: { trend: '阻力趋势', dust: '容尘量', days: '使用天数', formula: '自定义公式' },
    recalc: '重新计算', recalcing: '正在重新计算…', recalcDone: '已重新计算 {{computed}} 台设备的滤材寿命，用时 {{ms}} 毫秒', recalcWarned: '，新发送寿命提醒 {{warned}} 条',
    recalcFailed: '重新计算失败：{{error}}', computedAt: '计算于 {{time}}',
    counts: { total: '滤材总数', due: '已到期', warning: '即将到期', ok: '正常', unknown: '无法预测' },
    trendTitle: '阻力趋势', dailyPa: '日均阻力', fitLine: '拟合趋势', finalLine: '终阻力 {{pa}} Pa', initialLine: '初阻力', predictedMark: '预计更换',
    installedAt: '安装日期', cycleStart: '本周期开始', currentPa: '当前阻力', finalPa: '终阻力', slope: '阻力增速', perDay: '{{v}} Pa/天',
    dust: '累计容尘量', dustOf: '{{g}} g / {{cap}} g', ageDays: '已使用天数', days: '{{n}} 天', formulaPercent: '公式结果', alg: '算法',
    why: '未能预测的依据', whyTexts: {
      'no-data': '无数据', 'too-few-points': '数据点太少', flat: '增长过慢，10 年内不会到达', falling: '呈下降趋势', 'no-limit': '未设置上限',
    },
    whyNames: { resistance: '阻力趋势', dust: '容尘量', serviceDays: '使用天数' }, whyItem: '{{name}}：{{why}}',
    formulaError: '公式无法计算：{{error}}', trendEmpty: '本周期没有阻力数据',
    // settings
    types: '滤材类型', models: '滤材型号', code: '编码', name: '名称', remark: '备注', sortOrder: '排序', modelCount: '型号数',
    addType: '新增类型', editType: '编辑类型：{{name}}', addModel: '新增型号', editModel: '编辑型号：{{name}}', modelKeyword: '编码或名称',
    initialPa: '初阻力 (Pa)', finalKind: '终阻力', finalFixed: '固定值 (Pa)', finalMultiple: '初阻力的倍数', finalPaLabel: '终阻力 (Pa)',
    finalMultipleLabel: '倍数', finalShort: '终阻力', timesInitial: '{{n}} × 初阻力', ratedAir: '额定风量 (m³/h)', dustCapacity: '额定容尘量 (g)',
    captureEfficiency: '捕集效率 (0–1)', maxDays: '最长使用天数', warnDays: '提前预警天数', leadDays: '订货周期 (天)', unitPrice: '单价 (元)',
    supplier: '供应商', noSupplier: '未指定', algorithm: '寿命算法', formula: '寿命公式', noFormula: '未指定', devices: '设备数',
    noLimit: '不限', optionalEmpty: '留空表示不限',
    savedModel: '已保存“{{name}}”，{{count}} 台设备的寿命预测已重新计算', savedModelNoDevices: '已保存“{{name}}”（尚无设备使用该型号）',
    savedType: '已保存类型“{{name}}”', groupLife: '寿命参数', groupPurchase: '采购信息',
    // formulas
    formulas: '寿命公式', addFormula: '新增公式', editFormula: '编辑公式：{{name}}', source: '公式', usedBy: '使用的型号数', updatedAt: '更新时间',
    variables: '可用变量', variablesHelp: '点击变量插入到公式中。公式的结果是已用寿命的百分比（100 表示到期）。', functions: '可用函数：{{names}}',
    sample: '试算样本值', test: '试算', testing: '正在试算…', testOk: '试算结果：已用寿命 {{percent}}%', testUses: '使用的变量：{{names}}',
    testFailed: '公式有误', atPosition: '第 {{n}} 个字符', savedFormula: '已保存公式“{{name}}”',
    assign: '分配给型号', assignTitle: '分配公式“{{name}}”', assignHelp: '选中的滤材型号将使用该公式计算寿命；取消选中的型号改回自动算法。其设备的寿命预测随即重新计算。',
    assigned: '已更新 {{count}} 个型号的寿命算法', currentAlg: '当前算法', noModels: '暂无滤材型号',
    algs: algs('zh'), vars: variables('zh'), algShort: { auto: '自动', trend: '阻力趋势', dust: '容尘量', formula: '自定义公式' },
  },
  en: {
    loadFailed: 'Could not load: {{error}}', saveFailed: 'Could not save: {{error}}', deleteFailed: 'Could not delete: {{error}}', noData: 'No data',
    cancel: 'Cancel', ok: 'OK', save: 'Save', add: 'Add', edit: 'Edit', del: 'Delete', close: 'Close', actions: 'Actions', required: 'Required',
    confirmDelete: 'Delete “{{name}}”?', deleted: 'Deleted “{{name}}”',
    project: 'Project', allProjects: 'All projects', filterType: 'Filter type', allTypes: 'All types', filterModel: 'Filter model', allModels: 'All models',
    keyword: 'Device, project or model', state: 'State', allStates: 'All',
    states: { due: 'Due', warning: 'Due soon', ok: 'OK', unknown: 'Not predicted' },
    order: 'Order', orders: { predicted: 'By predicted date', used: 'By used life', device: 'By device' },
    dueWithin: 'Due', dueAny: 'Any time', dueDays: 'Within {{days}} days',
    device: 'Device', filter: 'Filter', quantity: '×{{n}}', usedLife: 'Used life', predicted: 'Predicted replacement', interval: 'range {{low}} – {{high}}',
    intervalOpen: 'range from {{low}}', reason: 'Decided by',
    reasons: { trend: 'Resistance trend', dust: 'Dust load', days: 'Service days', formula: 'Custom formula' },
    recalc: 'Recalculate', recalcing: 'Recalculating…', recalcDone: 'Recalculated the filter life of {{computed}} devices in {{ms}} ms', recalcWarned: '; {{warned}} new life alerts sent',
    recalcFailed: 'Could not recalculate: {{error}}', computedAt: 'computed {{time}}',
    counts: { total: 'Filters', due: 'Due', warning: 'Due soon', ok: 'OK', unknown: 'Not predicted' },
    trendTitle: 'Resistance trend', dailyPa: 'Daily mean resistance', fitLine: 'Fitted trend', finalLine: 'Final resistance {{pa}} Pa', initialLine: 'Initial', predictedMark: 'Predicted',
    installedAt: 'Installed', cycleStart: 'Cycle started', currentPa: 'Current resistance', finalPa: 'Final resistance', slope: 'Rising by', perDay: '{{v}} Pa/day',
    dust: 'Dust accumulated', dustOf: '{{g}} g of {{cap}} g', ageDays: 'Days in service', days: '{{n}} days', formulaPercent: 'Formula result', alg: 'Algorithm',
    why: 'Not predicted by', whyTexts: {
      'no-data': 'no data', 'too-few-points': 'too few points', flat: 'rising too slowly to get there within 10 years', falling: 'falling', 'no-limit': 'no limit set',
    },
    whyNames: { resistance: 'Resistance trend', dust: 'Dust load', serviceDays: 'Service days' }, whyItem: '{{name}}: {{why}}',
    formulaError: 'The formula could not run: {{error}}', trendEmpty: 'No resistance readings in this cycle',
    types: 'Filter types', models: 'Filter models', code: 'Code', name: 'Name', remark: 'Remark', sortOrder: 'Order', modelCount: 'Models',
    addType: 'Add type', editType: 'Edit type: {{name}}', addModel: 'Add model', editModel: 'Edit model: {{name}}', modelKeyword: 'Code or name',
    initialPa: 'Initial resistance (Pa)', finalKind: 'Final resistance', finalFixed: 'Fixed (Pa)', finalMultiple: 'Multiple of the initial', finalPaLabel: 'Final resistance (Pa)',
    finalMultipleLabel: 'Multiple', finalShort: 'Final', timesInitial: '{{n}} × initial', ratedAir: 'Rated air volume (m³/h)', dustCapacity: 'Dust-holding capacity (g)',
    captureEfficiency: 'Capture efficiency (0–1)', maxDays: 'Maximum service days', warnDays: 'Warning days', leadDays: 'Order lead time (days)', unitPrice: 'Unit price (CNY)',
    supplier: 'Supplier', noSupplier: 'None', algorithm: 'Life algorithm', formula: 'Life formula', noFormula: 'None', devices: 'Devices',
    noLimit: 'No limit', optionalEmpty: 'Leave empty for no limit',
    savedModel: 'Saved “{{name}}”; the life of {{count}} devices was recalculated', savedModelNoDevices: 'Saved “{{name}}” (no device holds it yet)',
    savedType: 'Saved type “{{name}}”', groupLife: 'Life settings', groupPurchase: 'Purchasing',
    formulas: 'Life formulas', addFormula: 'Add formula', editFormula: 'Edit formula: {{name}}', source: 'Formula', usedBy: 'Models using it', updatedAt: 'Updated',
    variables: 'Variables', variablesHelp: 'Click a variable to insert it. The formula gives the used life in percent (100 = due).', functions: 'Functions: {{names}}',
    sample: 'Sample values', test: 'Test', testing: 'Testing…', testOk: 'Result: {{percent}} % of the life used', testUses: 'Variables used: {{names}}',
    testFailed: 'The formula has an error', atPosition: 'character {{n}}', savedFormula: 'Saved formula “{{name}}”',
    assign: 'Assign to models', assignTitle: 'Assign “{{name}}”', assignHelp: 'The checked filter models predict their life by this formula; unchecked ones go back to the automatic algorithm. Their devices are recalculated at once.',
    assigned: 'Updated the algorithm of {{count}} models', currentAlg: 'Current algorithm', noModels: 'No filter models yet',
    algs: algs('en'), vars: variables('en'), algShort: { auto: 'Auto', trend: 'Resistance trend', dust: 'Dust load', formula: 'Custom formula' },
  },
};

/** Adds the texts to the `admin` namespace, once. */
export function registerLifeStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'lifeAnalysis.noData') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { lifeAnalysis: lifeStrings[lng] }, true, false);
  }
}
