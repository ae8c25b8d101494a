import { Right } from '../../contract/rights';

export interface MenuSeed {
  name: string;
  title: string;
  titleEn: string;
  path: string;
  icon?: string;
  rightCode?: string;
  children?: MenuSeed[];
}

/** The permission-driven routes of SPEC §2, in menu order. */
export const APP_MENU: MenuSeed[] = [
  { name: 'nv_application', title: '应用管理', titleEn: 'Applications', path: '/nv_application', icon: 'app', children: [
    { name: 'nv_application_static', title: '应用统计', titleEn: 'Statistics', path: '/nv_application/nv_application_static', rightCode: Right.ApplicationPreview },
    { name: 'nv_application_list', title: '应用列表', titleEn: 'Application list', path: '/nv_application/nv_application_list', rightCode: Right.ApplicationPreview },
    { name: 'nv_application_associate', title: '应用关联', titleEn: 'Associations', path: '/nv_application/nv_application_associate', rightCode: Right.ApplicationEdit },
    { name: 'nv_org_associate', title: '组织关联', titleEn: 'Organisations', path: '/nv_application/nv_org_associate', rightCode: Right.ApplicationEdit },
  ] },
  { name: 'nv_product', title: '产品管理', titleEn: 'Products', path: '/nv_product', icon: 'product', children: [
    { name: 'nv_product_list', title: '产品列表', titleEn: 'Product list', path: '/nv_product/nv_product_list', rightCode: Right.ProductPreview },
    { name: 'nv_measure_point', title: '测点管理', titleEn: 'Measure points', path: '/nv_product/nv_measure_point', rightCode: Right.ProductPreview },
    { name: 'nv_product_sync', title: '产品同步', titleEn: 'Product sync', path: '/nv_product/nv_product_sync', rightCode: Right.ProductEdit },
    { name: 'nv_measure_tag', title: '测点标签', titleEn: 'Measure tags', path: '/nv_product/nv_measure_tag', rightCode: Right.ProductPreview },
    { name: 'nv_product_category', title: '产品分类', titleEn: 'Categories', path: '/nv_product/nv_product_category', rightCode: Right.ProductPreview },
    { name: 'nv_filter_sync', title: '滤网目录同步', titleEn: 'Filter catalogue sync', path: '/nv_product/nv_filter_sync', rightCode: Right.ProductPreview },
  ] },
  { name: 'nv_project', title: '项目管理', titleEn: 'Projects', path: '/nv_project', icon: 'project', children: [
    { name: 'nv_project_list', title: '项目列表', titleEn: 'Project list', path: '/nv_project/nv_project_list', rightCode: Right.ProjectPreview },
    { name: 'nv_project_group', title: '项目分组', titleEn: 'Project groups', path: '/nv_project/nv_project_group', rightCode: Right.ProjectPreview },
    { name: 'nv_project_graph', title: '组态管理', titleEn: 'Project graphs', path: '/nv_project/nv_project_graph', rightCode: Right.ProjectPreview },
    { name: 'nv_graph_lib', title: '组态库', titleEn: 'Graph library', path: '/nv_project/nv_graph_lib', rightCode: Right.ProjectPreview },
    { name: 'nv_project_graph_lib', title: '项目组态库', titleEn: 'Project graph library', path: '/nv_project/nv_project_graph_lib', rightCode: Right.ProjectPreview },
  ] },
  { name: 'nv_monitor', title: '监控中心', titleEn: 'Monitoring', path: '/nv_monitor', icon: 'screen', children: [
    { name: 'nv_device_monitor', title: '设备监控', titleEn: 'Device monitoring', path: '/nv_monitor/nv_device_monitor', rightCode: Right.DevicePreview },
  ] },
  { name: 'nv_iot', title: '物联网', titleEn: 'IoT', path: '/nv_iot', icon: 'iot', children: [
    { name: 'nv_iot_monitor', title: '物联网监控', titleEn: 'IoT monitor', path: '/nv_iot/nv_iot_monitor', rightCode: Right.DevicePreview },
    { name: 'nv_iot_device_list', title: '设备列表', titleEn: 'Device list', path: '/nv_iot/nv_iot_device_list', rightCode: Right.DevicePreview },
    { name: 'nv_iot_device', title: '物联网设备', titleEn: 'IoT devices', path: '/nv_iot/nv_iot_device', rightCode: Right.DevicePreview },
    { name: 'nv_upgrade', title: '固件升级', titleEn: 'Firmware upgrade', path: '/nv_iot/nv_upgrade', rightCode: Right.UpgradePreview },
    { name: 'nv_debug', title: '远程调试', titleEn: 'Remote debugging', path: '/nv_iot/nv_debug', rightCode: Right.UpgradePreview },
    { name: 'nv_iot_gateway', title: '网关管理', titleEn: 'Gateways', path: '/nv_iot/nv_iot_gateway', rightCode: Right.DevicePreview },
    { name: 'nv_iot_product', title: '物联网产品', titleEn: 'IoT products', path: '/nv_iot/nv_iot_product', rightCode: Right.ProductPreview },
    { name: 'nv_iot_measure_point', title: '物联网测点', titleEn: 'IoT measure points', path: '/nv_iot/nv_iot_measure_point', rightCode: Right.ProductPreview },
    { name: 'nv_iot_card', title: '物联网卡', titleEn: 'IoT cards', path: '/nv_iot/nv_iot_card', rightCode: Right.IotCardSysPreview },
  ] },
  { name: 'nv_intelligent_alarm', title: '智能告警', titleEn: 'Alarms', path: '/nv_intelligent_alarm', icon: 'alarm', children: [
    { name: 'nv_realtime_alarm', title: '实时告警', titleEn: 'Real-time alarms', path: '/nv_intelligent_alarm/nv_realtime_alarm', rightCode: Right.RealAlarmPreview },
    { name: 'nv_history_alarm', title: '历史告警', titleEn: 'Alarm history', path: '/nv_intelligent_alarm/nv_history_alarm', rightCode: Right.HistoryAlarmPreview },
    { name: 'nv_alarm_contacts', title: '告警联系人', titleEn: 'Alarm contacts', path: '/nv_intelligent_alarm/nv_alarm_contacts', rightCode: Right.HistoryAlarmPreview },
  ] },
  { name: 'nv_system', title: '系统管理', titleEn: 'System', path: '/nv_system', icon: 'system', children: [
    { name: 'nv_screen', title: '大屏管理', titleEn: 'Screens', path: '/nv_system/nv_screen', rightCode: Right.ScreenPreview },
    { name: 'nv_kiosk_playlists', title: '轮播列表', titleEn: 'Kiosk playlists', path: '/nv_system/nv_kiosk_playlists', rightCode: Right.ScreenEdit },
    { name: 'nv_video_wall', title: '视频墙', titleEn: 'Video walls', path: '/nv_system/nv_video_wall', rightCode: Right.ScreenEdit },
    { name: 'nv_wall_health', title: '墙体健康', titleEn: 'Wall health', path: '/nv_system/nv_wall_health', rightCode: Right.ScreenPreview },
    { name: 'nv_org_type', title: '组织类型', titleEn: 'Organisation types', path: '/nv_system/nv_org_type', rightCode: Right.OrgTypePreview },
    { name: 'nv_organize', title: '组织管理', titleEn: 'Organisations', path: '/nv_system/nv_organize', rightCode: Right.OrgPreview },
    { name: 'nv_users', title: '用户管理', titleEn: 'Users', path: '/nv_system/nv_users', rightCode: Right.UserPreview },
    { name: 'nv_roles', title: '角色管理', titleEn: 'Roles', path: '/nv_system/nv_roles', rightCode: Right.RolePreview },
    { name: 'nv_auth', title: '权限管理', titleEn: 'Rights', path: '/nv_system/nv_auth', rightCode: Right.RightPreview },
    { name: 'nv_org_auth', title: '组织授权', titleEn: 'Organisation authorisation', path: '/nv_system/nv_org_auth', rightCode: Right.RightPreview },
    { name: 'nv_visitor', title: '访客管理', titleEn: 'Visitors', path: '/nv_system/nv_visitor', rightCode: Right.UserPreview },
    { name: 'nv_account', title: '个人中心', titleEn: 'My account', path: '/nv_system/nv_account', rightCode: Right.AccountPreview },
    { name: 'nv_base_data', title: '基础数据', titleEn: 'Base data', path: '/nv_system/nv_base_data', rightCode: Right.BaseDataPreview },
    { name: 'nv_settings', title: '系统设置', titleEn: 'Settings', path: '/nv_system/nv_settings', rightCode: Right.SettingsEdit },
  ] },
  { name: 'nv_log', title: '我的日志', titleEn: 'My log', path: '/nv_log', icon: 'log', rightCode: Right.LogPreview },
  { name: 'nv_sys_log', title: '系统日志', titleEn: 'System log', path: '/nv_sys_log', icon: 'log', rightCode: Right.SysLogPreview },
  { name: 'nv_data_backup', title: '数据备份', titleEn: 'Backup', path: '/nv_data_backup', icon: 'backup', rightCode: Right.Backup },
  { name: 'nv_about', title: '关于', titleEn: 'About', path: '/nv_about', icon: 'about', children: [
    { name: 'nv_version', title: '版本信息', titleEn: 'Version', path: '/nv_about/nv_version' },
    { name: 'nv_authorize', title: '授权信息', titleEn: 'Licence', path: '/nv_about/nv_authorize' },
  ] },
];

/** The super-administrator layout's sidebar (SPEC §2). */
export const SUPER_MENU: MenuSeed[] = [
  { name: 'nv_screen_graph_lib', title: '大屏模板库', titleEn: 'Screen templates', path: '/nv_screen_graph_lib', icon: 'screen' },
  { name: 'nv_personal_config', title: '个性化配置', titleEn: 'Personal configuration', path: '/nv_personal_config', icon: 'config' },
];
