import { describe, expect, it } from 'vitest';
import { unbindGraphXml } from './unbind';
import { sanitizeGraphXml } from './xml';

const DOC = '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>'
  + '<UserObject id="a" label="风机" deviceId="12" measureId="34" format="0.0" unit="Pa"><mxCell vertex="1" parent="1">'
  + '<mxGeometry x="1" y="2" width="3" height="4" as="geometry"/></mxCell></UserObject>'
  + '<mxCell id="b" value="压差 &amp; 温度" deviceId="12" vertex="1" parent="1"><mxGeometry width="5" height="6" as="geometry"/></mxCell>'
  + '<mxCell id="c" value="标题" vertex="1" parent="1"/></root></mxGraphModel>';

describe('unbindGraphXml', () => {
  it('takes out every deviceId and measureId, keeps the display settings, and counts the cells unbound', () => {
    const r = unbindGraphXml(DOC)!;
    expect(r.unbound).toBe(2);
    expect(r.xml).not.toMatch(/deviceId|measureId/);
    expect(r.xml).toContain('<UserObject id="a" label="风机" format="0.0" unit="Pa">');
    expect(r.xml).toContain('value="压差 &amp; 温度"');
    const checked = sanitizeGraphXml(r.xml);
    expect(checked.ok && checked.cells.every((c) => c.deviceId === undefined)).toBe(true);
  });

  it('leaves a graph without bindings as it was, and answers null for a broken document', () => {
    const plain = '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel>';
    expect(unbindGraphXml(plain)).toEqual({ xml: plain, unbound: 0 });
    expect(unbindGraphXml('<mxGraphModel><root>')).toBeNull();
  });
});
