/**
 * Right codes. The first group is named by SPEC §6; the rest guard the administration endpoints
 * (the specification leaves those codes open). Every server endpoint declares one of these, or
 * `null` for "any signed-in user".
 */
export const Right = {
  NoticePreview: 'notice-preview',
  Buy: 'buy',
  BuyApply: 'buy-apply',
  BuyRecord: 'buy-record',
  DataAnalysisSystem: 'data-analysis-system',
  EnergyAnalysis: 'energy-analysis',
  LifeAnalysis: 'life-analysis',
  EnvironmentAnalysis: 'environment-analysis',
  IotCardSysPreview: 'iot-card-sys-preview',
  AccountPreview: 'account-preview',
  RealAlarmPreview: 'real-alarm-preview',

  NoticeEdit: 'notice-edit',
  ProjectPreview: 'project-preview',
  ProjectEdit: 'project-edit',
  /** Deleting a project takes its members, contacts, graphs and gateway links with it (graver than editing). */
  ProjectDelete: 'project-delete',
  DevicePreview: 'device-preview',
  DeviceEdit: 'device-edit',
  /** Deleting a device removes its values, history and alarms (graver than editing). */
  DeviceDelete: 'device-delete',
  /** Remote control (远程控制): writing set-points and restarting gateways. */
  DeviceControl: 'device-control',
  HistoryAlarmPreview: 'history-alarm-preview',
  /** Acknowledging real-time alarms and dealing with alarms (告警处理), within the data scope. */
  AlarmDeal: 'alarm-deal',
  ProductPreview: 'product-preview',
  ProductEdit: 'product-edit',
  ApplicationPreview: 'application-preview',
  ApplicationEdit: 'application-edit',
  ScreenPreview: 'screen-preview',
  ScreenEdit: 'screen-edit',
  OrgPreview: 'org-preview',
  OrgEdit: 'org-edit',
  OrgDelete: 'org-delete',
  OrgTypePreview: 'org-type-preview',
  OrgTypeEdit: 'org-type-edit',
  RolePreview: 'role-preview',
  RoleEdit: 'role-edit',
  RoleDelete: 'role-delete',
  RightPreview: 'right-preview',
  RightEdit: 'right-edit',
  UserPreview: 'user-preview',
  UserEdit: 'user-edit',
  UserDelete: 'user-delete',
  BaseDataPreview: 'base-data-preview',
  BaseDataEdit: 'base-data-edit',
  LogPreview: 'log-preview',
  SysLogPreview: 'sys-log-preview',
  Backup: 'backup',
  /** POST /api/ingest with a token: gateways and integrations writing measure values. */
  Ingest: 'ingest',
  /** Firmware upgrade and remote debugging (issue 18): see firmware, tasks and debug sessions. */
  UpgradePreview: 'upgrade-preview',
  /** Upload firmware, submit upgrade tasks, ask for debug sessions. */
  UpgradeEdit: 'upgrade-edit',
  /** Approve or reject others' upgrade tasks (t_upgrade/audit). */
  UpgradeAudit: 'upgrade-audit',
  /** Approve or reject others' debug sessions (t_debug/audit). */
  DebugAudit: 'debug-audit',
  /** Import the platform's licence file (授权信息, issue 22). */
  LicenceEdit: 'licence-edit',
  /** The system settings (系统设置, issue 22): dialogs, prices, retention, notifications. */
  SettingsEdit: 'settings-edit',
  /** The IoT card registry (issue 21): register, change and remove cards, sync users to the card platform. */
  CardEdit: 'card-edit',
} as const;
export type RightCode = (typeof Right)[keyof typeof Right];
export const ALL_RIGHTS = Object.values(Right) as RightCode[];

/**
 * The platform's own rights (DESIGN "Tenancy"): a backup holds every organisation's data, settings,
 * licence and organisation types are the whole installation's, `ingest` writes any device's values.
 * Only the internal organisation type's rights cap may hold them, so no tenant role can be given one.
 */
export const PLATFORM_RIGHTS: readonly RightCode[] = [Right.Backup, Right.SettingsEdit, Right.LicenceEdit, Right.OrgTypeEdit, Right.Ingest];

/** The purchasing button shows with any of these (SPEC §6). */
export const BUY_RIGHTS: RightCode[] = [Right.Buy, Right.BuyApply, Right.BuyRecord];
/** The data-analysis button shows with any of these (SPEC §6). */
export const ANALYSIS_RIGHTS: RightCode[] = [
  Right.DataAnalysisSystem, Right.EnergyAnalysis, Right.LifeAnalysis, Right.EnvironmentAnalysis,
];

/** True when `rights` holds `code`. */
export function hasRight(rights: readonly string[], code: string): boolean {
  return rights.includes(code);
}

/** True when `rights` holds any of `codes` (the "any of several" variant of SPEC §6). */
export function hasAnyRight(rights: readonly string[], codes: readonly string[]): boolean {
  return codes.some((c) => rights.includes(c));
}
