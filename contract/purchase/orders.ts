import { z } from 'zod';
import { Id, PageQuery, QueryId, paged } from '../envelope';
import { Right, type RightCode } from '../rights';
import { ORDER_ACTIONS, ORDER_STATES } from './order-states';

/**
 * The purchase family of the second API base (issue 21; server/routes/purchase/README.md): smart
 * purchase proposals from the predicted filter life, orders (`t_order`, `t_order_details`) with
 * their state machine (order-states.ts), and installation lists (`t_device_install`,
 * `t_device_install_details`). Times are epoch ms.
 */

/** Smart purchase (proposals, applying): buy or buy-apply (SPEC §6; buy opens the whole assistant). */
export const PURCHASE_APPLY_RIGHTS: readonly RightCode[] = [Right.Buy, Right.BuyApply];
/** Purchase records (orders, their transitions, installation): buy or buy-record. */
export const PURCHASE_RECORD_RIGHTS: readonly RightCode[] = [Right.Buy, Right.BuyRecord];

export const OrderStateSchema = z.enum(ORDER_STATES);
export const OrderActionSchema = z.enum(ORDER_ACTIONS);

/** Largest horizon of the proposals, in days. */
export const MAX_HORIZON_DAYS = 365;
/** Largest quantity of one order line. */
export const MAX_LINE_QUANTITY = 100_000;
/** Most lines in one application. */
export const MAX_ORDER_LINES = 200;
/** Most device codes in one batch of installations. */
export const MAX_INSTALL_BATCH = 500;

// ---- proposals ---------------------------------------------------------------------------------

/** GET /app-api/t_order/proposals?horizonDays=30: lines to order before `now + horizonDays`. */
export const ProposalQuery = z.strictObject({
  horizonDays: z.coerce.number().int().min(1).max(MAX_HORIZON_DAYS).default(30),
});
export type ProposalQuery = z.infer<typeof ProposalQuery>;

export const ProposalDevice = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  quantity: z.number().int(),
  predictedAt: z.number(),
  reason: z.string(),
});
export type ProposalDevice = z.infer<typeof ProposalDevice>;

/**
 * One proposed line: a filter model in a project. `need` is the installed count of the devices
 * due; `ordered` what open orders (created or confirmed) already bring for the same project and
 * model; `quantity` = max(0, need − ordered). `orderBy` = earliest due − lead time: lines are
 * sorted by it, and one before now is late.
 */
export const ProposalLine = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  filterId: z.number().int(),
  filterCode: z.string(),
  filterName: z.string(),
  filterTypeName: z.string(),
  supplierOrgId: z.number().int().nullable(),
  supplierOrgName: z.string(),
  leadDays: z.number(),
  unitPrice: z.number(),
  dueAt: z.number(),
  orderBy: z.number(),
  need: z.number().int(),
  ordered: z.number().int(),
  quantity: z.number().int(),
  devices: z.array(ProposalDevice),
});
export type ProposalLine = z.infer<typeof ProposalLine>;

export const ProposalList = z.object({ now: z.number(), horizonDays: z.number().int(), lines: z.array(ProposalLine) });
export type ProposalList = z.infer<typeof ProposalList>;

// ---- orders ------------------------------------------------------------------------------------

export const CreateOrderLine = z.strictObject({
  projectId: Id,
  filterId: Id,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  /** The earliest predicted end of life the line covers (from the proposal), if any. */
  dueAt: z.number().int().min(0).nullable().default(null),
});
export type CreateOrderLine = z.infer<typeof CreateOrderLine>;

/**
 * POST /app-api/t_order/create: a purchase application. Lines are grouped by the supplier of
 * their filter model: one order per supplier, all in one transaction.
 */
export const CreateOrderBody = z.strictObject({
  lines: z.array(CreateOrderLine).min(1, 'at least one line is required').max(MAX_ORDER_LINES),
  remark: z.string().trim().max(500).default(''),
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

export const CreatedOrder = z.object({ id: z.number().int(), code: z.string(), supplierOrgId: z.number().int(), supplierOrgName: z.string() });
export const CreateOrderResult = z.object({ orders: z.array(CreatedOrder) });
export type CreateOrderResult = z.infer<typeof CreateOrderResult>;

/** GET /app-api/t_order: newest first. */
export const OrderQuery = PageQuery.extend({
  state: OrderStateSchema.optional(),
  keyword: z.string().trim().max(60).optional(),
});
export type OrderQuery = z.infer<typeof OrderQuery>;

export const OrderRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  state: OrderStateSchema,
  buyerOrgId: z.number().int(),
  buyerOrgName: z.string(),
  buyerUserName: z.string(),
  supplierOrgId: z.number().int(),
  supplierOrgName: z.string(),
  remark: z.string(),
  lineCount: z.number().int(),
  quantity: z.number().int(),
  amount: z.number(),
  createdAt: z.number(),
  confirmedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  cancelReason: z.string(),
  version: z.number().int(),
});
export type OrderRecord = z.infer<typeof OrderRecord>;
export const OrderPage = paged(OrderRecord);

