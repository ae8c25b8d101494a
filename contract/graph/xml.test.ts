import { describe, expect, it } from 'vitest';
import { GRAPH_MAX_CELLS, GRAPH_XML_MAX_BYTES } from './project-graph';
import { sanitizeGraphXml } from './xml';

/** A graph as maxGraph's codec writes it: structural cells, a bound unit, a sensor label, an orthogonal edge with points. */
const NORMAL = [
  '<mxGraphModel dx="1200" dy="800" grid="1" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="0" pageScale="1" pageWidth="1920" pageHeight="1080" background="#0b1a2b" math="0" shadow="0">',
  '<root>',
  '<mxCell id="0"/>',
  '<mxCell id="1" parent="0"/>',
  '<UserObject label="AHU-1" id="ahu1" deviceId="12" measureId="34" format="0.0" unit="Pa" stateRules="{&quot;alarm&quot;:&quot;#ff4d4f&quot;,&quot;blink&quot;:true}" symbol="ahu" layer="equipment">',
  '<mxCell style="shape=image;image=/graph-symbols/ahu.svg;verticalLabelPosition=bottom;fillColor=#1677ff" vertex="1" parent="1">',
  '<mxGeometry x="40" y="60.5" width="160" height="90" as="geometry"/>',
  '</mxCell>',
  '</UserObject>',
  '<mxCell id="pm" value="PM2.5 &lt; 35 &amp; ok" style="text;fontColor=#ffffff" vertex="1" parent="1">',
  '<mxGeometry x="300" y="60" width="120" height="30" as="geometry"/>',
  '</mxCell>',
  '<mxCell id="e1" style="edgeStyle=orthogonalEdgeStyle;rounded=0;flowAnimation=1" edge="1" parent="1" source="ahu1" target="pm">',
  '<mxGeometry relative="1" as="geometry">',
  '<Array as="points"><mxPoint x="250" y="105"/><mxPoint x="250" y="75"/></Array>',
  '<mxPoint x="200" y="105" as="sourcePoint"/>',
  '</mxGeometry>',
  '</mxCell>',
  '</root>',
  '</mxGraphModel>',
].join('');

