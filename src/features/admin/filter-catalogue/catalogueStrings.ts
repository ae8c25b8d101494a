import i18n from 'i18next';

/** Texts of 滤网目录同步: `admin:catalogue.*`. */
export const catalogueStrings = {
  zh: {
    tabTypes: '滤网类型', tabModels: '滤网型号', preview: '从上游目录预览', apply: '应用同步', applyConfirm: '按预览新增 {{added}}、修改 {{changed}}、删除 {{removed}} 项？',
    cancel: '取消', hint: '从供应商的上游目录读取滤网类型与型号，先预览新增、修改和删除的内容，确认后再应用。本地的寿命设置（预警天数、算法、公式）不会被覆盖。',
    modelsHint: '型号引用的新类型须先在“滤网类型”中同步。', readOnly: '您没有“产品编辑”权限，只能查看同步记录',
    previewFailed: '预览失败：{{error}}', applyFailed: '应用失败：{{error}}', applied: '已应用：新增 {{added}}，修改 {{changed}}，删除 {{removed}}',
    loadFailed: '加载失败：{{error}}', source: '上游目录', version: '目录版本', state: '状态', by: '预览人', at: '预览时间', appliedAt: '应用时间',
    counts: '新增 {{added}} · 修改 {{changed}} · 删除 {{removed}} · 保留 {{kept}} · 未变 {{unchanged}}', nothingToDo: '本地数据与上游目录一致，无需同步',
    code: '编码', name: '名称', action: '变更', detail: '内容', field: '字段', before: '本地', after: '上游', note: '说明', history: '同步记录', current: '本次预览',
    actions: { added: '新增', changed: '修改', removed: '删除', kept: '保留' },
    states: { previewed: '待应用', applied: '已应用', superseded: '已过期' },
    fields: {
      name: '名称', remark: '说明', sortOrder: '排序', typeCode: '类型', supplierCode: '供应商', initialPa: '初阻力(Pa)', finalPa: '终阻力(Pa)',
      finalMultiple: '终阻力倍数', ratedAirM3h: '额定风量(m³/h)', dustCapacityG: '容尘量(g)', captureEfficiency: '捕集效率', maxDays: '最长使用天数',
      leadDays: '订货周期(天)', unitPrice: '单价(元)',
    },
  },
  en: {
    tabTypes: 'Filter types', tabModels: 'Filter models', preview: 'Preview from upstream', apply: 'Apply', applyConfirm: 'Add {{added}}, change {{changed}} and remove {{removed}} as previewed?',
    cancel: 'Cancel', hint: 'Reads the supplier\'s filter types and models from the upstream catalogue and shows what would be added, changed and removed before you apply it. Local life settings (warning days, algorithm, formula) are never overwritten.',
    modelsHint: 'New types the models use must be synced under "Filter types" first.', readOnly: 'You lack the "product editing" right: you can only read the sync history',
    previewFailed: 'Preview failed: {{error}}', applyFailed: 'Apply failed: {{error}}', applied: 'Applied: {{added}} added, {{changed}} changed, {{removed}} removed',
    loadFailed: 'Could not load: {{error}}', source: 'Upstream', version: 'Catalogue version', state: 'State', by: 'Previewed by', at: 'Previewed', appliedAt: 'Applied',
    counts: '{{added}} added · {{changed}} changed · {{removed}} removed · {{kept}} kept · {{unchanged}} unchanged', nothingToDo: 'Local data matches the upstream catalogue: nothing to sync',
    code: 'Code', name: 'Name', action: 'Change', detail: 'Details', field: 'Field', before: 'Local', after: 'Upstream', note: 'Note', history: 'Sync history', current: 'This preview',
    actions: { added: 'Added', changed: 'Changed', removed: 'Removed', kept: 'Kept' },
    states: { previewed: 'To apply', applied: 'Applied', superseded: 'Outdated' },
    fields: {
      name: 'Name', remark: 'Remark', sortOrder: 'Order', typeCode: 'Type', supplierCode: 'Supplier', initialPa: 'Initial (Pa)', finalPa: 'Final (Pa)',
      finalMultiple: 'Final multiple', ratedAirM3h: 'Rated air (m³/h)', dustCapacityG: 'Dust capacity (g)', captureEfficiency: 'Capture efficiency', maxDays: 'Max days',
      leadDays: 'Lead time (days)', unitPrice: 'Unit price (yuan)',
    },
  },
};

/** Adds the catalogue texts to the `admin` namespace, once. */
export function registerCatalogueStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'catalogue.tabTypes') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { catalogue: catalogueStrings[lng] }, true, false);
  }
}
