import { describe, expect, it } from 'vitest';
import type { DataScope } from '../auth/auth-user';
import { scopeSeesProject } from './topics';

describe('scopeSeesProject: the data-scope rule of the HTTP filters, in memory', () => {
  const project = { id: 5, orgId: 10, regionId: 3, industryId: 4 };
  const none: DataScope = { all: false, orgIds: [], projectIds: [], regionIds: [], industryIds: [] };

  it('sees everything with VAll and nothing with an empty scope', () => {
    expect(scopeSeesProject({ all: true }, project)).toBe(true);
    expect(scopeSeesProject(none, project)).toBe(false);
  });

  it('sees a project by organisation, listed project, region or industry', () => {
    expect(scopeSeesProject({ ...none, orgIds: [10] }, project)).toBe(true);
    expect(scopeSeesProject({ ...none, projectIds: [5] }, project)).toBe(true);
    expect(scopeSeesProject({ ...none, regionIds: [3] }, project)).toBe(true);
    expect(scopeSeesProject({ ...none, industryIds: [4] }, project)).toBe(true);
    expect(scopeSeesProject({ ...none, orgIds: [11], projectIds: [6], regionIds: [2], industryIds: [1] }, project)).toBe(false);
  });

  it('does not match a project without region or industry through those lists', () => {
    expect(scopeSeesProject({ ...none, regionIds: [3] }, { ...project, regionId: null })).toBe(false);
    expect(scopeSeesProject({ ...none, industryIds: [4] }, { ...project, industryId: null })).toBe(false);
  });
});
