import { describe, expect, it } from 'vitest';
import { COMMAND_ERRORS } from './codes';
import {
  COMMAND_KINDS, COMMAND_KIND_LABELS, COMMAND_PAYLOADS, COMMAND_RESULT_TEXTS, COMMAND_STATES, COMMAND_STATE_LABELS, CommandCode,
  CommandResultBody, TakeCommandsBody, commandResultText,
} from './gateway-commands';
import { SYNC_STATES, SYNC_STATE_LABELS } from './product-sync';

describe('gateway command codes', () => {
  it('gives every SPEC §8 command code its zh text (as codes.ts) and an en text', () => {
    for (const [code, zh] of Object.entries(COMMAND_ERRORS)) {
      expect(COMMAND_RESULT_TEXTS[Number(code)].zh).toBe(zh);
      expect(COMMAND_RESULT_TEXTS[Number(code)].en).toMatch(/^[A-Z][\w ()/]+$/);
    }
    expect(commandResultText(CommandCode.DeviceBusy)).toBe('设备忙');
    expect(commandResultText(CommandCode.NoAnswer)).toBe('设备无应答');
    expect(commandResultText(CommandCode.NoAnswer, 'en')).toBe('Device does not answer');
    expect(commandResultText(CommandCode.Timeout)).toBe('命令超时');
    expect(commandResultText(CommandCode.NoGateway, 'en')).toBe('Device has no gateway');
  });

  it('keeps the platform\'s own codes clear of the gateway codes, and names unknown codes', () => {
    expect(Object.keys(COMMAND_ERRORS).map(Number)).not.toContain(CommandCode.Timeout);
    expect(Object.keys(COMMAND_ERRORS).map(Number)).not.toContain(CommandCode.NoGateway);
    expect(commandResultText(77)).toBe('错误码：77');
    expect(commandResultText(77, 'en')).toBe('Error code: 77');
  });

  it('labels every kind, state and sync state in both languages', () => {
    for (const k of COMMAND_KINDS) expect(COMMAND_KIND_LABELS[k].zh && COMMAND_KIND_LABELS[k].en).toBeTruthy();
    for (const s of COMMAND_STATES) expect(COMMAND_STATE_LABELS[s].zh && COMMAND_STATE_LABELS[s].en).toBeTruthy();
    for (const s of SYNC_STATES) expect(SYNC_STATE_LABELS[s].zh && SYNC_STATE_LABELS[s].en).toBeTruthy();
  });
});

describe('gateway command bodies', () => {
  it('defaults a missing take body', () => {
    expect(TakeCommandsBody.parse(undefined)).toEqual({ max: 10, leaseS: 30 });
    expect(TakeCommandsBody.parse({ max: 3 })).toEqual({ max: 3, leaseS: 30 });
    expect(TakeCommandsBody.safeParse({ leaseS: 0 }).success).toBe(false);
  });

  it('checks a result: an integer code 0–65535, per-device codes, nothing else', () => {
    expect(CommandResultBody.parse({ code: 6, message: '忙', devices: [{ deviceId: 3, code: 0 }] })).toEqual({ code: 6, message: '忙', devices: [{ deviceId: 3, code: 0 }] });
    for (const bad of [{}, { code: -1 }, { code: 2.5 }, { code: 65_536 }, { code: 0, extra: 1 }, { code: 0, devices: [{ deviceId: 0, code: 0 }] }]) {
      expect(CommandResultBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('checks each kind\'s payload', () => {
    const write = { measureId: 4, modbusCode: 3, registerAddr: 12, dataType: 'Int16', value: 5 };
    expect(COMMAND_PAYLOADS.write.safeParse(write).success).toBe(true);
    expect(COMMAND_PAYLOADS.write.safeParse({ ...write, registerAddr: 65_536 }).success).toBe(false);
    expect(COMMAND_PAYLOADS.write.safeParse({ ...write, dataType: 'Int8' }).success).toBe(false);
    expect(COMMAND_PAYLOADS.write.safeParse({ ...write, value: Number.NaN }).success).toBe(false);
    expect(COMMAND_PAYLOADS.config.safeParse({ devices: [] }).success).toBe(false);
    expect(COMMAND_PAYLOADS.config.safeParse({ syncId: 1, devices: [{ deviceId: 1, deviceCode: 'A', deviceModelId: 2, registers: [] }] }).success).toBe(true);
    expect(COMMAND_PAYLOADS.restart.safeParse({ hard: true }).success).toBe(false);
    const upgrade = { taskId: 1, fileId: 3, fileVer: 'V2.0.1', md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 1024, url: '/api/gateway/firmware/3', deviceModelId: 2 };
    expect(COMMAND_PAYLOADS.upgrade.safeParse(upgrade).success).toBe(true);
    expect(COMMAND_PAYLOADS.upgrade.safeParse({ ...upgrade, md5: 'not-a-digest' }).success).toBe(false);
    expect(COMMAND_PAYLOADS.upgrade.safeParse({ ...upgrade, extra: 1 }).success).toBe(false);
  });
});
