import type { Kysely } from 'kysely';
import type { ParsedTopic } from '../../contract/hub';
import type { AuthUser, DataScope } from '../auth/auth-user';
import type { DB } from '../db/schema';
import { visibleProjectFilter } from '../auth/scope-filters';
import { maySeeWall } from '../routes/walls/wall-repository';
import type { HubConnection } from './connection';

/** Which connections receive which topic, kept both ways so a closing connection leaves cleanly. */
export class TopicIndex {
  private readonly byTopic = new Map<string, Set<HubConnection>>();

  add(topic: string, connection: HubConnection): void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(connection);
    connection.topics.add(topic);
  }

  remove(topic: string, connection: HubConnection): boolean {
    const set = this.byTopic.get(topic);
    if (!set?.delete(connection)) return false;
    if (set.size === 0) this.byTopic.delete(topic);
    connection.topics.delete(topic);
    return true;
  }

  removeAll(connection: HubConnection): void {
    for (const topic of [...connection.topics]) this.remove(topic, connection);
  }

  subscribers(topic: string): ReadonlySet<HubConnection> | undefined {
    return this.byTopic.get(topic);
  }
}

/** What decides whether a user may see a project (SPEC §6 data visibility). */
export interface ProjectFacts {
  id: number;
  orgId: number;
  regionId: number | null;
  industryId: number | null;
}

/** In memory, the rule of scope-filters.ts' visibleProjectFilter: same answers, no query. */
export function scopeSeesProject(scope: DataScope, p: ProjectFacts): boolean {
  if (scope.all) return true;
  return scope.orgIds.includes(p.orgId)
    || scope.projectIds.includes(p.id)
    || (p.regionId !== null && scope.regionIds.includes(p.regionId))
    || (p.industryId !== null && scope.industryIds.includes(p.industryId));
}

/**
 * May the user subscribe to this topic? `alarms` and `statistics` yes (deliveries are filtered by
 * project); `user:<id>` only their own; `wall:<id>` as maySeeWall says; projects and devices only within the data scope, checked
 * against the database as the HTTP routes check it. A missing project reads as not visible.
 */
export async function maySubscribe(db: Kysely<DB>, user: AuthUser, topic: ParsedTopic): Promise<boolean> {
  switch (topic.kind) {
    case 'alarms':
    case 'statistics':
      return true;
    case 'user':
      return topic.id === user.id;
    case 'project': {
      const row = await db.selectFrom('t_project as p').select('p.id').where('p.id', '=', topic.id)
        .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
      return row !== undefined;
    }
    case 'device': {
      const row = await db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
        .select(['d.id', 'p.id as project_id']).where('d.id', '=', topic.id).executeTakeFirst();
      if (!row) return false;
      if (user.scope.all) return true;
      if (row.project_id === null) return false;
      return maySubscribe(db, user, { kind: 'project', id: row.project_id });
    }
    case 'wall':
      // A wall's own display principals, and screen-preview users who see the wall (issue 23).
      return maySeeWall(db, user, topic.id);
  }
}

/**
 * Project facts for filtering deliveries, cached briefly: an alarm storm must not become a query
 * storm. A project moved to another organisation is seen with the new owner within `ttlMs`.
 */
export class ProjectFactsCache {
  private readonly entries = new Map<number, { facts: ProjectFacts | null; at: number }>();
  constructor(private readonly db: Kysely<DB>, private readonly ttlMs = 60_000, private readonly maxEntries = 10_000) {}

  async get(id: number, now = Date.now()): Promise<ProjectFacts | null> {
    const hit = this.entries.get(id);
    if (hit && now - hit.at < this.ttlMs) return hit.facts;
    const row = await this.db.selectFrom('t_project').select(['id', 'org_id', 'region_id', 'industry_id'])
      .where('id', '=', id).executeTakeFirst();
    const facts = row ? { id: row.id, orgId: row.org_id, regionId: row.region_id, industryId: row.industry_id } : null;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(id, { facts, at: now });
    return facts;
  }
}
