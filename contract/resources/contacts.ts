import { z } from 'zod';
import { QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { OptionalPhone } from './fields';
import { defineResource, RowBase } from './kit';

/** An alarm contact: who is told when a project's devices alarm. */
export const Contact = RowBase.extend({
  orgId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactList = z.array(Contact);

/** The editable fields of a contact; it belongs to the organisation of whoever creates it. */
export const SaveContact = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  phone: OptionalPhone,
  email: z.union([z.literal(''), z.string().trim().email().max(128)]).default(''),
}).refine((c) => c.phone !== '' || c.email !== '', { message: 'phone or email is required', path: ['phone'] });

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
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'ref', options: { names: 't_org' } },
  ],
  fields: [
    { name: 'name', label: { zh: '姓名', en: 'Name' }, kind: 'text' },
    { name: 'phone', label: { zh: '电话', en: 'Phone' }, kind: 'text', help: { zh: '电话与邮箱至少填写一项', en: 'A phone number or an e-mail address is required' } },
    { name: 'email', label: { zh: '邮箱', en: 'E-mail' }, kind: 'text' },
  ],
  filters: [{ name: 'keyword', label: { zh: '姓名/电话', en: 'Name or phone' }, kind: 'keyword' }],
  rights: { preview: Right.HistoryAlarmPreview, edit: Right.ProjectEdit },
  scope: { kind: 'org' },
  search: ['name', 'phone'],
  label: 'name',
  defaultSort: 'id',
});

export const ProjectContactsQuery = z.object({ projectId: QueryId });
/** POST /api/t_project_contacts/save: the project's alarm contacts, replaced as a whole. */
export const SaveProjectContactsBody = z.object({
  projectId: QueryId,
  contactIds: z.array(QueryId).max(200),
});
