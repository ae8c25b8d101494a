import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScope, type DataScope } from '../../server/auth/auth-user';
import { AlarmRecipients } from '../../server/telemetry/alarm-recipients';
import { startTestServer, type TestServer } from './harness';

/** Whether a data scope (auth-user.ts loadScope) shows a project. */
function sees(scope: DataScope, project: { id: number; org_id: number; region_id: number | null; industry_id: number | null }): boolean {
  if (scope.all) return true;
  return scope.orgIds.includes(project.org_id) || scope.projectIds.includes(project.id)
    || (project.region_id !== null && scope.regionIds.includes(project.region_id))
    || (project.industry_id !== null && scope.industryIds.includes(project.industry_id));
}

/**
 * An alarm's messages go to exactly the users who can see its project: the recipients follow the
 * data scope the API enforces, for every data-right type with and without targets.
 */
describe('alarm recipients follow the data scope', () => {
  let server: TestServer;
  const db = () => server.database.db;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.dispose(); });

  async function userWith(name: string, orgCode: string, dataScope: string, targets: number[] = []) {
    const org = await db().selectFrom('t_org').select('id').where('code', '=', orgCode).executeTakeFirstOrThrow();
    const role = (await db().insertInto('t_role').values({ org_id: org.id, name: `收件角色${name}`, data_scope: dataScope, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (targets.length) await db().insertInto('t_data_right').values(targets.map((target_id) => ({ role_id: role, right_type: dataScope, target_id }))).execute();
    const user = (await db().insertInto('t_user').values({ username: `recipient-${name}`, password_hash: 'x', org_id: org.id, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: user, role_id: role }).execute();
    return { id: user, orgId: org.id };
  }

  it('sends to every user who sees the project and to nobody else, a removed user never', async () => {
    const projects = await db().selectFrom('t_project').select(['id', 'org_id', 'region_id', 'industry_id']).orderBy('id').execute();
    const north = await db().selectFrom('t_region').select('id').where('code', '=', 'NORTH').executeTakeFirstOrThrow();
    const industry = projects[0].industry_id!;
    const eastOwner = await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-EAST').executeTakeFirstOrThrow();
    const users = [
      await userWith('orgext', 'SUP-01', 'VOrgExt', [eastOwner.id]),
      await userWith('region-target', 'SUP-01', 'VRegion', [north.id]),
      await userWith('region-own', 'DIS-01', 'VRegion'),
      await userWith('industry-target', 'REP-01', 'VIndustry', [industry]),
      await userWith('spec', 'OPR-01', 'VSpec', [projects[2].id]),
      await userWith('dept', 'OWN-EAST-SZ', 'VDept'),
    ];
    const removed = await userWith('removed', 'SUP-01', 'VAll');
    await db().updateTable('t_user').set({ deleted_at: Date.now() }).where('id', '=', removed.id).execute();

    for (const project of projects) {
      const recipients = await new AlarmRecipients().forProject(db(), project.id);
      for (const user of users) {
        const scope = await loadScope(db(), user.id, user.orgId, false);
        expect(recipients.includes(user.id), `user ${user.id} and project ${project.id}`).toBe(sees(scope, project));
      }
      expect(recipients).not.toContain(removed.id);
    }
    // Each case is met at least once: the comparison above is not all "no".
    const reached = new Set<number>();
    for (const project of projects) for (const id of await new AlarmRecipients().forProject(db(), project.id)) reached.add(id);
    expect(reached.has(users[0].id) && reached.has(users[1].id) && reached.has(users[3].id) && reached.has(users[4].id)).toBe(true);
  });
});
