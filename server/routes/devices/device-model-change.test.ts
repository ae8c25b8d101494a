import { describe, expect, it } from 'vitest';
import { pairPoints } from './device-model-change-repository';

describe('pairing the points of two models', () => {
  const p = (id: number, name: string, tagId: number | null) => ({ id, name, tagId });

  it('pairs by tag in order, then untagged points by name; lists the rest', () => {
    const from = [p(1, 'PM2.5', 2), p(2, 'PM2.5 出口', 2), p(3, '温度', 8), p(4, '模式', null), p(5, '故障', null), p(6, 'PM10', 3)];
    const to = [p(11, '细颗粒物', 2), p(12, '模式', null), p(13, '温度', 9), p(14, '模式', 7)];
    const { pairs, unmapped, added } = pairPoints(from, to);
    expect(pairs.map((x) => [x.from.id, x.to.id, x.by])).toEqual([[1, 11, 'tag'], [4, 12, 'name']]);
    expect(unmapped.map((x) => x.id)).toEqual([2, 3, 5, 6]);
    expect(added.map((x) => x.id)).toEqual([13, 14]);
  });
});
