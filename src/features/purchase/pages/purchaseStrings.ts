import i18n from 'i18next';
import { ORDER_STATE_LABELS, ORDER_STATES } from '../../../../contract/purchase/order-states';

const states = (lng: 'zh' | 'en') => Object.fromEntries(ORDER_STATES.map((s) => [s, ORDER_STATE_LABELS[s][lng]]));

/** Texts of the purchase pages: `admin:purchaseUi.*`. */
export const purchaseStrings = {
  zh: {
    horizon: '预测范围', days: '{{n}} 天内', refresh: '刷新', loadFailed: '加载失败：{{error}}',
    proposalHint: '按预测寿命到期时间减去各型号的采购周期排序；数量为到期设备的安装数量减去在途数量，可修改。',
    lines: '{{n}} 项', totalQuantity: '合计 {{n}} 件', totalAmount: '预计金额 ¥{{amount}}', noProposals: '所选范围内没有需要采购的滤芯',
    project: '项目', filter: '滤芯型号', supplier: '供应商', noSupplier: '未设置供应商', dueAt: '预计到期', orderBy: '最晚下单',
    late: '已逾期', leadDays: '采购周期 {{n}} 天', devices: '到期设备', deviceCount: '{{n}} 台', need: '需要', onTheWay: '在途',
    quantity: '申请数量', unitPrice: '单价', amount: '金额', reasons: { trend: '阻力趋势', dust: '容尘量', days: '使用天数', formula: '自定义公式' },
    predictedAt: '预计到期 {{date}}（{{reason}}）', remark: '备注', remarkPlaceholder: '可填写交货地点、联系人等（选填）',
    submit: '提交采购申请', submitCount: '提交采购申请（{{n}} 项）', selectSome: '请勾选要申请的行', submitted: '采购申请已提交',
    submittedSub: '已生成 {{n}} 张订单，已通知供应商确认：', viewRecords: '查看采购记录', applyAgain: '继续申请', submitFailed: '提交失败：{{error}}',
    states: states('zh'), steps: { created: '提交申请', confirmed: '供应商确认', finished: '确认收货', cancelled: '已取消' }, all: '全部', keyword: '订单号、组织、项目或型号', search: '搜索',
    code: '订单号', state: '状态', buyer: '采购方', createdAt: '申请时间', lineCount: '明细', detail: '详情',
    orderTitle: '采购订单 {{code}}', timeline: '订单进度', by: '{{name}}', lineTable: '订单明细', installed: '已安装',
    confirm: '确认订单', finish: '确认收货', cancel: '取消订单', install: '登记安装',
    confirmAsk: '确认接受订单 {{code}}？', finishAsk: '确认已收到订单 {{code}} 的货物？收货后可登记安装。',
    cancelTitle: '取消订单 {{code}}', cancelReason: '取消原因', cancelReasonRequired: '请填写取消原因',
    done: { confirm: '订单已确认', finish: '已确认收货', cancel: '订单已取消' }, actionFailed: '操作失败：{{error}}',
    ok: '确定', close: '关闭', cancelButton: '取消', waiting: '等待 {{who}} 处理', supplierSide: '供应商', buyerSide: '采购方',
    noActions: '当前没有您可执行的操作', entries: '安装记录', noEntries: '尚未登记安装',
    installTitle: '登记安装 — {{code}}', orderLine: '订单明细', remaining: '剩余 {{n}} 件未安装', installedAt: '安装时间', installer: '安装人',
    installerRequired: '请填写安装人', codes: '设备编码', codesHint: '扫码或粘贴设备编码（或物联网ID），每行一个，也可用逗号、空格分隔',
    checking: '正在核对…', matched: '可登记 {{n}} 台', unknownCodes: '未知编码 {{n}} 个', refusedCodes: '不可登记 {{n}} 个',
    willInstall: '将安装 {{n}} 件（剩余 {{remaining}} 件）', tooMany: '超出剩余数量', record: '登记 {{n}} 台设备', recorded: '已登记 {{n}} 台设备的安装，寿命预测已重新开始',
    pickLine: '请选择订单明细', device: '设备', filterCount: '滤芯数量', recordedBy: '登记人', lineInstalled: '{{installed}} / {{quantity}}',
  },
  en: {
    horizon: 'Horizon', days: 'Within {{n}} days', refresh: 'Refresh', loadFailed: 'Loading failed: {{error}}',
    proposalHint: 'Sorted by predicted end of life less each model\'s lead time; quantities are the installed counts of the devices due less what is on the way, and can be edited.',
    lines: '{{n}} lines', totalQuantity: '{{n}} pcs in all', totalAmount: 'Estimated ¥{{amount}}', noProposals: 'No filters to order within this horizon',
    project: 'Project', filter: 'Filter model', supplier: 'Supplier', noSupplier: 'No supplier set', dueAt: 'Due', orderBy: 'Order by',
    late: 'Late', leadDays: 'Lead time {{n}} days', devices: 'Devices due', deviceCount: '{{n}} devices', need: 'Needed', onTheWay: 'On the way',
    quantity: 'Quantity', unitPrice: 'Unit price', amount: 'Amount', reasons: { trend: 'resistance trend', dust: 'dust load', days: 'service days', formula: 'custom formula' },
    predictedAt: 'Due {{date}} ({{reason}})', remark: 'Remark', remarkPlaceholder: 'Delivery address, contact, … (optional)',
    submit: 'Submit application', submitCount: 'Submit application ({{n}} lines)', selectSome: 'Tick the lines to apply for', submitted: 'Purchase application submitted',
    submittedSub: '{{n}} order(s) created; the suppliers were asked to confirm:', viewRecords: 'View purchase records', applyAgain: 'Apply again', submitFailed: 'Submitting failed: {{error}}',
    states: states('en'), steps: { created: 'Applied', confirmed: 'Confirmed by the supplier', finished: 'Goods received', cancelled: 'Cancelled' }, all: 'All', keyword: 'Order no., organisation, project or model', search: 'Search',
    code: 'Order no.', state: 'State', buyer: 'Buyer', createdAt: 'Applied', lineCount: 'Lines', detail: 'Details',
    orderTitle: 'Purchase order {{code}}', timeline: 'Progress', by: '{{name}}', lineTable: 'Order lines', installed: 'Installed',
    confirm: 'Confirm order', finish: 'Goods received', cancel: 'Cancel order', install: 'Record installation',
    confirmAsk: 'Accept order {{code}}?', finishAsk: 'Have the goods of order {{code}} been received? Installations can be recorded afterwards.',
    cancelTitle: 'Cancel order {{code}}', cancelReason: 'Reason', cancelReasonRequired: 'Give a reason',
    done: { confirm: 'Order confirmed', finish: 'Goods received', cancel: 'Order cancelled' }, actionFailed: 'Failed: {{error}}',
    ok: 'OK', close: 'Close', cancelButton: 'Cancel', waiting: 'Waiting for the {{who}}', supplierSide: 'supplier', buyerSide: 'buyer',
    noActions: 'Nothing for you to do now', entries: 'Installations', noEntries: 'No installation recorded yet',
    installTitle: 'Record installation — {{code}}', orderLine: 'Order line', remaining: '{{n}} pcs not yet installed', installedAt: 'Installed at', installer: 'Installed by',
    installerRequired: 'Name who installed them', codes: 'Device codes', codesHint: 'Scan or paste device codes (or IoT ids), one per line, or separated by commas or spaces',
    checking: 'Checking…', matched: '{{n}} can be recorded', unknownCodes: '{{n}} unknown', refusedCodes: '{{n}} refused',
    willInstall: '{{n}} pcs to install ({{remaining}} left)', tooMany: 'More than what is left', record: 'Record {{n}} devices', recorded: 'Installation recorded for {{n}} devices; their life prediction restarts',
    pickLine: 'Choose an order line', device: 'Device', filterCount: 'Filters', recordedBy: 'Recorded by', lineInstalled: '{{installed}} / {{quantity}}',
  },
};

export function registerPurchaseStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'purchaseUi.horizon') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { purchaseUi: purchaseStrings[lng] }, true, false);
  }
}
