import i18n from 'i18next';
import { CARD_STATUS_LABELS } from '../../../../contract/cards';

const statuses = (lng: 'zh' | 'en') => Object.fromEntries(Object.entries(CARD_STATUS_LABELS).map(([k, v]) => [k, v[lng]]));

/** Texts of 物联网卡: `admin:cards.*`. */
export const cardStrings = {
  zh: {
    tabCards: '物联网卡', tabWarnings: '预警列表', tabUsers: '平台账号',
    loadFailed: '加载失败：{{error}}', saveFailed: '保存失败：{{error}}', refresh: '刷新', actions: '操作', cancel: '取消', save: '保存',
    keyword: 'ICCID / 卡号 / 设备', allStatuses: '全部状态', allOrgs: '全部组织', bound: '绑定', anyBinding: '全部', boundYes: '已绑定设备', boundNo: '未绑定设备',
    add: '登记物联网卡', edit: '编辑', del: '删除', delConfirm: '删除物联网卡 {{iccid}}？', deleted: '已删除', saved: '已保存',
    iccid: 'ICCID', msisdn: '卡号(MSISDN)', org: '所属组织', status: '状态', carrier: '运营商', plan: '套餐', usage: '流量(MB)', used: '已用流量(MB)',
    limit: '流量上限(MB)', limitHelp: '0 表示不限', activatedAt: '激活日期', expiresAt: '到期日期', remark: '备注', device: '绑定设备', project: '项目',
    unlimited: '不限', iccidRequired: '请输入 19–20 位数字的 ICCID', msisdnPattern: '卡号应为 11–15 位数字', orgRequired: '请选择所属组织',
    addTitle: '登记物联网卡', editTitle: '编辑物联网卡 {{iccid}}', bindingHelp: '设备的 ICCID 与本卡相同即视为绑定（在设备列表中填写设备的 ICCID）',
    days: '预警天数', daysSuffix: '天内到期', reasons: '预警原因', usageReason: '流量将尽 {{pct}}%', expiryReason: '{{days}} 天后到期', expiredReason: '已过期',
    noWarnings: '没有需要预警的物联网卡', warnHint: '流量达到上限的 90% 或在所选天数内到期的卡（库存卡与预销户卡除外）',
    user: '用户', nickName: '姓名', enabled: '状态', on: '启用', off: '停用', syncedAt: '同步时间', syncUsers: '同步用户', syncOrg: '同步的组织',
    syncDone: '同步完成：新增 {{added}}，保留 {{kept}}，停用 {{disabled}}', syncHint: '把该组织中拥有“物联网卡平台”权限的用户同步为物联网卡平台账号；失去权限或被停用的用户的账号将停用。',
    enable: '启用', disable: '停用', stateChanged: '已更新', readOnly: '您没有“物联网卡编辑”权限，只能查看',
    statuses: statuses('zh'),
  },
  en: {
    tabCards: 'IoT cards', tabWarnings: 'Warnings', tabUsers: 'Platform accounts',
    loadFailed: 'Could not load: {{error}}', saveFailed: 'Could not save: {{error}}', refresh: 'Refresh', actions: 'Actions', cancel: 'Cancel', save: 'Save',
    keyword: 'ICCID / number / device', allStatuses: 'All statuses', allOrgs: 'All organisations', bound: 'Binding', anyBinding: 'All', boundYes: 'Bound to a device', boundNo: 'Not bound',
    add: 'Register a card', edit: 'Edit', del: 'Delete', delConfirm: 'Delete IoT card {{iccid}}?', deleted: 'Deleted', saved: 'Saved',
    iccid: 'ICCID', msisdn: 'MSISDN', org: 'Organisation', status: 'Status', carrier: 'Carrier', plan: 'Plan', usage: 'Data (MB)', used: 'Data used (MB)',
    limit: 'Data limit (MB)', limitHelp: '0 means unlimited', activatedAt: 'Activated', expiresAt: 'Expires', remark: 'Remark', device: 'Device', project: 'Project',
    unlimited: 'unlimited', iccidRequired: 'Enter an ICCID of 19–20 digits', msisdnPattern: 'The number has 11–15 digits', orgRequired: 'Choose the organisation',
    addTitle: 'Register an IoT card', editTitle: 'Edit IoT card {{iccid}}', bindingHelp: 'A device with the same ICCID holds this card (set a device\'s ICCID in the device list)',
    days: 'Horizon', daysSuffix: 'days to expiry', reasons: 'Why', usageReason: 'Data {{pct}}% used', expiryReason: 'Expires in {{days}} days', expiredReason: 'Expired',
    noWarnings: 'No IoT card needs attention', warnHint: 'Cards with 90 % of their data used, or expiring within the chosen days (stock and pre-cancellation cards excepted)',
    user: 'User', nickName: 'Name', enabled: 'State', on: 'On', off: 'Off', syncedAt: 'Synced', syncUsers: 'Sync users', syncOrg: 'Organisation to sync',
    syncDone: 'Synced: {{added}} added, {{kept}} kept, {{disabled}} switched off', syncHint: 'Gives the organisation\'s users who hold the IoT card platform right an account on the card platform; accounts of users who lost the right or were disabled are switched off.',
    enable: 'Switch on', disable: 'Switch off', stateChanged: 'Updated', readOnly: 'You lack the "IoT card editing" right: read only',
    statuses: statuses('en'),
  },
};

/** Adds the card texts to the `admin` namespace, once. */
export function registerCardStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'cards.tabCards') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { cards: cardStrings[lng] }, true, false);
  }
}
