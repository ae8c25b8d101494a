import { describe, expect, it } from 'vitest';
import { sanitizeGraphXml } from '../../../contract/graph/xml';
import { normalizeGeometryAttrs } from './xmlExport';

const exported = '<GraphDataModel><root><Cell id="0"><Object as="style"/></Cell><Cell id="1" parent="0"><Object as="style"/></Cell>'
  + '<UserObject label="_x=1" symbol="fan" id="2"><Cell vertex="1" parent="1"><Geometry _x="-290" _y="40.5" _width="110" _height="110" as="geometry"/>'
  + '<Object shape="nvFan" as="style"/></Cell></UserObject>'
  + '<Cell id="3" edge="1" parent="1" source="2" target="2"><Geometry relative="1" as="geometry"><Point _x="5" _y="6" as="sourcePoint"/></Geometry>'
  + '<Object as="style"/></Cell></root></GraphDataModel>';

describe('normalizeGeometryAttrs', () => {
  it('renames the private geometry fields and leaves everything else alone', () => {
    const xml = normalizeGeometryAttrs(exported);
    expect(xml).toContain('<Geometry x="-290" y="40.5" width="110" height="110" as="geometry"/>');
    expect(xml).toContain('<Point x="5" y="6" as="sourcePoint"/>');
    expect(xml).toContain('label="_x=1"');
    expect(xml).not.toMatch(/ _(x|y|width|height)=/);
  });

  it('makes an exported graph pass the server sanitiser without losing its geometry', () => {
    const raw = sanitizeGraphXml(exported);
    expect(raw.ok && raw.removed.some((r) => r.includes('_x'))).toBe(true);
    const fixed = sanitizeGraphXml(normalizeGeometryAttrs(exported));
    expect(fixed).toMatchObject({ ok: true, removed: [] });
  });
});
