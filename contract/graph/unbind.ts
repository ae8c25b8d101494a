import { parseXml, serializeXml, type XmlElement } from './xml-parser';

const BOUND = new Set(['deviceId', 'measureId']);

/**
 * A graph document with its device bindings taken out (the `deviceId` and `measureId` of every
 * cell; display settings such as format, unit and state rules stay): what a copy of a graph into
 * another project starts from, since the source project's devices are not the target's. `unbound`
 * counts the cells that lost a binding. Null when `xml` is not well-formed.
 */
export function unbindGraphXml(xml: string): { xml: string; unbound: number } | null {
  const parsed = parseXml(xml, { maxDepth: 64, maxAttributes: 512 });
  if (!parsed.ok) return null;
  let unbound = 0;
  const walk = (el: XmlElement) => {
    const kept = el.attrs.filter(([name]) => !BOUND.has(name));
    if (kept.length !== el.attrs.length) {
      if (el.attrs.some(([name, value]) => name === 'deviceId' && value !== '')) unbound++;
      el.attrs = kept;
    }
    for (const c of el.children) if (typeof c !== 'string') walk(c);
  };
  walk(parsed.root);
  return { xml: serializeXml(parsed.root), unbound };
}