const wrap = (cells: string) => `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
const ok = (xml: string) => {
  const r = sanitizeGraphXml(xml);
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r;
};
const refused = (xml: string) => {
  const r = sanitizeGraphXml(xml);
  if (r.ok) throw new Error(`accepted: ${r.xml}`);
  return r.error;
};

describe('sanitizeGraphXml: normal documents', () => {
  it('keeps a maxGraph document unchanged and lists its bound cells', () => {
    const r = ok(NORMAL);
    expect(r.xml).toBe(NORMAL);
    expect(r.removed).toEqual([]);
    expect(r.cells).toEqual([{ id: '0' }, { id: '1' }, { id: 'ahu1', deviceId: 12, measureId: 34 }, { id: 'pm' }, { id: 'e1' }]);
  });

  it('keeps pretty-printed whitespace and reads maxGraph\'s own element names', () => {
    const xml = '<GraphDataModel>\n  <root>\n    <Cell id="0"/>\n    <Cell id="1" parent="0"/>\n'
      + '    <Cell id="2" vertex="1" parent="1">\n      <Geometry x="1" y="2" width="3" height="4" as="geometry"/>\n'
      + '      <Object fillColor="#ff0000" shape="rectangle" as="style"/>\n    </Cell>\n  </root>\n</GraphDataModel>';
    const r = ok(xml);
    expect(r.xml).toBe(xml);
    expect(r.removed).toEqual([]);
  });

  it('accepts the XML declaration, single quotes and character references, and writes them canonically', () => {
    const r = ok(`<?xml version="1.0" encoding="UTF-8"?>\n${wrap(`<mxCell id='2' value='a&#10;b &#x4e2d;' vertex='1' parent='1'/>`)}`);
    expect(r.xml).toBe(wrap('<mxCell id="2" value="a&#10;b 中" vertex="1" parent="1"/>'));
  });

  it('drops comments and says so', () => {
    const r = ok(wrap('<!-- made by hand --><mxCell id="2" vertex="1" parent="1"/>'));
    expect(r.xml).toBe(wrap('<mxCell id="2" vertex="1" parent="1"/>'));
    expect(r.removed).toEqual(['1 comment(s)']);
  });

  it('keeps inline raster images and images under /files/ and /graph-symbols/', () => {
    const style = 'shape=image;image=data:image/png;base64,iVBORw0KGgo=';
    expect(ok(wrap(`<mxCell id="2" style="${style}" vertex="1" parent="1"/>`)).removed).toEqual([]);
    expect(ok(wrap('<mxCell id="2" style="image=/files/graph/fan.png" vertex="1" parent="1"/>')).removed).toEqual([]);
  });
});

describe('sanitizeGraphXml: hostile documents are sanitised', () => {
  it('removes <script> and <foreignObject> wherever they stand', () => {
    const r = ok(wrap('<script>alert(1)</script><mxCell id="2" vertex="1" parent="1"><script src="x.js"/>'
      + '<mxGeometry as="geometry"><foreignObject><div>x</div></foreignObject></mxGeometry></mxCell>'));
    expect(r.xml).toBe(wrap('<mxCell id="2" vertex="1" parent="1"><mxGeometry as="geometry"/></mxCell>'));
    expect(r.xml).not.toMatch(/script|foreignObject/i);
    expect(r.removed).toEqual([
      'root: element <script> (unsafe element)', 'cell 2: element <script> (unsafe element)', 'cell 2: element <foreignObject> (unsafe element)',
    ]);
  });

  it('removes event handlers: onload on the model, onclick on a cell, onmouseover on a wrapper', () => {
    const r = ok('<mxGraphModel onload="alert(1)"><root><mxCell id="0"/><mxCell id="1" parent="0"/>'
      + '<mxCell id="2" onclick="steal()" vertex="1" parent="1"/><UserObject id="3" label="x" onMouseOver="x()"><mxCell vertex="1" parent="1"/></UserObject>'
      + '</root></mxGraphModel>');
    expect(r.xml).not.toMatch(/onload|onclick|onmouseover|alert|steal/i);
    expect(r.removed).toEqual([
      'model: attribute onload (event handler)', 'cell 2: attribute onclick (event handler)', 'cell 3: attribute onMouseOver (event handler)',
    ]);
  });

  it('removes javascript: in a style entry and in a value, however it is spelt', () => {
    const r = ok(wrap('<mxCell id="2" value="java&#9;script:alert(1)" style="fillColor=#fff;link=JavaScript:alert(1)" vertex="1" parent="1"/>'));
    expect(r.xml).toBe(wrap('<mxCell id="2" style="fillColor=#fff" vertex="1" parent="1"/>'));
    expect(r.removed).toEqual(['cell 2: attribute value (javascript: URL)', 'cell 2: style link (javascript: URL)']);
  });

  it('removes external and non-raster images, and external references in any style entry', () => {
    const r = ok(wrap('<mxCell id="2" style="shape=image;image=https://evil.example/a.png" vertex="1" parent="1"/>'
      + '<mxCell id="3" style="image=//evil.example/a.png;fillColor=url(http://x)" vertex="1" parent="1"/>'
      + '<mxCell id="4" style="image=data:image/svg+xml;base64,PHN2Zz4=" vertex="1" parent="1"/>'
      + '<mxCell id="5" style="image=file:///etc/passwd;indicatorImage=/files/../secret.png" vertex="1" parent="1"/>'
      + '<mxCell id="6" vertex="1" parent="1"><Object image="http://evil.example/x.png" fillColor="#000" as="style"/></mxCell>'));
    expect(r.xml).not.toMatch(/evil|svg\+xml|passwd|secret|url\(/);
    expect(r.xml).toContain('<mxCell id="2" style="shape=image" vertex="1" parent="1"/>');
    expect(r.xml).toContain('<Object fillColor="#000" as="style"/>');
    expect(r.removed).toHaveLength(7);
    expect(r.removed[0]).toBe('cell 2: style image (only /files/, /graph-symbols/ or data:image base64 images)');
    expect(r.removed).toContain('cell 3: style fillColor (external reference)');
  });

  it('removes xlink:href, href and src attributes', () => {
    const r = ok(wrap('<mxCell id="2" xlink:href="http://evil.example" href="javascript:x" src="/a.js" vertex="1" parent="1"/>'));
    expect(r.xml).toBe(wrap('<mxCell id="2" vertex="1" parent="1"/>'));
    expect(r.removed).toEqual([
      'cell 2: attribute xlink:href (not allowed)', 'cell 2: attribute href (not allowed)', 'cell 2: attribute src (not allowed)',
    ]);
  });

  it('removes html=1 so that HTML in a value is shown as text, escaped', () => {
    const r = ok(wrap('<mxCell id="2" value="&lt;img src=x onerror=alert(1)&gt;" style="html=1;whiteSpace=wrap" vertex="1" parent="1"/>'));
    expect(r.xml).toBe(wrap('<mxCell id="2" value="&lt;img src=x onerror=alert(1)&gt;" style="whiteSpace=wrap" vertex="1" parent="1"/>'));
    expect(r.removed).toEqual(['cell 2: style html=1 (labels are plain text)']);
  });

  it('removes data: URLs other than raster images from values', () => {
    const r = ok(wrap('<UserObject id="2" label="data:text/html,&lt;script&gt;x&lt;/script&gt;"><mxCell vertex="1" parent="1"/></UserObject>'));
    expect(r.xml).toBe(wrap('<UserObject id="2"><mxCell vertex="1" parent="1"/></UserObject>'));
    expect(r.removed).toEqual(['cell 2: attribute label (data: URL)']);
  });
});

describe('sanitizeGraphXml: refused documents', () => {
  it('refuses DOCTYPE and ENTITY declarations (billion laughs, external entities)', () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
      + '<mxGraphModel><root><mxCell id="0" value="&lol2;"/></root></mxGraphModel>';
    expect(refused(laughs)).toBe('line 1: DOCTYPE declarations are not allowed');
    expect(refused('<!ENTITY x SYSTEM "file:///etc/passwd"><mxGraphModel/>')).toBe('line 1: ENTITY declarations are not allowed');
    expect(refused(wrap('<mxCell id="2" value="&xxe;"/>'))).toMatch(/unknown entity &xxe;/);
  });

  it('refuses processing instructions and CDATA holding markup', () => {
    expect(refused('<?xml-stylesheet href="x.xsl"?><mxGraphModel/>')).toBe('line 1: processing instructions are not allowed');
    expect(refused(wrap('<mxCell id="2"><![CDATA[<script>x</script>]]></mxCell>'))).toMatch(/CDATA holding markup/);
  });

  it('refuses unbalanced tags, naming them and the line', () => {
    expect(refused('<mxGraphModel>\n<root>\n<mxCell id="0">\n</root></mxGraphModel>')).toBe('line 4: unbalanced tags: </root> closes <mxCell>');
    expect(refused('<mxGraphModel><root>')).toMatch(/unclosed element <root>/);
    expect(refused(`${wrap('')}<mxGraphModel/>`)).toMatch(/one root element/);
  });

  it('refuses a wrong root, a missing <root> and broken references', () => {
    expect(refused('<svg onload="alert(1)"/>')).toBe('the root element must be <mxGraphModel>, found <svg>');
    expect(refused('<mxGraphModel/>')).toBe('<mxGraphModel> must hold exactly one <root>, found 0');
    expect(refused(wrap('<mxCell id="2" parent="9"/>'))).toBe('cell 2: parent "9" names no cell');
    expect(refused(wrap('<mxCell id="1" parent="0"/>'))).toBe('cell id 1 appears twice');
    expect(refused(wrap('<UserObject id="2" deviceId="x1"><mxCell/></UserObject>'))).toMatch(/cell 2: deviceId must be a record id/);
  });

  it('refuses an oversize document and too many cells', () => {
    const big = wrap(`<mxCell id="2" value="${'x'.repeat(GRAPH_XML_MAX_BYTES)}"/>`);
    expect(refused(big)).toMatch(/bytes; at most 2097152 are allowed/);
    const many = wrap(Array.from({ length: GRAPH_MAX_CELLS }, (_, i) => `<mxCell id="c${i}" vertex="1" parent="1"/>`).join(''));
    expect(refused(many)).toBe(`the graph has ${GRAPH_MAX_CELLS + 2} cells; at most ${GRAPH_MAX_CELLS} are allowed`);
  });

  it('refuses bare ampersands, unquoted attributes and forbidden characters', () => {
    expect(refused(wrap('<mxCell id="2" value="a & b"/>'))).toMatch(/"&" must start an entity/);
    expect(refused(wrap('<mxCell id=2/>'))).toMatch(/value must be quoted/);
    expect(refused(wrap('<mxCell id="2" value="\u0001"/>'))).toMatch(/U\+0001 is not allowed/);
  });
});
