import { describe, expect, it } from 'vitest';
import { DeviceImportRow, DeviceMeasureItem, rowIssues, SaveDevice } from './device-admin';
import { DEVICE_SORTS } from './devices';
import { deviceResource } from './resources/device';
import { RESOURCES } from './resources/registry';

describe('device save rules', () => {
  const base = { name: ' 过滤器 1 ', code: 'F-1', deviceModelId: 3 };

  it('fills the defaults and trims', () => {
    expect(SaveDevice.parse(base)).toEqual({
      name: '过滤器 1', code: 'F-1', projectId: null, deviceModelId: 3, gatewayId: null, iotId: '', iccid: '', installDate: null, lng: null, lat: null,
    });
  });

  it('refuses codes, IoT ids and ICCIDs of the wrong form, and places off the globe', () => {
    for (const bad of [{ code: 'a b' }, { iotId: 'x y' }, { iccid: '8986' }, { iccid: '8986000000000000000A' }, { lng: 181 }, { lat: -91 },
      { installDate: Date.UTC(1999, 11, 31) }, { deviceModelId: 0 }]) {
      expect(SaveDevice.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(SaveDevice.safeParse({ ...base, iotId: 'imei:8612-34_56.7', iccid: '89860000000000000001' }).success).toBe(true);
  });
});

describe('row problems', () => {
  it('names each bad field of an import row once, in both languages', () => {
    const r = DeviceImportRow.safeParse({ name: '', code: 'x y', project: 'P', deviceModel: 'M', iccid: '12', lng: 'east', extra: 1 }, { reportInput: true });
    expect(r.success).toBe(false);
    const problems = rowIssues(4, r.success ? [] : r.error.issues);
    expect(problems.map((p) => [p.row, p.field, p.code])).toEqual([
      [4, 'name', 'required'], [4, 'code', 'format'], [4, 'iccid', 'format'], [4, 'lng', 'type'], [4, 'extra', 'unknown_field'],
    ]);
    expect(problems.find((p) => p.field === 'iccid')).toMatchObject({ message: '格式不对：应为 19–20 位数字', messageEn: 'bad format: 19 or 20 digits' });
  });

  it('takes an override of nulls as "the model\'s"', () => {
    expect(DeviceMeasureItem.parse({ measureId: 5 })).toEqual({ measureId: 5, alarmEnabled: null, conditionVal1: null, conditionVal2: null });
    expect(DeviceMeasureItem.safeParse({ measureId: 5, alarmEnabled: 2 }).success).toBe(false);
  });
});

describe('the device definition', () => {
  it('sorts by the columns the list endpoint orders by, and is not served by the kit\'s generic routes', () => {
    const sortable = deviceResource.columns.filter((c) => c.sortable).map((c) => c.name);
    expect(['id', ...sortable].sort()).toEqual([...DEVICE_SORTS].sort());
    expect(RESOURCES.map((r) => r.name)).not.toContain('t_device');
    expect(deviceResource.scope).toEqual({ kind: 'project' });
  });
});
