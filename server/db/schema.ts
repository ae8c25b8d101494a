import type { Generated } from 'kysely';

/** Kysely table types of the migrations (006 adds `version` to the administered tables). `D<T>` marks a column with a database default. */
type D<T> = Generated<T>;
type Id = Generated<number>;

export interface DB {
  sys_setting: { key: string; value: string };
  t_org_type: { version: D<number>; id: Id; org_type: number; name: string; remark: D<string> };
  t_region: { version: D<number>; id: Id; parent_id: number | null; name: string; code: D<string>; lng: number | null; lat: number | null };
  t_industry: { version: D<number>; id: Id; name: string };
  t_manufactor: { version: D<number>; id: Id; name: string; contact: D<string>; phone: D<string> };
  t_org: { version: D<number>;
    id: Id; parent_id: number | null; name: string; code: string; org_type: number; region_id: number | null;
    industry_id: number | null; address: D<string>; disabled: D<number>; created_at: number;
  };
  t_application: { version: D<number>; id: Id; name: string; code: string; remark: D<string>; can_login: D<number>; created_at: number };
  t_app_org: { app_id: number; org_id: number };
  t_right: { code: string; name: string; group_name: D<string>; sort_order: D<number> };
  t_role: { version: D<number>; id: Id; org_id: number | null; name: string; data_scope: D<string>; remark: D<string>; created_at: number };
  t_role_right: { role_id: number; right_code: string };
  t_org_type_right: { org_type: number; right_code: string };
  t_org_type_role: { version: D<number>; id: Id; org_type: number; name: string; data_scope: D<string>; remark: D<string>; created_at: number };
  t_org_type_role_right: { type_role_id: number; right_code: string };
  t_role_measure: { role_id: number; measure_id: number };
  t_user: { version: D<number>;
    id: Id; username: string; nick_name: D<string>; password_hash: string; org_id: number; avatar: D<string>;
    phone: D<string>; email: D<string>; sex: D<number>; wx_open_id: D<string>; app_open_id: D<string>;
    is_super: D<number>; is_guest: D<number>; disabled: D<number>; failed_logins: D<number>;
    locked_until: number | null; custom_set: D<string>; created_at: number; deleted_at: number | null;
  };
  t_user_role: { user_id: number; role_id: number };
  t_data_right: { id: Id; role_id: number; right_type: string; target_id: number };
  t_session: {
    id: Id; user_id: number; token_hash: string; app_id: number | null; created_at: number; expires_at: number;
    revoked_at: number | null;
    /** 021: the session a token refresh replaced this one with (the hub follows it). */
    replaced_by: number | null;
  };
  /** 022: failed logins per account and client address, and the address's lock. */
  t_login_lock: { user_id: number; ip: string; failures: D<number>; locked_until: number | null; updated_at: number };
  t_menu: {
    id: Id; parent_id: D<number>; name: string; title: string; title_en: D<string>; path: string; icon: D<string>;
    sort_order: D<number>; right_code: string | null; type: D<string>;
  };
  t_project_group: { version: D<number>; id: Id; name: string; org_id: number };
  t_project: { version: D<number>;
    id: Id; name: string; code: string; org_id: number; group_id: number | null; region_id: number | null;
    industry_id: number | null; city: D<string>; address: D<string>; lng: number | null; lat: number | null;
    remark: D<string>; created_by: number | null; created_at: number;
  };
  t_project_member: { project_id: number; user_id: number; role: D<string> };
  t_contacts: { version: D<number>; id: Id; org_id: number; name: string; phone: D<string>; email: D<string>;
    /** 013: the contact's webhook ('' for none) and its HMAC secret (write-only). */
    webhook_url: D<string>; webhook_secret: D<string>;
  };
  t_project_contacts: { project_id: number; contact_id: number;
    /** 013: warn levels told, as bits 1 << level (7: all); 0 = first line, 1, 2… on escalation. */
    warn_mask: D<number>; escalation_level: D<number>;
  };
  /** 013: alarm notifications (server/notifications/README.md). */
  t_alarm_notification: {
    id: Id; alarm_id: number; contact_id: number; contact_name: D<string>; channel: string; escalation_level: D<number>;
    delivery_id: string; state: D<string>; attempts: D<number>; next_attempt_at: number; target: D<string>;
    last_error: D<string>; last_attempt_at: number | null; sent_at: number | null; created_at: number;
  };
  t_alarm_notification_attempt: {
    id: Id; notification_id: number; attempt: number; started_at: number; finished_at: number | null; ok: number | null;
    error: D<string>;
  };
  t_alarm_escalation: {
    alarm_id: number; project_id: number | null; warn_level: number; level: D<number>; next_at: number | null;
    finished: D<string>; updated_at: number;
  };
  t_device_type: { version: D<number>; id: number; name: string };
  t_device_category_scheme: { version: D<number>; id: Id; name: string };
  t_device_category: { version: D<number>; id: Id; scheme_id: number; parent_id: number | null; name: string };
  t_device_model: { version: D<number>;
    id: Id; name: string; code: string; device_type_id: number; manufactor_id: number | null;
    category_id: number | null; remark: D<string>; created_at: number;
    /** 010: the picture's upload path ('' for none). */
    picture: D<string>;
  };
  t_measure_tag_group: { version: D<number>; id: Id; name: string };
  t_measure_tag: { version: D<number>; id: number; group_id: number | null; name: string; unit: D<string> };
  t_measure_group: { version: D<number>; id: Id; device_model_id: number; name: string; sort_order: D<number> };
  t_measure: { version: D<number>;
    id: Id; device_model_id: number; group_id: number | null; tag_id: number | null; name: string; unit: D<string>;
    measure_type: D<number>; data_type: D<string>; modbus_code: D<number>; register_addr: D<number>; access: D<number>;
    decimals: D<number>; min_value: number | null; max_value: number | null; condition_type: number | null;
    condition_val1: number | null; condition_val2: number | null; warn_level: D<number>; printf: D<string>;
    alarm_enabled: D<number>; sort_order: D<number>;
  };
  t_gateway: { version: D<number>;
    id: Id; project_id: number | null; code: string; name: string; config: D<string>; created_at: number;
    /** sha256 of the gateway's X-Gateway-Key (002); null: the gateway has no key. */
    key_hash: D<string | null>;
  };
  t_device: { version: D<number>;
    id: Id; name: string; code: string; project_id: number | null; device_model_id: number; device_type_id: number;
    gateway_id: number | null; iot_id: D<string>; iccid: D<string>; state: D<number>; last_seen_at: number | null;
    install_date: number | null; lng: number | null; lat: number | null; created_at: number;
    /** 017: the firmware version it runs ('' unknown). */
    firmware_ver: D<string>;
  };
  t_device_measure: {
    device_id: number; measure_id: number; alarm_enabled: number | null; condition_val1: number | null;
    condition_val2: number | null;
  };
  t_real_measure: { device_id: number; measure_id: number; value: number | null; text_value: string | null; ts: number };
  t_real_measure_warning: AlarmRow;
  t_history_measure_warning: AlarmRow & {
    cleared_at: number | null; dealed_at: number | null; dealed_by: number | null; deal_remark: D<string>;
    /** 020: acknowledged from 实时告警 (the escalation stops), apart from dealing with it. */
    acked_at: number | null; acked_by: number | null;
  };
  t_history_online: { id: Id; device_id: number; state: number; ts: number };
  t_history_measure: { device_id: number; measure_id: number; ts: number; value: number };
  t_history_measure_1m: RollupRow;
  t_history_measure_1h: RollupRow;
  /** 023: the energy page's folds of the hourly rollups (server/analysis/energy/). */
  t_energy_day: EnergySums & { device_id: number; day: number };
  t_energy_month: EnergySums & { device_id: number; month: number };
  t_energy_dirty: { device_id: number; day: number; marked_at: number };
  t_history_message: {
    id: Id; user_id: number; type: number; content: string; data: D<string>; is_readed: D<number>;
    is_dealed: D<number>; created_at: number;
  };
  t_history_log: {
    id: Id; user_id: number | null; username: D<string>; action: string; target: D<string>; detail: D<string>;
    ip: D<string>; created_at: number;
  };
  /** 026: purchase orders and installation lists (server/routes/purchase/). */
  t_order: {
    id: Id; version: D<number>; code: string; state: D<string>; buyer_org_id: number; buyer_org_name: string; created_by: number | null;
    created_by_name: D<string>; supplier_org_id: number; supplier_org_name: string; remark: D<string>; created_at: number;
    updated_at: number; confirmed_at: number | null; confirmed_by: number | null; confirmed_by_name: D<string>; finished_at: number | null;
    finished_by: number | null; finished_by_name: D<string>; cancelled_at: number | null; cancelled_by: number | null;
    cancelled_by_name: D<string>; cancel_reason: D<string>;
  };
  t_order_details: {
    id: Id; order_id: number; project_id: number; project_name: string; filter_id: number; filter_code: string; filter_name: string;
    quantity: number; unit_price: D<number>; due_at: number | null; sort_order: D<number>;
  };
  t_device_install: { id: Id; order_id: number; created_at: number };
  t_device_install_details: {
    id: Id; install_id: number; order_detail_id: number | null; device_id: number; device_code: string; device_name: string;
    project_name: D<string>; filter_id: number; filter_name: string; quantity: D<number>; installed_at: number; installer: string;
    recorded_by: number | null; recorded_by_name: D<string>; recorded_at: number;
  };
  t_screen_tpl: { version: D<number>;
    id: Id; name: string; content: D<string>; is_default: D<number>; is_active: D<number>; org_id: number | null;
    created_by: number | null; created_at: number; updated_at: number;
    /** 009: a PNG/WebP/JPEG data URL; the default-multi flag; who saved it last. */
    thumbnail: string | null; is_default_multi: D<number>; updated_by: number | null;
  };
  /** 009: each save's document by the row version it produced. */
  t_screen_tpl_revision: {
    id: Id; template_id: number; version: number; name: string; content: string; widget_count: D<number>; saved_by: number | null;
    saved_at: number;
  };
  t_project_graph: {
    id: Id; project_id: number; name: string; xml: D<string>; content: D<string>; is_default: D<number>;
    is_active: D<number>; created_at: number; updated_at: number;
  };
  /** 015: a project's camera channels (nv_associate_video). */
  t_project_video: {
    id: Id; project_id: number; name: string; stream_url: string; sort_order: D<number>; version: D<number>; created_at: number;
    updated_at: number;
  };
  t_playlist: {
    id: Id; name: string; enabled: D<number>; org_id: number | null; created_by: number | null; created_at: number; updated_at: number;
  };
  t_playlist_item: {
    id: Id; playlist_id: number; position: number; kind: string; template_id: number | null; project_id: number | null;
    graph_id: number | null; duration_sec: number; title: string | null;
  };
  /** 031: a video wall (issue 23); template_ids a JSON array of template ids, variables a JSON object of strings. */
  t_wall: {
    id: Id; name: string; rows: number; cols: number; screen_width: number; screen_height: number; bezel_x: D<number>; bezel_y: D<number>;
    template_ids: D<string>; rotate_seconds: D<number>; idle_seconds: D<number>; variables: D<string>; remark: D<string>;
    epoch: number; org_id: number | null; created_by: number | null; updated_at: number;
  };
  /** 031: a wall's display credentials, stored as their digest; tile 'r,c' or null for the whole wall. */
  t_wall_token: {
    id: Id; wall_id: number; tile: string | null; name: string; token_hash: string; created_by: number | null; created_at: number;
    last_used_at: number | null; revoked_at: number | null;
  };
  /** 011: commands waiting for, or taken by, a gateway (server/gateway/command-queue.ts). */
  t_gateway_command: {
    id: Id; gateway_id: number; device_id: number | null; kind: string; payload: D<string>; state: D<string>;
    result_code: number | null; result_message: D<string>; result_detail: D<string>; attempts: D<number>; created_by: number | null;
    created_at: number; taken_at: number | null; lease_until: number | null; finished_at: number | null; deadline: number;
  };
  /** 011: pushes of a device model's measure table to its devices, and one row per device. */
  t_product_sync: {
    id: Id; device_model_id: number; created_by: number | null; created_at: number; state: D<string>; measure_count: D<number>;
    table_digest: D<string>; finished_at: number | null;
  };
  t_product_sync_item: {
    id: Id; sync_id: number; device_id: number; gateway_id: number | null; command_id: number | null; register_count: D<number>;
    payload_digest: D<string>; state: string; result_code: number | null; result_message: D<string>; tries: D<number>;
    updated_at: number; finished_at: number | null;
  };
  t_data_dict: { version: D<number>; id: Id; dict_type: string; code: string; label: string; sort_order: D<number> };
  t_file: {
    id: Id; category: string; path: string; size: number; content_type: string; user_id: number | null;
    created_at: number;
  };
  /** 027: the IoT card platform (server/routes/cards/) and the filter catalogue sync (server/routes/filter-catalogue/). */
  t_card: {
    id: Id; iccid: string; msisdn: D<string>; org_id: number; status: D<number>; carrier: D<string>; plan_name: D<string>;
    data_used_mb: D<number>; data_limit_mb: D<number>; activated_at: number | null; expires_at: number | null; remark: D<string>;
    created_at: number; updated_at: number; version: D<number>;
  };
  t_card_user: { id: Id; user_id: number; org_id: number; enabled: D<number>; synced_at: number };
  t_card_token: { id: Id; token_hash: string; user_id: number; org_id: number; created_at: number; expires_at: number };
  t_lcc_sync: {
    id: Id; kind: string; source_url: string; upstream_version: D<string>; payload: string; state: D<string>; added: D<number>;
    changed: D<number>; removed: D<number>; kept: D<number>; unchanged: D<number>; created_by: number | null; created_at: number;
    applied_by: number | null; applied_at: number | null;
  };
  t_lcc_sync_items: {
    id: Id; sync_id: number; code: string; name: string; action: string; before_json: D<string>; after_json: D<string>;
    fields: D<string>; note: D<string>;
  };
  /** 017: firmware upgrade and remote debugging (server/routes/upgrades/README.md). */
  t_upgrade_file: {
    id: Id; device_model_id: number; file_name: string; file_ver: string; md5: string; size: number; stored_name: string;
    remark: D<string>; created_by: number | null; created_at: number;
  };
  t_upgrade_task: {
    id: Id; file_id: number; device_model_id: number; state: D<string>; remark: D<string>; timeout_s: number; created_by: number | null;
    created_at: number; audited_by: number | null; audited_at: number | null; audit_remark: D<string>; finished_at: number | null;
  };
  t_upgrade_item: {
    id: Id; task_id: number; device_id: number; gateway_id: number | null; command_id: number | null; from_ver: D<string>;
    state: D<string>; result_code: number | null; result_message: D<string>; updated_at: number; finished_at: number | null;
  };
  t_debug_session: {
    id: Id; device_id: number; reason: string; duration_min: number; state: D<string>; created_by: number | null; created_at: number;
    audited_by: number | null; audited_at: number | null; audit_remark: D<string>; starts_at: number | null; ends_at: number | null;
  };
  /** 030: imported licence files, the newest in force (server/licence/). */
  t_licence: {
    id: Id; licence_id: string; licensee: string; expiry: string; content: string; imported_by: number | null; imported_at: number;
  };
  /** 032: video wall tiles' sampled health reports and their events (server/walls/wall-health.ts); tile is 'r,c'. */
  t_wall_tile_report: {
    id: Id; wall_id: number; tile: string; at: number; fps: number; heap_mb: number | null; data_age_ms: number | null;
    reconnects: D<number>; errors: D<number>; template_id: number | null; data_version: number | null; state: string; reasons: D<string>;
  };
  t_wall_tile_event: { id: Id; wall_id: number; tile: string; at: number; kind: string; detail: D<string> };
  /** 024: filter types and models with their life settings, devices' filters and life predictions (server/analysis/life/). */
  t_filter_type: { version: D<number>; id: Id; code: string; name: string; remark: D<string>; sort_order: D<number>; created_at: number };
  t_life_formula: {
    version: D<number>; id: Id; name: string; source: string; remark: D<string>; created_by: number | null; created_at: number;
    updated_at: number;
  };
  t_filter: {
    version: D<number>; id: Id; code: string; name: string; filter_type_id: number; supplier_org_id: number | null; lead_days: D<number>;
    unit_price: D<number>; initial_pa: number; final_pa: number | null; final_multiple: number | null; rated_air_m3h: number;
    dust_capacity_g: number | null; capture_efficiency: D<number>; max_days: number | null; warn_days: D<number>;
    /** 'auto' | 'trend' | 'dust' | 'formula' (contract/life.ts FilterAlg). */
    alg: D<string>; formula_id: number | null; remark: D<string>; created_at: number; updated_at: number;
  };
  t_device_filter: { device_id: number; filter_id: number; quantity: D<number>; installed_at: number; installed_by: number | null };
  t_device_life: {
    device_id: number; filter_id: number; used_ratio: number | null; predicted_at: number | null; interval_low: number | null;
    interval_high: number | null;
    /** 'trend' | 'dust' | 'days' | 'formula'; null: nothing could predict (detail says why). */
    reason: string | null; cycle_start: number | null; detail: D<string>; computed_at: number; warned_at: number | null;
  };
  /** Daily means (site days) the life service folds from the hourly rollups. */
  t_device_life_day: {
    device_id: number; day: number; resistance_pa: number | null; air_m3h: number | null; upstream_pm: number | null; run_hours: number | null;
  };
}

/** One bucket of a measure's values: `bucket` is the epoch ms the bucket starts at. */
/** 023: per device and day or month: hours, electricity, air moved, resistance and air-energy sums. */
export interface EnergySums {
  hours: D<number>; energy_kwh: number | null; energy_hours: D<number>; air_m3: number | null; air_hours: D<number>;
  pa_sum: number | null; pa_hours: D<number>; qp_m3: number | null; qpa: number | null; qp_hours: D<number>;
}

interface RollupRow {
  device_id: number; measure_id: number; bucket: number; min_value: number; max_value: number; sum_value: number;
  sample_count: number;
}

interface AlarmRow {
  id: Id; device_id: number; measure_id: number; project_id: number | null; warn_level: D<number>;
  condition_type: number; condition_val1: number | null; condition_val2: number | null;
  sample_value: number | null; content: string; raised_at: number;
}
