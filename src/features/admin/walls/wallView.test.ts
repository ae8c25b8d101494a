import { describe, expect, it } from 'vitest';
import { WallSave } from '../../../../contract/walls';
import { wallStrings } from './wallStrings';
import {
  agoParts, canvasOf, declaredVariables, durationParts, launcherCommand, moveAt, newWallDraft, resolutionKey, stateCounts, tileAddress,
  wallDraftOf, wallSaveOf, wallTiles, worstState,
} from './wallView';

describe('wall drafts', () => {
  it('a new wall is a valid save body: 2 × 2 full-HD screens, 12 px bezels, the default-multi rotation', () => {
    const body = wallSaveOf({ ...newWallDraft(), name: ' 大厅 ' });
    expect(WallSave.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ name: '大厅', rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, bezelX: 12, bezelY: 12, templateIds: [] });
  });

  it('a stored wall round-trips, leaving out empty variables (the template default applies)', () => {
    const stored = {
      id: 7, name: '控制室', rows: 1, cols: 3, screenWidth: 3840, screenHeight: 2160, bezelX: 0, bezelY: 4, templateIds: [3, 1, 3],
      rotateSeconds: 45, idleSeconds: 90, variables: { projectId: '3', title: '' }, remark: 'r', epoch: 1, updatedAt: 2,
    };
    const body = wallSaveOf(wallDraftOf(stored));
    expect(body).toEqual({
      id: 7, name: '控制室', rows: 1, cols: 3, screenWidth: 3840, screenHeight: 2160, bezelX: 0, bezelY: 4, templateIds: [3, 1, 3],
      rotateSeconds: 45, idleSeconds: 90, variables: { projectId: '3' }, remark: 'r',
    });
    // The draft is a copy: editing it leaves the stored wall alone.
    const draft = wallDraftOf(stored);
    draft.templateIds.push(9);
    expect(stored.templateIds).toEqual([3, 1, 3]);
  });

  it('names resolution presets, and anything else custom', () => {
    expect(resolutionKey(1920, 1080)).toBe('1920x1080');
    expect(resolutionKey(3840, 2160)).toBe('3840x2160');
    expect(resolutionKey(1080, 1920)).toBe('custom');
  });
});

describe('tiles and the launcher', () => {
  it('lists tiles row by row, 0-based, and addresses them as /monitor?wall=&tile=r,c', () => {
    expect(wallTiles({ rows: 2, cols: 3 })).toEqual([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
    expect(tileAddress(4, [1, 2])).toBe('/monitor?wall=4&tile=1,2');
  });

  it('puts the token in NV_DISPLAY_TOKEN, never an argument, with one --tile per screen', () => {
    const cmd = launcherCommand({ origin: 'http://10.0.0.5:8080', wallId: 4, tiles: [[0, 0], [0, 1]], token: 'nvd_abc' });
    expect(cmd).toBe('NV_DISPLAY_TOKEN=nvd_abc npm run kiosk -- --url http://10.0.0.5:8080 --wall 4 --tile 0,0 --tile 0,1');
    expect(cmd).not.toContain('--display-token');
  });
});

describe('health summaries', () => {
  const tiles = [{ state: 'ok' as const }, { state: 'warn' as const }, { state: 'ok' as const }, { state: 'unknown' as const }];
  it('counts states and picks the worst', () => {
    expect(stateCounts(tiles)).toEqual({ ok: 2, warn: 1, down: 0, unknown: 1 });
    expect(worstState(tiles)).toBe('warn');
    expect(worstState([...tiles, { state: 'down' }])).toBe('down');
    expect(worstState([{ state: 'ok' }, { state: 'unknown' }])).toBe('unknown');
    expect(worstState([])).toBe('unknown');
  });

  it('says spans and ages in their largest whole unit', () => {
    expect(durationParts(450)).toEqual(['ms', 450]);
    expect(durationParts(12_400)).toEqual(['s', 12]);
    expect(durationParts(150_000)).toEqual(['m', 3]);
    expect(durationParts(7_200_000)).toEqual(['h', 2]);
    expect(agoParts(1000, 9000)).toEqual(['s', 8]);
    expect(agoParts(0, 125_000)).toEqual(['m', 2]);
    expect(agoParts(0, 2 * 86_400_000 + 5)).toEqual(['d', 2]);
    // A report stamped a little ahead of this clock reads as now.
    expect(agoParts(10_000, 9_000)).toEqual(['s', 0]);
  });
});

describe('rotation helpers', () => {
  it('moves an item up or down and ignores moves off the ends', () => {
    expect(moveAt([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveAt([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveAt([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveAt([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('reads a template canvas defensively', () => {
    const record = { id: 2, name: 'A', hasThumbnail: true, updatedAt: 5, content: { canvas: { width: 1920, height: 1080, scaleMode: 'fillWidth' } } };
    expect(canvasOf(record)).toEqual({ templateId: 2, name: 'A', width: 1920, height: 1080, scaleMode: 'fillWidth', hasThumbnail: true, version: 5, widgets: [] });
    const widgets = [
      { id: 'a', type: 'kpiCard', x: 0, y: 0, w: 400, h: 200, title: ' 在线率 ' },
      { id: 'b', type: 'lineChart', x: 400, y: 0, w: 800, h: 300, name: '趋势' },
      { id: 'c', type: 'map', x: 0, y: 300, w: 900, h: 700 },
      { id: 'd', type: 'map', x: 0, y: 300, w: 900, h: 700, hidden: true },
      { id: 'e', type: 'map', x: 'x', y: 0, w: 1, h: 1 },
      null,
    ];
    expect(canvasOf({ ...record, content: { ...record.content, widgets } })?.widgets).toEqual([
      { x: 0, y: 0, w: 400, h: 200, label: '在线率' },
      { x: 400, y: 0, w: 800, h: 300, label: '趋势' },
      { x: 0, y: 300, w: 900, h: 700, label: 'map' },
    ]);
    expect(canvasOf({ ...record, content: { canvas: { width: 1920, height: 1080, scaleMode: 'zoom' } } })?.scaleMode).toBe('fit');
    expect(canvasOf({ ...record, content: { canvas: { width: 0, height: 1080 } } })).toBeNull();
    expect(canvasOf({ ...record, content: null })).toBeNull();
    expect(canvasOf(undefined)).toBeNull();
  });

  it('collects the variables the templates declare, each name once', () => {
    const a = { variables: [{ name: 'projectId', label: '项目', type: 'project' }, { name: 'title', label: '标题', type: 'string', default: '总览' }] };
    const b = { variables: [{ name: 'projectId', label: 'Other', type: 'string' }, { name: 'regionId', label: '区域', type: 'region' }] };
    expect(declaredVariables([a, null, { variables: 'x' }, b])).toEqual([
      { name: 'projectId', label: '项目', type: 'project', default: undefined },
      { name: 'title', label: '标题', type: 'string', default: '总览' },
      { name: 'regionId', label: '区域', type: 'region', default: undefined },
    ]);
  });
});

describe('texts', () => {
  const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
  it('has every Chinese text in English too, with the same placeholders', () => {
    expect(keys(wallStrings.en).sort()).toEqual(keys(wallStrings.zh).sort());
    const get = (o: object, path: string) => path.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown>)[k], o) as string;
    for (const k of keys(wallStrings.zh)) {
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(vars(get(wallStrings.en, k)), k).toEqual(vars(get(wallStrings.zh, k)));
    }
  });
});
