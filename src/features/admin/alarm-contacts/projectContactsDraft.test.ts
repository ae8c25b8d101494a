import { describe, expect, it } from 'vitest';
import {
  addContact, channelsOf, draftOf, isChanged, removeContact, rowsWithoutLevels, saveBody, setEscalation, setWarnLevels,
} from './projectContactsDraft';

const saved = draftOf([
  { id: 3, version: 1, orgId: 1, name: '值班台', phone: '', email: 'duty@example.com', webhookUrl: 'https://hooks.example.com/a', webhookSecretSet: true, warnLevels: [1, 2], escalationLevel: 0 },
]);
const other = { id: 5, name: '主管', phone: '021-5555 0000', email: '', webhookUrl: '' };

describe('project contacts draft', () => {
  it('adds a contact once, at the first line for every level, and removes it', () => {
    const added = addContact(saved, other);
    expect(added[1]).toEqual({ contactId: 5, name: '主管', phone: '021-5555 0000', email: '', webhookUrl: '', warnLevels: [0, 1, 2], escalationLevel: 0 });
    expect(addContact(added, other)).toHaveLength(2);
    expect(removeContact(added, 5)).toEqual(saved);
  });

  it('keeps warn levels known, unique and ordered, and escalation levels within 0–5', () => {
    const d = setWarnLevels(saved, 3, [2, 0, 2, 7, -1]);
    expect(d[0].warnLevels).toEqual([0, 2]);
    expect(setEscalation(d, 3, 9)[0].escalationLevel).toBe(5);
    expect(setEscalation(d, 3, -2)[0].escalationLevel).toBe(0);
    expect(setEscalation(d, 3, 2.7)[0].escalationLevel).toBe(2);
    expect(rowsWithoutLevels(setWarnLevels(saved, 3, []))).toHaveLength(1);
  });

  it('builds the save body and tells a change from a reorder', () => {
    const d = setEscalation(addContact(saved, other), 5, 1);
    expect(saveBody(7, d)).toEqual({ projectId: 7, contacts: [
      { contactId: 3, warnLevels: [1, 2], escalationLevel: 0 }, { contactId: 5, warnLevels: [0, 1, 2], escalationLevel: 1 },
    ] });
    expect(isChanged(saved, saved)).toBe(false);
    expect(isChanged(d, [...d].reverse())).toBe(false);
    expect(isChanged(saved, d)).toBe(true);
    expect(isChanged(saved, setWarnLevels(saved, 3, [2]))).toBe(true);
  });

  it('lists the ways a contact is reached', () => {
    expect(channelsOf(saved[0])).toEqual(['email', 'webhook']);
    expect(channelsOf(other)).toEqual(['phone']);
  });
});
