import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import {
  DEFAULT_SETTINGS, SETTING_KEYS, SETTING_PATHS, SettingsSchema,
  type SettingPath, type Settings, type SettingsPatch,
} from '../../contract/settings';
import { LogAction } from '../../contract/enums';
import type { DB } from '../db/schema';
import { auditLog, type AuditEntry } from '../logs/audit-log';

/** The zod schema of one leaf setting (with its default). */
function leafSchema(path: SettingPath): ZodType {
  const [group, field] = path.split('.') as [keyof Settings, string | undefined];
  const top = SettingsSchema.shape[group] as unknown as ZodType & { unwrap?: () => { shape: Record<string, ZodType> } };
  if (field === undefined) return top;
  return top.unwrap!().shape[field];
}

function getLeaf(settings: Settings | SettingsPatch, path: SettingPath): unknown {
  const [group, field] = path.split('.') as [keyof Settings, string | undefined];
  const top = settings[group];
  return field === undefined ? top : (top as Record<string, unknown> | undefined)?.[field];
}

function setLeaf(target: Record<string, unknown>, path: SettingPath, value: unknown): void {
  const [group, field] = path.split('.');
  if (field === undefined) target[group] = value;
  else (target[group] as Record<string, unknown>)[field] = value;
}

/** The stored text of a setting as its value; undefined when it is not valid for its schema. */
function readStored(path: SettingPath, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // aqi standard ids and other strings written by hand without quotes
    raw = text;
  }
  const parsed = leafSchema(path).safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The settings and which of them have a stored (valid) value, from one read of sys_setting. */
export async function loadSettingsWithSource(db: Kysely<DB>): Promise<{ settings: Settings; stored: Set<SettingPath> }> {
  const keys = SETTING_PATHS.map((p) => SETTING_KEYS[p]);
  const rows = await db.selectFrom('sys_setting').select(['key', 'value']).where('key', 'in', keys).execute();
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const settings = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, unknown>;
  const stored = new Set<SettingPath>();
  for (const path of SETTING_PATHS) {
    const value = readStored(path, byKey.get(SETTING_KEYS[path]));
    if (value === undefined) continue;
    setLeaf(settings, path, value);
    stored.add(path);
  }
  return { settings: settings as unknown as Settings, stored };
}

/**
 * The system settings (contract/settings.ts) from sys_setting: a missing or unreadable row reads as
 * its default. Never reads other sys_setting keys (the hub's secret among them).
 */
export async function loadSettings(db: Kysely<DB>): Promise<Settings> {
  return (await loadSettingsWithSource(db)).settings;
}

/** The leaf paths a patch sets, with their values. */
export function patchEntries(patch: SettingsPatch): [SettingPath, unknown][] {
  const out: [SettingPath, unknown][] = [];
  for (const path of SETTING_PATHS) {
    const value = getLeaf(patch, path);
    if (value !== undefined) out.push([path, value]);
  }
  return out;
}

/** Who saves, for the operation log line a save writes. */
export type SettingsAudit = Omit<AuditEntry, 'action' | 'target' | 'detail'>;

/**
 * Stores the settings a patch names (already validated with `SettingsPatch`) in one transaction and
 * answers the settings as they now are; the rest keep their stored values. With `audit`, the same
 * transaction writes one operation-log line (修改 `sys_setting`) with the changed settings' before
 * and after values (settings hold no secrets); a save that changes nothing writes none.
 */
export async function saveSettings(db: Kysely<DB>, patch: SettingsPatch, audit?: SettingsAudit): Promise<Settings> {
  const entries = patchEntries(patch);
  if (entries.length) {
    await db.transaction().execute(async (trx) => {
      const before = (await loadSettingsWithSource(trx)).settings;
      const changed: Record<string, { before: unknown; after: unknown }> = {};
      for (const [path, value] of entries) {
        const row = { key: SETTING_KEYS[path], value: JSON.stringify(value) };
        await trx.insertInto('sys_setting').values(row)
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value })).execute();
        const old = getLeaf(before, path);
        if (old !== value) changed[path] = { before: old, after: value };
      }
      if (audit && Object.keys(changed).length) {
        await auditLog(trx, { ...audit, action: LogAction.Edit, target: 'sys_setting', detail: JSON.stringify(changed) });
      }
    });
  }
  return loadSettings(db);
}
