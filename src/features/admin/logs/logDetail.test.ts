import { describe, expect, it } from 'vitest';
import { detailSummary, parseLogDetail } from './logDetail';

const texts = { empty: '（空）', text: (t: string) => (t === 'ok' ? '登录成功' : t) };
const labels: Record<string, string> = { name: '名称', remark: '备注' };
const labelOf = (f: string) => labels[f] ?? f;

describe('log line detail', () => {
  it('reads a change as its fields before and after, with the facts beside them', () => {
    const detail = parseLogDetail(JSON.stringify({ before: { name: '甲', remark: null }, after: { name: '乙', remark: '说明' }, orgIds: [3, 4] }));
    expect(detail).toEqual({
      kind: 'change',
      fields: [{ field: 'name', before: '甲', after: '乙' }, { field: 'remark', before: null, after: '说明' }],
      extra: [['orgIds', [3, 4]]],
    });
    expect(detailSummary(detail, labelOf, texts)).toBe('名称: 甲 → 乙; 备注: （空） → 说明; orgIds: [3,4]');
  });

  it('reads an insert (no before) and a delete (no after)', () => {
    expect(parseLogDetail('{"before":null,"after":{"name":"新"}}')).toEqual({ kind: 'change', fields: [{ field: 'name', before: null, after: '新' }], extra: [] });
    expect(detailSummary(parseLogDetail('{"before":{"name":"旧"},"after":null}'), labelOf, texts)).toBe('名称: 旧 → （空）');
  });

  it('keeps other JSON as facts and anything else as text', () => {
    expect(parseLogDetail('{"addOrgs":[1]}')).toEqual({ kind: 'facts', extra: [['addOrgs', [1]]] });
    expect(parseLogDetail('ok')).toEqual({ kind: 'text', text: 'ok' });
    expect(detailSummary(parseLogDetail('ok'), labelOf, texts)).toBe('登录成功');
    expect(parseLogDetail('[1,2]')).toEqual({ kind: 'text', text: '[1,2]' });
    expect(parseLogDetail('')).toEqual({ kind: 'none' });
    expect(parseLogDetail('{"before":"x"}')).toEqual({ kind: 'facts', extra: [['before', 'x']] });
  });
});
