import { describe, expect, it } from 'vitest';
import { GRAPH_SYMBOL_KEYS } from '../../../contract/graph/binding';
import { sanitizeGraphXml } from '../../../contract/graph/xml';
import { GRAPH_SYMBOLS, symbolStyle, symbolsOf } from './graphSymbols';
import { strings } from '../strings';

describe('graph symbol catalogue', () => {
  it('has one entry per symbol key, each named in zh and en', () => {
    expect(GRAPH_SYMBOLS.map((s) => s.key).sort()).toEqual([...GRAPH_SYMBOL_KEYS].sort());
    for (const s of GRAPH_SYMBOLS) {
      expect(strings.zh.symbols[s.key]).toBeTruthy();
      expect(strings.en.symbols[s.key]).toBeTruthy();
      expect(strings.zh.categories[s.category]).toBeTruthy();
      expect(s.width).toBeGreaterThan(0);
      expect(s.height).toBeGreaterThan(0);
    }
  });

  it('styles survive the server sanitiser unchanged', () => {
    const cells = GRAPH_SYMBOLS.map((s, i) =>
      `<mxCell id="c${i}" value="" style="${symbolStyle(s.key)}" vertex="1" parent="1"><mxGeometry x="0" y="0" width="${s.width}" height="${s.height}" as="geometry"/></mxCell>`).join('');
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
    const result = sanitizeGraphXml(xml);
    expect(result.ok && result.removed).toEqual([]);
  });

  it('lists symbols by category in palette order', () => {
    expect(symbolsOf('filters').map((s) => s.key)).toEqual(['filterPre', 'filterMedium', 'filterHepa']);
  });
});
