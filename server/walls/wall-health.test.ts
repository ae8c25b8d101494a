import { describe, expect, it } from 'vitest';
import { MessageType } from '../../contract/enums';
import { HubMethod } from '../../contract/hub';
import type { TileHealth } from '../../contract/walls';
import { HubServer } from '../hub/hub-server';
import { LocalBackplane } from '../hub/publisher';
import { tileAlarmMessage } from './tile-alarm-message';
import { transitionOf } from './tile-transitions';
import type { WallFacts } from './wall-health-repository';

const wall: WallFacts = { id: 7, name: '大厅', rows: 2, cols: 2, orgId: null };
const judged = (state: TileHealth['state'], reasons: TileHealth['reasons'] = []): TileHealth => ({ tile: [1, 0], state, reasons, lastReport: null });
const step = (before: TileHealth['state'], beforeReasons: TileHealth['reasons'], after: TileHealth) => {
  const t = transitionOf(wall, [1, 0], { state: before, reasons: [...beforeReasons] }, after);
  return t && { kind: t.kind, message: t.message, gained: t.gained };
};

describe('transitionOf: what a new judgement of a tile means', () => {
  it('going down is messaged once, from any other state', () => {
    for (const before of ['unknown', 'ok', 'warn'] as const) {
      expect(step(before, [], judged('down', ['silent']))).toEqual({ kind: 'down', message: true, gained: ['silent'] });
    }
    expect(step('down', ['silent'], judged('down', ['silent']))).toBeNull();
  });

  it('turning unwell is messaged with its problems; a new problem while unwell too; coming back from down is not', () => {
    expect(step('ok', [], judged('warn', ['lowFps']))).toEqual({ kind: 'warn', message: true, gained: ['lowFps'] });
    expect(step('unknown', [], judged('warn', ['staleData']))).toEqual({ kind: 'warn', message: true, gained: ['staleData'] });
    expect(step('warn', ['lowFps'], judged('warn', ['lowFps']))).toBeNull();
    expect(step('warn', ['lowFps'], judged('warn', ['lowFps', 'heapGrowing']))).toEqual({ kind: 'warn', message: true, gained: ['heapGrowing'] });
    // A problem gone while another stays: nothing new to say.
    expect(step('warn', ['lowFps', 'errors'], judged('warn', ['lowFps']))).toBeNull();
    // A restarted tile back from silence is recovering: recorded, not messaged.
    expect(step('down', ['silent'], judged('warn', ['restarted']))).toEqual({ kind: 'warn', message: false, gained: ['restarted'] });
  });

  it('a recovery is recorded, never messaged; a first report is no transition', () => {
    expect(step('warn', ['lowFps'], judged('ok'))).toEqual({ kind: 'recovered', message: false, gained: [] });
    expect(step('down', ['silent'], judged('ok'))).toEqual({ kind: 'recovered', message: false, gained: [] });
    expect(step('unknown', [], judged('ok'))).toBeNull();
    expect(step('ok', [], judged('ok'))).toBeNull();
  });
});

describe('tileAlarmMessage', () => {
  it('a system alarm (type 6) naming the wall and the tile 1-based, English in its data', () => {
    const m = tileAlarmMessage(wall, 'down', [[1, 0]], ['silent']);
    expect(m.type).toBe(MessageType.SystemAlarm);
    expect(m.content).toBe('视频墙「大厅」第2行第1列屏幕无响应');
    expect(JSON.parse(m.data)).toEqual({
      wallId: 7, wallName: '大厅', tiles: ['1,0'], state: 'down', reasons: ['silent'], deviceName: '大厅', measureName: '第2行第1列', measureNameEn: 'row 2, column 1',
      contentEn: 'Video wall "大厅": the screen at row 2, column 1 is not responding',
    });
  });

  it('tiles of one wall going down together share one message', () => {
    const m = tileAlarmMessage(wall, 'down', [[0, 0], [1, 1]], ['silent']);
    expect(m.content).toBe('视频墙「大厅」第1行第1列、第2行第2列屏幕无响应');
    expect(JSON.parse(m.data).contentEn).toBe('Video wall "大厅": the screens at row 1, column 1; row 2, column 2 are not responding');
  });

  it('an unwell tile names its problems', () => {
    const m = tileAlarmMessage(wall, 'warn', [[0, 1]], ['lowFps', 'heapGrowing']);
    expect(m.content).toBe('视频墙「大厅」第1行第2列屏幕异常：帧率低于 20 fps、内存持续增长');
    expect(JSON.parse(m.data).contentEn).toBe('Video wall "大厅": the screen at row 1, column 2 is unwell: frame rate under 20 fps, memory growing steadily');
  });
});

describe('HubServer.registerMethod', () => {
  const hub = () => new HubServer({} as never, Buffer.alloc(32), new LocalBackplane(), { error() {} } as never);

  it('answers a registered method with its handler, and forgets it when removed', async () => {
    const server = hub();
    const off = server.registerMethod('Echo', (_c, args) => args[0]);
    expect(await server.invoke({} as never, 'Echo', [42])).toBe(42);
    off();
    await expect(server.invoke({} as never, 'Echo', [42])).rejects.toThrow(/Unknown hub method 'Echo'/);
  });

  it('refuses to replace a built-in method or register a name twice', () => {
    const server = hub();
    expect(() => server.registerMethod(HubMethod.Subscribe, () => true)).toThrow(/built in/);
    server.registerMethod(HubMethod.WallClock, () => 1);
    expect(() => server.registerMethod(HubMethod.WallClock, () => 2)).toThrow(/already registered/);
  });
});
