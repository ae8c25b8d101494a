import { z } from 'zod';
import { MAX_ESCALATION_LEVEL, WARN_LEVELS, WebhookSecret, WebhookUrl } from '../alarm-notifications';
import { QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { OptionalPhone } from './fields';
import { defineResource, RowBase } from './kit';

/**
 * An alarm contact: who is told when a project's devices alarm, by e-mail and/or a signed webhook
 * (server/notifications/README.md). The webhook secret is write-only: a row says only whether one
 * is stored (`webhookSecretSet`, filled by the family's hooks).
 */
export const Contact = RowBase.extend({
  orgId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  webhookUrl: z.string(),
  webhookSecretSet: z.boolean(),
});
export type Contact = z.infer<typeof Contact>;

/**
 * The editable fields of a contact; it belongs to the organisation of whoever creates it.
 * `webhookSecret` given replaces the stored one; '' or absent keeps it; a webhook needs one, and
 * taking the webhook address away takes the secret with it.
 */
export const SaveContact = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  phone: OptionalPhone,
  email: z.union([z.literal(''), z.string().trim().email().max(128)]).default(''),
  webhookUrl: WebhookUrl,
  webhookSecret: WebhookSecret,
}).refine((c) => c.phone !== '' || c.email !== '' || c.webhookUrl !== '', {
  message: 'phone, email or webhookUrl is required', path: ['phone'],
});

/**
 * `t_contacts`, the 告警联系人 page: organisation-scoped. Deleting a contact takes it off the projects
 * it answered for (t_project_contacts cascades): a link, not a record that depends on it.
 */
export const contactsResource = defineResource({
  name: 't_contacts',
  table: 't_contacts',
  title: { zh: '告警联系人', en: 'Alarm contacts' },
  noun: { zh: '联系人', en: 'contact' },
  row: Contact,
  save: SaveContact,
  filter: KeywordFilter,
  columns: [
    { name: 'name', label: { zh: '姓名', en: 'Name' }, sortable: true },
    { name: 'phone', label: { zh: '电话', en: 'Phone' }, sortable: true },
    { name: 'email', label: { zh: '邮箱', en: 'E-mail' }, sortable: true },
    { name: 'webhookUrl', label: { zh: 'Webhook 地址', en: 'Webhook URL' } },
    { name: 'webhookSecretSet', label: { zh: '签名密钥', en: 'Signing secret' }, kind: 'switch' },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'ref', options: { names: 't_org' } },
  ],
  fields: [
    { name: 'name', label: { zh: '姓名', en: 'Name' }, kind: 'text' },
    { name: 'phone', label: { zh: '电话', en: 'Phone' }, kind: 'text',
      help: { zh: '电话、邮箱与 Webhook 地址至少填写一项', en: 'A phone number, an e-mail address or a webhook URL is required' } },
    { name: 'email', label: { zh: '邮箱', en: 'E-mail' }, kind: 'text', help: { zh: '告警邮件发往此地址', en: 'Alarm e-mails go to this address' } },
    { name: 'webhookUrl', label: { zh: 'Webhook 地址', en: 'Webhook URL' }, kind: 'text',
      help: { zh: '告警以签名的 JSON 通过 HTTP POST 发往此地址（http:// 或 https://）', en: 'Alarms are POSTed here as signed JSON (http:// or https://)' } },
    { name: 'webhookSecret', label: { zh: '签名密钥', en: 'Signing secret' }, kind: 'password', storedFlag: 'webhookSecretSet',
      help: { zh: '16–256 个字符，用于 X-NV-Signature 签名；留空则保留已设置的密钥', en: '16–256 characters, signs X-NV-Signature; leave empty to keep the stored one' } },
  ],
  filters: [{ name: 'keyword', label: { zh: '姓名/电话', en: 'Name or phone' }, kind: 'keyword' }],
  rights: { preview: Right.HistoryAlarmPreview, edit: Right.ProjectEdit },
  scope: { kind: 'org' },
  search: ['name', 'phone'],
  secret: ['webhookSecret'],
  virtual: ['webhookSecretSet'],
  label: 'name',
  defaultSort: 'id',
});

/** A contact as one project's alarms reach it: the warn levels it is told of, and when. */
export const ProjectContact = Contact.extend({
  /** Warn levels (SPEC §3: 0 hint, 1 minor, 2 important) this contact is told of for the project. */
  warnLevels: z.array(z.number().int()),
  /** 0: told when an alarm is raised; n: when it is still unacknowledged after n escalation periods. */
  escalationLevel: z.number().int(),
});
export type ProjectContact = z.infer<typeof ProjectContact>;
export const ContactList = z.array(ProjectContact);

export const ProjectContactsQuery = z.object({ projectId: QueryId });

/** One contact of a project and its settings in a save. */
export const ProjectContactEntry = z.strictObject({
  contactId: QueryId,
  warnLevels: z.array(z.number().int().min(0).max(WARN_LEVELS.length - 1)).min(1, 'warnLevels needs at least one level').max(WARN_LEVELS.length)
    .default([...WARN_LEVELS]),
  escalationLevel: z.number().int().min(0).max(MAX_ESCALATION_LEVEL).default(0),
});
export type ProjectContactEntry = z.infer<typeof ProjectContactEntry>;

/**
 * POST /api/t_project_contacts/save: the project's alarm contacts, replaced as a whole — either
 * `contacts` with their warn levels and escalation levels, or (the older form) `contactIds`, each
 * then told of every level at the first line.
 */
export const SaveProjectContactsBody = z.object({
  projectId: QueryId,
  contactIds: z.array(QueryId).max(200).optional(),
  contacts: z.array(ProjectContactEntry).max(200).optional(),
}).refine((b) => (b.contactIds === undefined) !== (b.contacts === undefined), {
  message: 'contacts or contactIds is required (one of them)', path: ['contacts'],
});
