import { z } from 'zod';
import { PageQuery, paged } from './envelope';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** An alarm contact: who is told when a project's devices alarm. */
export const Contact = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactPage = paged(Contact);
export const ContactList = z.array(Contact);

export const ContactListQuery = PageQuery.extend({ keyword: z.string().trim().max(64).optional() });

/** POST /api/t_contacts/save: create (no id) or edit a contact of the caller's organisations. */
export const SaveContactBody = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'name is required').max(64),
  phone: z.union([z.literal(''), z.string().trim().regex(/^[0-9+\-() ]{3,32}$/, 'phone must be digits, +, -, ( ) or spaces')]).default(''),
  email: z.union([z.literal(''), z.string().trim().email().max(128)]).default(''),
}).refine((c) => c.phone !== '' || c.email !== '', { message: 'phone or email is required', path: ['phone'] });

export const ContactIdParams = z.object({ id });

export const ProjectContactsQuery = z.object({ projectId: id });
/** POST /api/t_project_contacts/save: the project's alarm contacts, replaced as a whole. */
export const SaveProjectContactsBody = z.object({
  projectId: id,
  contactIds: z.array(id).max(200),
});
