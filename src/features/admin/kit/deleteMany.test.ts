import { describe, expect, it } from 'vitest';
import { deleteMany } from './deleteMany';

describe('deleteMany', () => {
  it('deletes in order and goes on past a refusal, keeping each refusal\'s reason', async () => {
    const asked: number[] = [];
    const result = await deleteMany([1, 2, 3], async (id) => {
      asked.push(id);
      if (id === 2) throw new Error('无法删除厂家：仍有 2 个设备型号引用它');
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(result).toEqual({ deleted: [1, 3], failed: [{ id: 2, error: '无法删除厂家：仍有 2 个设备型号引用它' }] });
  });

  it('does nothing for no ids', async () => {
    expect(await deleteMany([], () => Promise.reject(new Error('not called')))).toEqual({ deleted: [], failed: [] });
  });
});
