import i18n from 'i18next';
import { CONDITION_NAMES } from '../../../../contract/conditions';
import { DEVICE_IMPORT_COLUMNS } from '../../../../contract/device-admin';
import { deviceResource } from '../../../../contract/resources/device';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { resourceStrings } from '../kit/resourceStrings';

/** The condition types in English (zh: CONDITION_NAMES, SPEC §5's names). */
const CONDITIONS_EN = ['change ≥', 'change >', '<', '=', '>', '< or >', '> and <', '≤', '≥', '≤ or ≥', '≥ and ≤', '< or ≥', '≤ or >', '≥ and <', '> and ≤', 'bitwise'];

const columns = (lng: 'zh' | 'en') => Object.fromEntries(DEVICE_IMPORT_COLUMNS.map((c) => [c.field, c.label[lng]]));

/** Texts of the device pages: `admin:devices.*` (and the definition's under `admin:res.t_device`). */
export const deviceStrings = {
  zh: {
    total: '全部', online: '在线', offline: '离线', alarm: '告警',
    more: '更多', copy: '复制', setProject: '设置项目', changeModel: '更换型号', alarmSettings: '告警设置', import: '批量导入', template: '下载导入模板',
    cancel: '取消', ok: '确定', loadFailed: '加载失败：{{error}}', saveFailed: '保存失败：{{error}}',
    checking: '正在检查是否重复…', available: '可以使用', iotIdTaken: '该物联网ID已被其他设备使用', iccidTaken: '该ICCID已被其他设备使用',
    checkFailed: '无法检查是否重复：{{error}}',
    pickProjectFirst: '请先选择所属项目', noGateway: '该项目没有网关', datePlaceholder: '请选择安装日期',
    copyTitle: '复制设备“{{name}}”', copyHint: '新设备与原设备型号、项目、网关、安装信息和告警设置相同；物联网ID和ICCID须唯一，可另填。',
    newName: '新设备名称', newCode: '新设备编码', copied: '已复制为“{{name}}”', copySuffix: '{{name}}（副本）',
    setProjectTitle: '设置项目（{{count}} 台设备）', project: '所属项目', gateway: '网关', keepGateway: '保留原网关（属于该项目时）',
    noGatewayOption: '不接网关', moved: '已移动 {{count}} 台设备', selectedSetProject: '设置项目（{{count}}）', required: '必填',
    changeModelTitle: '更换型号：{{name}}', currentModel: '当前型号', newModel: '新型号', pickModel: '请选择新型号',
    mapped: '有对应的测点（{{count}}）', unmapped: '没有对应的测点（{{count}}）', added: '新型号新增的测点（{{count}}）',
    unmappedHint: '这些测点在新型号中没有对应：它们的实时值和设备告警设置将被移除，未结束的告警将结束，历史数据保留在原测点下。',
    allMapped: '所有测点在新型号中都有对应，数据将完整保留。', overridesDropped: '以下测点的设备告警设置因告警条件类型不同将被移除：{{names}}',
    fromPoint: '当前测点', toPoint: '新型号测点', by: '对应方式', byTag: '按标签', byName: '按名称',
    confirmChange: '确认更换', changed: '已更换为“{{name}}”', planChanged: '测点对应关系已变化，已重新预览，请再次确认',
    alarmTitle: '告警设置：{{name}}', alarmHint: '空白表示沿用型号的设置；只影响本设备，下一次采样起生效。',
    point: '测点', condition: '告警条件', modelSetting: '型号设置', enabled: '告警', val1: '条件值1', val2: '条件值2',
    inherit: '随型号', on: '启用', off: '停用', noAlarmPoints: '该型号没有设置告警条件的测点', saved: '已保存', resetAll: '全部恢复为型号设置',
    importTitle: '批量导入设备', importHint: '第一行为表头，列依次为：{{columns}}。项目、型号和网关可填编码或名称；日期如 2026-05-01。',
    chooseFile: '选择 .xlsx 文件', check: '检查', importNow: '导入 {{count}} 台设备', checkedOk: '检查通过：{{count}} 台设备可以导入',
    problemsTitle: '发现 {{count}} 处问题，未导入任何设备', sheetRow: '行', column: '列', message: '问题', sheetWhole: '整张表',
    imported: '已导入 {{count}} 台设备', readFailed: '无法读取文件：{{error}}', emptySheet: '表中没有设备行',
    tooMany: '一次最多导入 {{max}} 行，本表有 {{count}} 行', missingColumn: '缺少列“{{column}}”', badDate: '无法识别的日期', badNumber: '应为数字',
    lostDigits: '数字过长，Excel 已丢失末尾数字：请把该列设为文本格式后重新填写',
    templateSheet: '设备导入模板', example: '示例',
    columns: columns('zh'),
    conditions: Object.fromEntries(Object.entries(CONDITION_NAMES)),
  },
  en: {
    total: 'All', online: 'Online', offline: 'Offline', alarm: 'Alarm',
    more: 'More', copy: 'Copy', setProject: 'Set project', changeModel: 'Change model', alarmSettings: 'Alarm settings', import: 'Import', template: 'Import template',
    cancel: 'Cancel', ok: 'OK', loadFailed: 'Could not load: {{error}}', saveFailed: 'Could not save: {{error}}',
    checking: 'Checking for duplicates…', available: 'Available', iotIdTaken: 'Another device uses this IoT id', iccidTaken: 'Another device uses this ICCID',
    checkFailed: 'Could not check for duplicates: {{error}}',
    pickProjectFirst: 'Choose the project first', noGateway: 'The project has no gateway', datePlaceholder: 'Choose the install date',
    copyTitle: 'Copy device "{{name}}"', copyHint: 'The new device has the same model, project, gateway, installation and alarm settings; IoT id and ICCID must be unique and can be given here.',
    newName: 'New name', newCode: 'New code', copied: 'Copied as "{{name}}"', copySuffix: '{{name}} (copy)',
    setProjectTitle: 'Set project ({{count}} devices)', project: 'Project', gateway: 'Gateway', keepGateway: 'Keep the gateway (if of that project)',
    noGatewayOption: 'No gateway', moved: '{{count}} devices moved', selectedSetProject: 'Set project ({{count}})', required: 'Required',
    changeModelTitle: 'Change model: {{name}}', currentModel: 'Current model', newModel: 'New model', pickModel: 'Choose the new model',
    mapped: 'Points with a counterpart ({{count}})', unmapped: 'Points without a counterpart ({{count}})', added: 'New points of the model ({{count}})',
    unmappedHint: 'These points have no counterpart in the new model: their current values and device alarm settings go, their open alarms end, and their history stays under the old points.',
    allMapped: 'Every point has a counterpart in the new model: nothing is lost.', overridesDropped: 'Device alarm settings dropped (other condition type): {{names}}',
    fromPoint: 'Current point', toPoint: 'New point', by: 'Matched by', byTag: 'Tag', byName: 'Name',
    confirmChange: 'Change model', changed: 'Changed to "{{name}}"', planChanged: 'The point mapping changed: it has been previewed again, please confirm once more',
    alarmTitle: 'Alarm settings: {{name}}', alarmHint: 'Empty means the model\'s setting; applies to this device only, from its next sample.',
    point: 'Point', condition: 'Condition', modelSetting: 'Model', enabled: 'Alarm', val1: 'Value 1', val2: 'Value 2',
    inherit: 'As model', on: 'On', off: 'Off', noAlarmPoints: 'The model has no points with an alarm condition', saved: 'Saved', resetAll: 'Reset all to the model',
    importTitle: 'Import devices', importHint: 'The first row is the header; the columns are: {{columns}}. Project, model and gateway by code or name; dates like 2026-05-01.',
    chooseFile: 'Choose an .xlsx file', check: 'Check', importNow: 'Import {{count}} devices', checkedOk: 'Checked: {{count}} devices can be imported',
    problemsTitle: '{{count}} problems found; nothing was imported', sheetRow: 'Row', column: 'Column', message: 'Problem', sheetWhole: 'Whole sheet',
    imported: '{{count}} devices imported', readFailed: 'Could not read the file: {{error}}', emptySheet: 'The sheet has no device rows',
    tooMany: 'At most {{max}} rows at a time; this sheet has {{count}}', missingColumn: 'Column "{{column}}" is missing', badDate: 'Not a date', badNumber: 'Must be a number',
    lostDigits: 'Too long for a number: Excel has dropped its last digits; format the column as text and type it again',
    templateSheet: 'Device import', example: 'Example',
    columns: columns('en'),
    conditions: Object.fromEntries(CONDITIONS_EN.map((name, i) => [i, name])),
  },
};

/** Adds the device texts and the device definition's texts to the `admin` namespace, once. */
export function registerDeviceStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    // Not i18n.exists: it falls back to zh, so English would be taken as there once Chinese is.
    if (i18n.getResource(lng, 'admin', 'devices.total') !== undefined) continue;
    const res = { t_device: resourceStrings(deviceResource as unknown as ResourceDefinition, lng) };
    i18n.addResourceBundle(lng, 'admin', { devices: deviceStrings[lng], res }, true, false);
  }
}
