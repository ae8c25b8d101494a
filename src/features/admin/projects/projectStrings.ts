import i18n from 'i18next';
import { PROJECT_MEMBER_ROLES } from '../../../../contract/projects';

const roles = (lng: 'zh' | 'en') => Object.fromEntries(PROJECT_MEMBER_ROLES.map((r) => [r.value, r.label[lng]]));

/** Texts of the project pages: `admin:projects.*` (the definitions' own are under `admin:res.*`). */
export const projectStrings = {
  zh: {
    total: '全部', member: '我参与的', alarm: '有告警', empty: '无设备',
    viewList: '列表', viewMap: '地图', mapProjects: '地图上的项目', allProjects: '全部项目', members: '成员', devices: '关联设备', videos: '摄像头', gateways: '网关', exportXml: '导出调试文件',
    more: '更多', back: '返回项目列表', loadFailed: '加载失败：{{error}}', saveFailed: '保存失败：{{error}}', retry: '重试',
    notFound: '项目不存在，或不在您的可见范围内', exported: '已导出 {{name}}',
    mapLoading: '正在加载离线地图…', mapFailed: '离线地图加载失败，稍后自动重试',
    mapHint: '地图上显示有坐标的项目（{{shown}}/{{total}}），点击项目查看详情',
    noCoordinates: '{{count}} 个项目没有坐标，编辑项目即可在地图上选择位置',
    deviceCount: '设备 {{count}} 台', memberCount: '成员 {{count}} 人',
    offlineNotice: '当前使用离线地图，无法精确解析详细地址：请在地图上点击选择位置，或按区域、按地址定位到区域中心后再在地图上修正。',
    pickHint: '点击地图设置经纬度，滚轮缩放',
    locateByAddress: '按地址定位', locateByRegion: '按区域定位',
    locatedRegion: '已定位到区域“{{name}}”的中心（近似位置），可在地图上点击修正',
    locatedProvince: '已定位到“{{name}}”的中心（省级，近似位置），可在地图上点击修正',
    notLocated: '离线状态下无法解析该地址，请选择区域或在地图上点击选择位置',
    regionNoPoint: '所选区域及其上级都没有坐标，请在地图上点击选择位置',
    pickRegionFirst: '请先选择区域',
    picked: '位置：{{longitude}}, {{latitude}}',
    // Members
    membersTitle: '{{name}} · 项目成员', addMembers: '添加成员', removeMember: '移除', confirmRemove: '将“{{name}}”移出项目？',
    removed: '已移出 {{count}} 人', added: '已添加 {{count}} 人', roleChanged: '已改为“{{role}}”',
    username: '账号', nickName: '姓名', org: '所属组织', role: '项目角色', actions: '操作', search: '搜索账号或姓名',
    addTitle: '添加成员到“{{name}}”', addHint: '可添加您数据范围内的用户；成员可查看本项目（即使项目不在其组织的数据范围内），其操作权限仍由角色决定。',
    alreadyMember: '已是成员', pickUsers: '请选择用户', chosen: '已选 {{count}} 人',
    roles: roles('zh'),
    // Devices
    devicesTitle: '{{name}} · 关联设备', candidates: '可关联的设备', inProject: '项目中的设备',
    searchDevices: '搜索设备名称或编码', moveIn: '关联到项目', moveOut: '移出项目', associated: '已关联 {{count}} 台设备', removedDevices: '已移出 {{count}} 台设备',
    confirmRemoveDevices: '将 {{count}} 台设备移出项目？', removeDevicesHint: '移出后设备不属于任何项目、不再接入网关，历史数据保留。',
    gatewayOnAssociate: '关联时接入网关', keepGateway: '不改变（项目内的网关保留）', noGatewayOption: '不接入网关',
    otherProject: '当前：{{name}}', unassigned: '未分配项目',
    // Gateways
    gatewaysTitle: '{{name}} · 网关', gatewayCode: '网关编码', gatewayName: '网关名称', gatewayDevices: '接入设备数',
    addGateway: '添加网关', newGateway: '新建网关', existingGateway: '已有空闲网关', pickGateway: '选择未分配项目的网关',
    noFreeGateway: '没有未分配项目的网关', gatewayAdded: '已添加网关“{{name}}”', wireDevices: '接入设备',
    wireTitle: '接入网关“{{name}}”的设备', wireHint: '选择本项目的设备；网关将收到这些设备的寄存器表并开始采集。',
    wired: '已接入 {{count}} 台设备', noGateways: '该项目还没有网关', keyHint: '新网关的接入密钥在网关管理页面签发。',
    required: '必填', cancel: '取消', ok: '确定',
  },
  en: {
    total: 'All', member: 'Mine', alarm: 'Alarms', empty: 'No devices',
    viewList: 'List', viewMap: 'Map', mapProjects: 'Projects on the map', allProjects: 'All projects', members: 'Members', devices: 'Devices', videos: 'Cameras', gateways: 'Gateways', exportXml: 'Export commissioning file',
    more: 'More', back: 'Back to the projects', loadFailed: 'Could not load: {{error}}', saveFailed: 'Could not save: {{error}}', retry: 'Retry',
    notFound: 'The project does not exist or is not visible to you', exported: '{{name}} exported',
    mapLoading: 'Loading the offline map…', mapFailed: 'The offline map could not be loaded; retrying shortly',
    mapHint: 'Projects with coordinates ({{shown}}/{{total}}); click one for its details',
    noCoordinates: '{{count}} projects have no coordinates: edit a project to pick its place on the map',
    deviceCount: '{{count}} devices', memberCount: '{{count}} members',
    offlineNotice: 'The offline map cannot resolve street addresses: click the map to set the place, or locate by region or address (the region\'s centre) and correct it on the map.',
    pickHint: 'Click the map to set longitude and latitude; scroll to zoom',
    locateByAddress: 'Locate by address', locateByRegion: 'Locate by region',
    locatedRegion: 'Placed at the centre of region "{{name}}" (approximate); click the map to correct it',
    locatedProvince: 'Placed at the centre of "{{name}}" (province level, approximate); click the map to correct it',
    notLocated: 'This address cannot be resolved offline: choose a region or click the map',
    regionNoPoint: 'Neither the region nor the regions above it have coordinates: click the map',
    pickRegionFirst: 'Choose a region first',
    picked: 'Place: {{longitude}}, {{latitude}}',
    membersTitle: '{{name}} · Members', addMembers: 'Add members', removeMember: 'Remove', confirmRemove: 'Remove "{{name}}" from the project?',
    removed: '{{count}} removed', added: '{{count}} added', roleChanged: 'Changed to "{{role}}"',
    username: 'Login', nickName: 'Name', org: 'Organisation', role: 'Project role', actions: 'Actions', search: 'Search login or name',
    addTitle: 'Add members to "{{name}}"', addHint: 'Users of your data scope can be added. Members see this project (even outside their organisation\'s data scope); what they may do is still their roles\'.',
    alreadyMember: 'Member', pickUsers: 'Choose users', chosen: '{{count}} chosen',
    roles: roles('en'),
    devicesTitle: '{{name}} · Devices', candidates: 'Other devices', inProject: 'Devices of the project',
    searchDevices: 'Search name or code', moveIn: 'Associate', moveOut: 'Remove', associated: '{{count}} devices associated', removedDevices: '{{count}} devices removed',
    confirmRemoveDevices: 'Remove {{count}} devices from the project?', removeDevicesHint: 'They will belong to no project and no gateway; their history stays.',
    gatewayOnAssociate: 'Gateway for associated devices', keepGateway: 'Unchanged (kept if of this project)', noGatewayOption: 'No gateway',
    otherProject: 'Now: {{name}}', unassigned: 'No project',
    gatewaysTitle: '{{name}} · Gateways', gatewayCode: 'Code', gatewayName: 'Name', gatewayDevices: 'Devices',
    addGateway: 'Add gateway', newGateway: 'New gateway', existingGateway: 'Unassigned gateway', pickGateway: 'Choose a gateway without a project',
    noFreeGateway: 'No gateway without a project', gatewayAdded: 'Gateway "{{name}}" added', wireDevices: 'Wire devices',
    wireTitle: 'Devices on gateway "{{name}}"', wireHint: 'Choose devices of this project; the gateway is sent their register maps and starts polling them.',
    wired: '{{count}} devices wired', noGateways: 'This project has no gateway yet', keyHint: 'A new gateway\'s key is issued on the gateway page.',
    required: 'Required', cancel: 'Cancel', ok: 'OK',
  },
};

/** Adds the texts under `projects` to the admin namespace (once). */
export function registerProjectStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'projects.total') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { projects: projectStrings[lng] }, true, false);
  }
}
