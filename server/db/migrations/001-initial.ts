import type { Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * The initial schema: the entity families of SPEC §3 and §7. Times are epoch milliseconds
 * (`bigint`), flags are 0/1 integers, JSON documents are text, so both dialects agree.
 * Frozen: later changes go into new migrations.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = (name: string, cols: Record<string, string>, pk?: string[]) =>
    createTable(db, dialect, name, cols, pk ? (t) => t.addPrimaryKeyConstraint(`pk_${name}`, pk as never) : undefined);

  await table('sys_setting', { key: 'text!', value: 'text!' }, ['key']);
  await table('t_org_type', { id: 'id', org_type: 'int!', name: 'text!', remark: "text!=''" });
  await createIndex(db, 't_org_type', ['org_type'], true);
  await table('t_region', { id: 'id', parent_id: 'int', name: 'text!', code: "text!=''", lng: 'real', lat: 'real' });
  await table('t_industry', { id: 'id', name: 'text!' });
  await table('t_manufactor', { id: 'id', name: 'text!', contact: "text!=''", phone: "text!=''" });
  await table('t_org', {
    id: 'id', parent_id: 'int>t_org', name: 'text!', code: 'text!', org_type: 'int!', region_id: 'int>t_region',
    industry_id: 'int>t_industry', address: "text!=''", disabled: 'int!=0', created_at: 'bigint!',
  });
  await createIndex(db, 't_org', ['code'], true);
  await table('t_application', {
    id: 'id', name: 'text!', code: 'text!', remark: "text!=''", can_login: 'int!=1', created_at: 'bigint!',
  });
  await table('t_app_org', { app_id: 'int!>t_application*', org_id: 'int!>t_org*' }, ['app_id', 'org_id']);

  await table('t_right', { code: 'text!', name: 'text!', group_name: "text!=''", sort_order: 'int!=0' }, ['code']);
  await table('t_role', {
    id: 'id', org_id: 'int>t_org', name: 'text!', data_scope: "text!='VOrg'", remark: "text!=''", created_at: 'bigint!',
  });
  await table('t_role_right', { role_id: 'int!>t_role*', right_code: 'text!' }, ['role_id', 'right_code']);
  await table('t_org_type_right', { org_type: 'int!', right_code: 'text!' }, ['org_type', 'right_code']);
  await table('t_user', {
    id: 'id', username: 'text!', nick_name: "text!=''", password_hash: 'text!', org_id: 'int!>t_org',
    avatar: "text!=''", phone: "text!=''", email: "text!=''", sex: 'int!=0', wx_open_id: "text!=''",
    app_open_id: "text!=''", is_super: 'int!=0', is_guest: 'int!=0', disabled: 'int!=0',
    failed_logins: 'int!=0', locked_until: 'bigint', custom_set: "text!='{}'", created_at: 'bigint!',
  });
  await createIndex(db, 't_user', ['username'], true);
  await table('t_user_role', { user_id: 'int!>t_user*', role_id: 'int!>t_role*' }, ['user_id', 'role_id']);
  await table('t_data_right', { id: 'id', role_id: 'int!>t_role*', right_type: 'text!', target_id: 'int!' });
  await table('t_session', {
    id: 'id', user_id: 'int!>t_user*', token_hash: 'text!', app_id: 'int', created_at: 'bigint!',
    expires_at: 'bigint!', revoked_at: 'bigint',
  });
  await createIndex(db, 't_session', ['token_hash'], true);
  await table('t_menu', {
    id: 'id', parent_id: 'int!=0', name: 'text!', title: 'text!', title_en: "text!=''", path: 'text!',
    icon: "text!=''", sort_order: 'int!=0', right_code: 'text', type: "text!='app'",
  });

  await table('t_project_group', { id: 'id', name: 'text!', org_id: 'int!>t_org' });
  await table('t_project', {
    id: 'id', name: 'text!', code: 'text!', org_id: 'int!>t_org', group_id: 'int>t_project_group',
    region_id: 'int>t_region', industry_id: 'int>t_industry', city: "text!=''", address: "text!=''",
    lng: 'real', lat: 'real', remark: "text!=''", created_by: 'int', created_at: 'bigint!',
  });
  await createIndex(db, 't_project', ['org_id']);
  await table('t_project_member', { project_id: 'int!>t_project*', user_id: 'int!>t_user*', role: "text!='member'" }, ['project_id', 'user_id']);
  await table('t_contacts', { id: 'id', org_id: 'int!>t_org', name: 'text!', phone: "text!=''", email: "text!=''" });
  await table('t_project_contacts', { project_id: 'int!>t_project*', contact_id: 'int!>t_contacts*' }, ['project_id', 'contact_id']);

  await table('t_device_type', { id: 'int!', name: 'text!' }, ['id']);
  await table('t_device_category_scheme', { id: 'id', name: 'text!' });
  await table('t_device_category', { id: 'id', scheme_id: 'int!>t_device_category_scheme*', parent_id: 'int', name: 'text!' });
  await table('t_device_model', {
    id: 'id', name: 'text!', code: 'text!', device_type_id: 'int!>t_device_type', manufactor_id: 'int>t_manufactor',
    category_id: 'int>t_device_category', remark: "text!=''", created_at: 'bigint!',
  });
  await table('t_measure_tag_group', { id: 'id', name: 'text!' });
  await table('t_measure_tag', { id: 'int!', group_id: 'int>t_measure_tag_group', name: 'text!', unit: "text!=''" }, ['id']);
  await table('t_measure_group', { id: 'id', device_model_id: 'int!>t_device_model*', name: 'text!', sort_order: 'int!=0' });
  await table('t_measure', {
    id: 'id', device_model_id: 'int!>t_device_model*', group_id: 'int>t_measure_group', tag_id: 'int>t_measure_tag',
    name: 'text!', unit: "text!=''", measure_type: 'int!=0', data_type: "text!='Float'", modbus_code: 'int!=3',
    register_addr: 'int!=0', access: 'int!=0', decimals: 'int!=1', min_value: 'real', max_value: 'real',
    condition_type: 'int', condition_val1: 'real', condition_val2: 'real', warn_level: 'int!=0', printf: "text!=''",
    alarm_enabled: 'int!=0', sort_order: 'int!=0',
  });
  await createIndex(db, 't_measure', ['device_model_id']);
  await table('t_gateway', {
    id: 'id', project_id: 'int>t_project', code: 'text!', name: 'text!', config: "text!='{}'", created_at: 'bigint!',
  });
  await createIndex(db, 't_gateway', ['code'], true);
  await table('t_device', {
    id: 'id', name: 'text!', code: 'text!', project_id: 'int>t_project', device_model_id: 'int!>t_device_model',
    device_type_id: 'int!>t_device_type', gateway_id: 'int>t_gateway', iot_id: "text!=''", iccid: "text!=''",
    state: 'int!=0', last_seen_at: 'bigint', install_date: 'bigint', lng: 'real', lat: 'real', created_at: 'bigint!',
  });
  await createIndex(db, 't_device', ['code'], true);
  await createIndex(db, 't_device', ['project_id', 'id']);
  await table('t_device_measure', {
    device_id: 'int!>t_device*', measure_id: 'int!>t_measure*', alarm_enabled: 'int', condition_val1: 'real', condition_val2: 'real',
  }, ['device_id', 'measure_id']);
  await table('t_real_measure', {
    device_id: 'int!>t_device*', measure_id: 'int!>t_measure*', value: 'real', text_value: 'text', ts: 'bigint!',
  }, ['device_id', 'measure_id']);
  const alarmColumns = {
    id: 'id', device_id: 'int!>t_device*', measure_id: 'int!>t_measure*', project_id: 'int>t_project',
    warn_level: 'int!=0', condition_type: 'int!', condition_val1: 'real', condition_val2: 'real',
    sample_value: 'real', content: 'text!', raised_at: 'bigint!',
  };
  await table('t_real_measure_warning', alarmColumns);
  await createIndex(db, 't_real_measure_warning', ['device_id', 'measure_id'], true);
  await table('t_history_measure_warning', {
    ...alarmColumns, cleared_at: 'bigint', dealed_at: 'bigint', dealed_by: 'int', deal_remark: "text!=''",
  });
  await createIndex(db, 't_history_measure_warning', ['raised_at']);
  await table('t_history_online', { id: 'id', device_id: 'int!>t_device*', state: 'int!', ts: 'bigint!' });
  await createIndex(db, 't_history_online', ['device_id', 'ts']);

  await table('t_history_message', {
    id: 'id', user_id: 'int!>t_user*', type: 'int!', content: 'text!', data: "text!='{}'",
    is_readed: 'int!=0', is_dealed: 'int!=0', created_at: 'bigint!',
  });
  await createIndex(db, 't_history_message', ['user_id', 'is_readed']);
  await table('t_history_log', {
    id: 'id', user_id: 'int', username: "text!=''", action: 'text!', target: "text!=''", detail: "text!=''",
    ip: "text!=''", created_at: 'bigint!',
  });
  await createIndex(db, 't_history_log', ['created_at']);
  await table('t_screen_tpl', {
    id: 'id', name: 'text!', content: "text!='{}'", is_default: 'int!=0', is_active: 'int!=1', org_id: 'int>t_org',
    created_by: 'int', created_at: 'bigint!', updated_at: 'bigint!',
  });
  await table('t_project_graph', {
    id: 'id', project_id: 'int!>t_project*', name: 'text!', xml: "text!=''", content: "text!=''", is_default: 'int!=0',
    is_active: 'int!=1', created_at: 'bigint!', updated_at: 'bigint!',
  });
  await table('t_data_dict', { id: 'id', dict_type: 'text!', code: 'text!', label: 'text!', sort_order: 'int!=0' });
  await createIndex(db, 't_data_dict', ['dict_type', 'code'], true);
  await table('t_file', {
    id: 'id', category: 'text!', path: 'text!', size: 'int!', content_type: 'text!', user_id: 'int', created_at: 'bigint!',
  });
}