export const OrderDetailLine = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  filterId: z.number().int(),
  filterCode: z.string(),
  filterName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  dueAt: z.number().nullable(),
  /** Filters recorded as installed for this line so far. */
  installed: z.number().int(),
});
export type OrderDetailLine = z.infer<typeof OrderDetailLine>;
export const OrderDetailList = z.array(OrderDetailLine);

/** GET /app-api/t_order_details?orderId= */
export const OrderDetailQuery = z.strictObject({ orderId: QueryId });

/** One step of an order's timeline. */
export const OrderStep = z.object({ state: OrderStateSchema, at: z.number(), by: z.string(), note: z.string() });
export type OrderStep = z.infer<typeof OrderStep>;

/** GET /app-api/t_order/can-operate?id=: what the caller may do with the order now. */
export const OrderOperations = z.object({
  sides: z.array(z.enum(['buyer', 'supplier'])),
  actions: z.array(OrderActionSchema),
  /** Recording installations: the buyer side, once the goods are received. */
  install: z.boolean(),
});
export type OrderOperations = z.infer<typeof OrderOperations>;

/** GET /app-api/t_order/:id */
export const OrderDetail = OrderRecord.extend({
  lines: OrderDetailList,
  timeline: z.array(OrderStep),
  operations: OrderOperations,
  installId: z.number().int().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderStateCounts = z.object({
  all: z.number().int(), created: z.number().int(), confirmed: z.number().int(), finished: z.number().int(), cancelled: z.number().int(),
});
export type OrderStateCounts = z.infer<typeof OrderStateCounts>;

/** POST /app-api/t_order/confirm and /finish. */
export const OrderActionBody = z.strictObject({ id: Id });
/** POST /app-api/t_order/cancel: a reason is required. */
export const CancelOrderBody = z.strictObject({
  id: Id,
  reason: z.string().trim().min(1, 'reason is required').max(200),
});
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

// ---- installation --------------------------------------------------------------------------------

/** GET /app-api/t_device_install: installation lists (one per received order), newest first. */
export const InstallQuery = PageQuery.extend({ orderId: QueryId.optional() });
export type InstallQuery = z.infer<typeof InstallQuery>;

export const InstallRecord = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderCode: z.string(),
  supplierOrgName: z.string(),
  createdAt: z.number(),
  /** Filters ordered and filters recorded as installed. */
  ordered: z.number().int(),
  installed: z.number().int(),
});
export type InstallRecord = z.infer<typeof InstallRecord>;
export const InstallPage = paged(InstallRecord);

export const InstallEntry = z.object({
  id: z.number().int(),
  installId: z.number().int(),
  orderDetailId: z.number().int().nullable(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  projectName: z.string(),
  filterId: z.number().int(),
  filterName: z.string(),
  quantity: z.number().int(),
  installedAt: z.number(),
  installer: z.string(),
  recordedBy: z.string(),
  recordedAt: z.number(),
});
export type InstallEntry = z.infer<typeof InstallEntry>;

/** GET /app-api/t_device_install/:id */
export const InstallDetail = InstallRecord.extend({ lines: OrderDetailList, entries: z.array(InstallEntry) });
export type InstallDetail = z.infer<typeof InstallDetail>;

/** GET /app-api/t_device_install_details?installId= */
export const InstallEntryQuery = z.strictObject({ installId: QueryId });

/**
 * POST /app-api/t_device_install_details/batch: the filters of one order line went into the
 * devices whose codes (or IoT ids) are listed — scanned or pasted, one per device. With `dryRun`
 * nothing is written: the answer says which codes match. Otherwise the matched devices are
 * recorded (each starts a new life cycle) and the rest reported; nothing is written when none match.
 */
export const InstallBatchBody = z.strictObject({
  installId: Id,
  orderDetailId: Id,
  codes: z.array(z.string().trim().min(1).max(64)).min(1, 'at least one device code is required').max(MAX_INSTALL_BATCH),
  installedAt: z.number().int().min(0),
  installer: z.string().trim().min(1, 'installer is required').max(60),
  dryRun: z.boolean().default(false),
});
export type InstallBatchBody = z.input<typeof InstallBatchBody>;

export const InstallBatchResult = z.object({
  matched: z.array(z.object({ code: z.string(), deviceId: z.number().int(), deviceName: z.string(), quantity: z.number().int() })),
  /** Codes of no device the caller sees. */
  unknown: z.array(z.string()),
  /** Devices found but refused, with why (another project, listed twice). */
  refused: z.array(z.object({ code: z.string(), reason: z.string() })),
  /** Filters of the line not yet recorded as installed (before this batch). */
  remaining: z.number().int(),
  recorded: z.number().int(),
});
export type InstallBatchResult = z.infer<typeof InstallBatchResult>;

/** Splits pasted or scanned text into device codes: by line breaks, commas, semicolons, tabs or spaces; empty parts dropped. */
export function splitDeviceCodes(text: string): string[] {
  return text.split(/[\s,;，；、]+/u).map((s) => s.trim()).filter(Boolean);
}
