import { MessageType } from '../../contract/enums';
import { formatTile } from '../../contract/wall/tile-geometry';
import { TILE_MIN_FPS, type TileProblem } from '../../contract/walls';
import type { WallFacts } from './wall-health-repository';

/** 第2行第3列 / row 2, column 3 (1-based for people). */
export const tileLabelZh = (t: readonly [number, number]) => `第${t[0] + 1}行第${t[1] + 1}列`;
export const tileLabelEn = (t: readonly [number, number]) => `row ${t[0] + 1}, column ${t[1] + 1}`;

const PROBLEM_TEXT: Record<TileProblem, { zh: string; en: string }> = {
  silent: { zh: '无响应', en: 'not responding' },
  lowFps: { zh: `帧率低于 ${TILE_MIN_FPS} fps`, en: `frame rate under ${TILE_MIN_FPS} fps` },
  heapGrowing: { zh: '内存持续增长', en: 'memory growing steadily' },
  staleData: { zh: '数据过旧', en: 'data out of date' },
  errors: { zh: '出现页面错误', en: 'page errors' },
  restarted: { zh: '页面已重启', en: 'page restarted' },
};

/**
 * The system alarm message of tiles of one wall going down together, or of one tile turning
 * unwell: Chinese content (as every message), English beside it in the data (`contentEn`,
 * `measureNameEn`: what the English console shows, src/features/messages/describeMessage.ts).
 */
export function tileAlarmMessage(wall: Pick<WallFacts, 'id' | 'name'>, kind: 'down' | 'warn', tiles: readonly [number, number][], problems: readonly TileProblem[]):
  { type: number; content: string; data: string } {
  const zhTiles = tiles.map(tileLabelZh).join('、');
  const enTiles = tiles.map(tileLabelEn).join('; ');
  const several = tiles.length > 1;
  const content = kind === 'down'
    ? `视频墙「${wall.name}」${zhTiles}屏幕无响应`
    : `视频墙「${wall.name}」${zhTiles}屏幕异常：${problems.map((p) => PROBLEM_TEXT[p].zh).join('、')}`;
  const contentEn = kind === 'down'
    ? `Video wall "${wall.name}": the screen${several ? 's' : ''} at ${enTiles} ${several ? 'are' : 'is'} not responding`
    : `Video wall "${wall.name}": the screen at ${enTiles} is unwell: ${problems.map((p) => PROBLEM_TEXT[p].en).join(', ')}`;
  return {
    type: MessageType.SystemAlarm,
    content,
    data: JSON.stringify({
      wallId: wall.id, wallName: wall.name, tiles: tiles.map(formatTile), state: kind, reasons: problems,
      // What the console's message list shows under the headline (SPEC §3's alarm fields).
      deviceName: wall.name, measureName: zhTiles, measureNameEn: enTiles, contentEn,
    }),
  };
}

