import { Right, type RightCode } from '../../contract/rights';

/** Names and groups of every right code, for the rights pages (t_right). */
export const RIGHTS_CATALOGUE: { code: RightCode; name: string; group: string }[] = [
  { code: Right.NoticePreview, name: '消息通知预览', group: '消息' },
  { code: Right.NoticeEdit, name: '发送通知', group: '消息' },
  { code: Right.RealAlarmPreview, name: '未处理告警预览', group: '告警' },
  { code: Right.HistoryAlarmPreview, name: '历史告警预览', group: '告警' },
  { code: Right.AlarmDeal, name: '告警处理', group: '告警' },
  { code: Right.Buy, name: '采购助手', group: '采购' },
  { code: Right.BuyApply, name: '智能采购申请', group: '采购' },
  { code: Right.BuyRecord, name: '采购记录', group: '采购' },
  { code: Right.DataAnalysisSystem, name: '数据分析系统', group: '数据分析' },
  { code: Right.EnergyAnalysis, name: '能效分析', group: '数据分析' },
  { code: Right.LifeAnalysis, name: '寿命分析', group: '数据分析' },
  { code: Right.EnvironmentAnalysis, name: '环境分析', group: '数据分析' },
  { code: Right.IotCardSysPreview, name: '物联网卡平台', group: '物联网卡' },
  { code: Right.CardEdit, name: '物联网卡编辑', group: '物联网卡' },
  { code: Right.AccountPreview, name: '个人中心', group: '账号' },
  { code: Right.ProjectPreview, name: '项目查看', group: '项目' },
  { code: Right.ProjectEdit, name: '项目编辑', group: '项目' },
  { code: Right.ProjectDelete, name: '项目删除', group: '项目' },
  { code: Right.DevicePreview, name: '设备查看', group: '设备' },
  { code: Right.DeviceEdit, name: '设备编辑', group: '设备' },
  { code: Right.DeviceDelete, name: '设备删除', group: '设备' },
  { code: Right.DeviceControl, name: '远程控制', group: '设备' },
  { code: Right.ProductPreview, name: '产品查看', group: '产品' },
  { code: Right.ProductEdit, name: '产品编辑', group: '产品' },
  { code: Right.ApplicationPreview, name: '应用查看', group: '应用' },
  { code: Right.ApplicationEdit, name: '应用编辑', group: '应用' },
  { code: Right.ScreenPreview, name: '大屏查看', group: '大屏' },
  { code: Right.ScreenEdit, name: '大屏编辑', group: '大屏' },
  { code: Right.OrgPreview, name: '组织查看', group: '系统管理' },
  { code: Right.OrgEdit, name: '组织编辑', group: '系统管理' },
  { code: Right.OrgDelete, name: '组织删除', group: '系统管理' },
  { code: Right.OrgTypePreview, name: '组织类型查看', group: '系统管理' },
  { code: Right.OrgTypeEdit, name: '组织类型编辑', group: '系统管理' },
  { code: Right.RolePreview, name: '角色查看', group: '系统管理' },
  { code: Right.RoleEdit, name: '角色编辑', group: '系统管理' },
  { code: Right.RoleDelete, name: '角色删除', group: '系统管理' },
  { code: Right.RightPreview, name: '权限查看', group: '系统管理' },
  { code: Right.RightEdit, name: '权限编辑', group: '系统管理' },
  { code: Right.UserPreview, name: '用户查看', group: '系统管理' },
  { code: Right.UserEdit, name: '用户编辑', group: '系统管理' },
  { code: Right.UserDelete, name: '用户删除', group: '系统管理' },
  { code: Right.BaseDataPreview, name: '基础数据查看', group: '系统管理' },
  { code: Right.BaseDataEdit, name: '基础数据编辑', group: '系统管理' },
  { code: Right.LogPreview, name: '我的日志', group: '日志' },
  { code: Right.SysLogPreview, name: '系统日志', group: '系统管理' },
  { code: Right.Backup, name: '数据备份', group: '系统管理' },
  { code: Right.LicenceEdit, name: '授权管理', group: '系统管理' },
  { code: Right.SettingsEdit, name: '系统设置', group: '系统管理' },
  { code: Right.Ingest, name: '数据接入', group: '设备' },
  { code: Right.UpgradePreview, name: '固件升级查看', group: '固件升级' },
  { code: Right.UpgradeEdit, name: '固件升级申请', group: '固件升级' },
  { code: Right.UpgradeAudit, name: '固件升级审核', group: '固件升级' },
  { code: Right.DebugAudit, name: '远程调试审核', group: '固件升级' },
];

/**
 * What the demo operator (an owner organisation's staff) lacks: see issue "Foundation"; and none of
 * the administration of issue 15 (applications, organisations, types, roles, rights, users, base
 * data, everyone's log) — its own log and profile stay.
 */
export const OPERATOR_LACKS: RightCode[] = [
  Right.ApplicationPreview, Right.ApplicationEdit, Right.NoticePreview, Right.NoticeEdit, Right.RealAlarmPreview, Right.Buy, Right.BuyApply, Right.BuyRecord,
  Right.EnergyAnalysis, Right.OrgPreview, Right.OrgEdit, Right.OrgDelete, Right.OrgTypePreview, Right.OrgTypeEdit,
  Right.RolePreview, Right.RoleEdit, Right.RoleDelete, Right.RightPreview, Right.RightEdit, Right.UserPreview, Right.UserEdit,
  Right.UserDelete,
  Right.BaseDataPreview, Right.BaseDataEdit, Right.SysLogPreview, Right.Backup, Right.Ingest, Right.LicenceEdit,
  Right.SettingsEdit,
  // Remote control is granted on purpose, not with device editing.
  Right.DeviceControl,
  // The card registry is the platform's business; the owner's staff open the card platform to read it.
  Right.CardEdit,
];

/**
 * The guest account's role (游客访问): looking only. The big screen (/monitor) and the statistics
 * need no right beyond being signed in; these add the device and project views and the real-time
 * alarm list, and nothing that edits, administers, purchases or reads personal data.
 */
export const GUEST_RIGHTS: RightCode[] = [Right.ProjectPreview, Right.DevicePreview, Right.RealAlarmPreview];
