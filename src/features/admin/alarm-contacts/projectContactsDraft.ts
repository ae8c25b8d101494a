import { MAX_ESCALATION_LEVEL, WARN_LEVELS } from '../../../../contract/alarm-notifications';
import type { Contact, ProjectContact } from '../../../../contract/resources/contacts';

/** One contact of the project as the editor holds it before saving. */
export interface DraftRow {
  contactId: number;
  name: string;
  phone: string;
  email: string;
  webhookUrl: string;
  warnLevels: number[];
  escalationLevel: number;
}

/** The editor's rows from what the server answered. */
export function draftOf(list: readonly ProjectContact[]): DraftRow[] {
  return list.map((c) => ({
    contactId: c.id, name: c.name, phone: c.phone, email: c.email, webhookUrl: c.webhookUrl,
    warnLevels: [...c.warnLevels], escalationLevel: c.escalationLevel,
  }));
}

/** Adds a contact told of every level at the first line; a contact already there stays as it is. */
export function addContact(draft: readonly DraftRow[], c: Pick<Contact, 'id' | 'name' | 'phone' | 'email' | 'webhookUrl'>): DraftRow[] {
  if (draft.some((r) => r.contactId === c.id)) return [...draft];
  return [...draft, {
    contactId: c.id, name: c.name, phone: c.phone, email: c.email, webhookUrl: c.webhookUrl, warnLevels: [...WARN_LEVELS], escalationLevel: 0,
  }];
}

export function removeContact(draft: readonly DraftRow[], contactId: number): DraftRow[] {
  return draft.filter((r) => r.contactId !== contactId);
}

/** The warn levels a contact is told of: known levels only, each once, ascending. */
export function setWarnLevels(draft: readonly DraftRow[], contactId: number, levels: readonly number[]): DraftRow[] {
  const clean = [...new Set(levels)].filter((l) => (WARN_LEVELS as readonly number[]).includes(l)).sort((a, b) => a - b);
  return draft.map((r) => (r.contactId === contactId ? { ...r, warnLevels: clean } : r));
}

export function setEscalation(draft: readonly DraftRow[], contactId: number, level: number): DraftRow[] {
  const clamped = Math.min(MAX_ESCALATION_LEVEL, Math.max(0, Math.trunc(level)));
  return draft.map((r) => (r.contactId === contactId ? { ...r, escalationLevel: clamped } : r));
}

/** The rows that cannot be saved: a contact told of no level. */
export function rowsWithoutLevels(draft: readonly DraftRow[]): DraftRow[] {
  return draft.filter((r) => r.warnLevels.length === 0);
}

/** POST /api/t_project_contacts/save's body. */
export function saveBody(projectId: number, draft: readonly DraftRow[]) {
  return {
    projectId,
    contacts: draft.map((r) => ({ contactId: r.contactId, warnLevels: r.warnLevels, escalationLevel: r.escalationLevel })),
  };
}

/** Whether the draft says something else than what was saved (order aside). */
export function isChanged(saved: readonly DraftRow[], draft: readonly DraftRow[]): boolean {
  const key = (rows: readonly DraftRow[]) => JSON.stringify(saveBody(0, [...rows].sort((a, b) => a.contactId - b.contactId)));
  return key(saved) !== key(draft);
}

/** How a contact can be reached, for the table: e-mail, webhook (the channels alarms use), phone. */
export function channelsOf(r: Pick<DraftRow, 'email' | 'webhookUrl' | 'phone'>): ('email' | 'webhook' | 'phone')[] {
  return [...(r.email ? ['email' as const] : []), ...(r.webhookUrl ? ['webhook' as const] : []), ...(r.phone ? ['phone' as const] : [])];
}
