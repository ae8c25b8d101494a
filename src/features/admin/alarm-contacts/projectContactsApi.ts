import type { Contact, ProjectContact } from '../../../../contract/resources/contacts';
import { apiGet, request } from '../../../shared/http';

/** The project's alarm contacts with their warn levels and escalation levels. */
export function fetchProjectContacts(projectId: number, signal?: AbortSignal): Promise<ProjectContact[]> {
  return apiGet<ProjectContact[]>('/t_project_contacts', { projectId }, signal);
}

/** Every contact the user may see (to add one to a project). */
export function fetchAllContacts(signal?: AbortSignal): Promise<Contact[]> {
  return apiGet<Contact[]>('/t_contacts/all', undefined, signal);
}

/** Replaces the project's contacts and their settings; answers them as saved. */
export function saveProjectContacts(body: { projectId: number; contacts: { contactId: number; warnLevels: number[]; escalationLevel: number }[] }) {
  return request<ProjectContact[]>('POST', '/t_project_contacts/save', { body });
}
