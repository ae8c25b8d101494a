import fs from 'node:fs';
import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LogAction } from '../../contract/enums';
import {
  LICENCE_EXPIRY_WARNING_DAYS, licenceEndsAt, type LicenceInfo, type LicencePayload, type LicenceWarningCode,
} from '../../contract/licence';
import type { ServerConfig } from '../config';
import type { DB } from '../db/schema';
import { badRequest, forbidden } from '../http/api-error';
import { auditLog } from '../logs/audit-log';
import { licenceRepository } from './licence-repository';
import { checkLicence, licenceKeys, type LicenceCheck } from './licence-verify';
import { SHIPPED_LICENCE_FILE } from './shipped-licence';

/** What a licence counts. */
export type LicencedKind = 'devices' | 'users';

/** The check device and user creation make inside their transaction (server/README.md "Licence"). */
export interface LicenceRoom {
  /** Refuses (403, saying why) to add `adding` of `kind` beyond the licence in force; existing ones are never touched. */
  assertRoom(db: Kysely<DB>, kind: LicencedKind, adding: number): Promise<void>;
}

interface InForce {
  source: 'imported' | 'shipped';
  check: LicenceCheck | null;
  importedAt: number | null;
  importedBy: string | null;
}

const DAY_MS = 86_400_000;
const NOUN: Record<LicencedKind, { what: string; unit: string }> = {
  devices: { what: '设备', unit: '台' },
  users: { what: '用户', unit: '个' },
};
export const NO_LICENCE = '没有可用的授权文件';

// Parsed keys per configured list, so each request does not parse PEM again.
const keyCache = new WeakMap<readonly string[], KeyObject[]>();
let shippedText: string | null | undefined;

function shippedLicence(): string | null {
  if (shippedText === undefined) {
    try {
      shippedText = fs.readFileSync(SHIPPED_LICENCE_FILE, 'utf8');
    } catch {
      shippedText = null;
    }
  }
  return shippedText;
}

/**
 * The licence in force (issue 22): the newest file imported through 授权信息 (t_licence), or the
 * shipped demo licence while none was imported, verified with the configured public keys on every
 * read (a key change or a tampered row is noticed at once). It limits devices and users: creating
 * beyond a limit, or under an expired or invalid licence, is refused; what exists keeps working.
 */
export class Licensing implements LicenceRoom {
  private readonly keys: KeyObject[];

  constructor(
    private readonly db: Kysely<DB>,
    config: Pick<ServerConfig, 'licencePublicKeys'>,
    private readonly now: () => number = Date.now,
  ) {
    let keys = keyCache.get(config.licencePublicKeys);
    if (!keys) {
      keys = licenceKeys(config.licencePublicKeys);
      keyCache.set(config.licencePublicKeys, keys);
    }
    this.keys = keys;
  }

  private async inForce(db: Kysely<DB>): Promise<InForce> {
    const stored = await licenceRepository(db).latest();
    if (stored) {
      return { source: 'imported', check: checkLicence(stored.content, this.keys, this.now()), importedAt: stored.importedAt, importedBy: stored.importedBy };
    }
    const shipped = shippedLicence();
    return { source: 'shipped', check: shipped === null ? null : checkLicence(shipped, this.keys, this.now()), importedAt: null, importedBy: null };
  }

  /** GET /api/licence: the licence in force, the counts it limits and what administrators are warned of. */
  async info(): Promise<LicenceInfo> {
    const repo = licenceRepository(this.db);
    const [current, devices, users] = await Promise.all([this.inForce(this.db), repo.deviceCount(), repo.userCount()]);
    const { check } = current;
    const payload = check?.ok ? check.payload : check?.payload ?? null;
    const state = !check ? 'none' : check.ok ? 'valid' : check.problem === 'expired' ? 'expired' : 'invalid';
    const daysLeft = payload ? Math.max(0, Math.ceil((licenceEndsAt(payload.expiry) - this.now()) / DAY_MS) - 1) : null;
    const warnings: LicenceWarningCode[] = [];
    if (state === 'none' || state === 'invalid' || state === 'expired') warnings.push(state);
    if (state === 'valid' && payload) {
      if (daysLeft !== null && daysLeft < LICENCE_EXPIRY_WARNING_DAYS) warnings.push('expiring');
      if (devices >= payload.maxDevices) warnings.push('devices-full');
      if (users >= payload.maxUsers) warnings.push('users-full');
    }
    return {
      state,
      source: current.source,
      payload: payload && {
        id: payload.id, licensee: payload.licensee, issued: payload.issued, expiry: payload.expiry,
        maxDevices: payload.maxDevices, maxUsers: payload.maxUsers, features: payload.features,
      },
      problem: !check ? NO_LICENCE : check.ok || check.problem === 'expired' ? null : check.message.replace(/^licence[.\w]*: /, ''),
      daysLeft,
      importedAt: current.importedAt,
      importedBy: current.importedBy,
      usage: { devices, users },
      warnings,
    };
  }

  /**
   * Imports a licence file's text: refused with a 400 naming the field (not JSON, wrong shape,
   * a signature no trusted key made, already expired) and nothing changes; else stored with its
   * audit line, in force from now on.
   */
  async import(content: string, by: { userId: number; username: string; ip: string }): Promise<LicencePayload> {
    const check = checkLicence(content, this.keys, this.now(), 'body.content');
    if (!check.ok) throw badRequest(check.message);
    const { payload } = check;
    await this.db.transaction().execute(async (trx) => {
      await licenceRepository(trx).insert({
        licenceId: payload.id, licensee: payload.licensee, expiry: payload.expiry, content, importedBy: by.userId, importedAt: this.now(),
      });
      await auditLog(trx, {
        userId: by.userId, username: by.username, ip: by.ip, action: LogAction.Edit, target: `t_licence ${payload.id} ${payload.licensee}`,
        detail: JSON.stringify({ expiry: payload.expiry, maxDevices: payload.maxDevices, maxUsers: payload.maxUsers, features: payload.features }),
      });
    });
    return payload;
  }

  async assertRoom(db: Kysely<DB>, kind: LicencedKind, adding: number): Promise<void> {
    if (adding <= 0) return;
    const { what, unit } = NOUN[kind];
    const { check } = await this.inForce(db);
    const keepsWorking = `已有${what}照常工作。请在“关于 › 授权信息”导入新的授权文件`;
    if (!check) throw forbidden(`${NO_LICENCE}，不能添加新${what}；${keepsWorking}`);
    if (!check.ok && check.problem === 'expired') throw forbidden(`授权已于 ${check.payload!.expiry} 到期，不能添加新${what}；${keepsWorking}`);
    if (!check.ok) throw forbidden(`授权文件无效，不能添加新${what}；${keepsWorking}`);
    const repo = licenceRepository(db);
    const count = kind === 'devices' ? await repo.deviceCount() : await repo.userCount();
    const max = kind === 'devices' ? check.payload.maxDevices : check.payload.maxUsers;
    if (count + adding <= max) return;
    throw forbidden(adding === 1
      ? `授权${what}数已达上限（${max} ${unit}，现有 ${count} ${unit}），不能再添加${what}；${keepsWorking}`
      : `本次添加 ${adding} ${unit}将超出授权${what}数上限（${max} ${unit}，现有 ${count} ${unit}）；${keepsWorking}`);
  }
}
