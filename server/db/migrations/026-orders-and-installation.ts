import type { Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Purchase orders and installation (issue 21, server/routes/purchase/README.md):
 * - `t_order`: a purchase application from the buyer organisation (`buyer_org_id`, applied by
 *   `created_by`) addressed to one supplier or distributor organisation (`supplier_org_id`); its
 *   `state` follows contract/purchase/order-states.ts (created → confirmed → finished, or
 *   cancelled), each transition stamped (`*_at`, `*_by`) and counted in `version`; transitions
 *   update `where state = <expected>`, so of two concurrent ones only one writes;
 * - `t_order_details`: its lines, a filter model for a project, with quantity, unit price and the
 *   earliest predicted end of life the line covers;
 * - `t_device_install`: the installation list a received order opens (one per order);
 *   `t_device_install_details`: each recorded installation — which filter model, how many, into
 *   which device, when and by whom; recording one starts the device's new life cycle.
 * Orders are records that outlive what they name: projects, filter models, organisations and
 * devices are kept by id without foreign keys, with the names they had (`*_name`, `*_code`).
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_order', {
    id: 'id', version: 'int!=1', code: 'text!', state: "text!='created'", buyer_org_id: 'int!', buyer_org_name: 'text!',
    created_by: 'int', created_by_name: "text!=''", supplier_org_id: 'int!', supplier_org_name: 'text!', remark: "text!=''",
    created_at: 'bigint!', updated_at: 'bigint!',
    confirmed_at: 'bigint', confirmed_by: 'int', confirmed_by_name: "text!=''",
    finished_at: 'bigint', finished_by: 'int', finished_by_name: "text!=''",
    cancelled_at: 'bigint', cancelled_by: 'int', cancelled_by_name: "text!=''", cancel_reason: "text!=''",
  });
  await createIndex(db, 't_order', ['code'], true);
  await createIndex(db, 't_order', ['state']);
  await createIndex(db, 't_order', ['buyer_org_id']);
  await createIndex(db, 't_order', ['supplier_org_id']);

  await createTable(db, dialect, 't_order_details', {
    id: 'id', order_id: 'int!>t_order*', project_id: 'int!', project_name: 'text!', filter_id: 'int!', filter_code: 'text!',
    filter_name: 'text!', quantity: 'int!', unit_price: 'real!=0', due_at: 'bigint', sort_order: 'int!=0',
  });
  await createIndex(db, 't_order_details', ['order_id']);
  await createIndex(db, 't_order_details', ['project_id', 'filter_id']);

  await createTable(db, dialect, 't_device_install', {
    id: 'id', order_id: 'int!>t_order*', created_at: 'bigint!',
  });
  await createIndex(db, 't_device_install', ['order_id'], true);

  await createTable(db, dialect, 't_device_install_details', {
    id: 'id', install_id: 'int!>t_device_install*', order_detail_id: 'int>t_order_details*', device_id: 'int!', device_code: 'text!',
    device_name: 'text!', project_name: "text!=''", filter_id: 'int!', filter_name: 'text!', quantity: 'int!=1',
    installed_at: 'bigint!', installer: 'text!', recorded_by: 'int', recorded_by_name: "text!=''", recorded_at: 'bigint!',
  });
  await createIndex(db, 't_device_install_details', ['install_id']);
  await createIndex(db, 't_device_install_details', ['order_detail_id']);
  await createIndex(db, 't_device_install_details', ['device_id']);
}
