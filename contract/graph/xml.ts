import { GRAPH_MAX_CELLS, GRAPH_XML_MAX_BYTES } from './project-graph';
import { parseXml, serializeXml, type XmlElement, type XmlNode } from './xml-parser';

/**
 * Validation and sanitising of a project graph (`t_project_graph.xml`, maxGraph XML; DESIGN
 * "Contract decisions"). Pure and DOM-free: the server runs it on every save, the editor may run it
 * before saving. Structure errors refuse the document; anything unsafe or unknown is removed and
 * listed in `removed`, so the caller can tell the user what was stripped.
 */

const MAX_DEPTH = 32;
const MAX_ATTRIBUTES = 256;

export type GraphXmlResult =
  | { ok: true; xml: string; removed: string[]; cells: GraphCellInfo[] }
  | { ok: false; error: string };

/** A cell as the server needs it after sanitising: its id and the binding attributes it carries. */
export interface GraphCellInfo {
  id: string;
  deviceId?: number;
  measureId?: number;
}

/** The model element: maxGraph writes `GraphDataModel`, mxGraph (and maxGraph's alias) `mxGraphModel`. */
const MODEL = new Set(['mxGraphModel', 'GraphDataModel']);
const CELL = new Set(['mxCell', 'Cell']);
/** User-object wrappers: the cell is nested inside and the wrapper carries the id and the binding. */
const WRAPPER = new Set(['UserObject', 'Object']);
const GEOMETRY = new Set(['mxGeometry', 'Geometry']);
const POINT = new Set(['mxPoint', 'Point']);
const RECTANGLE = new Set(['mxRectangle', 'Rectangle']);

const MODEL_ATTRS = new Set([
  'dx', 'dy', 'grid', 'gridSize', 'guides', 'tooltips', 'connect', 'arrows', 'fold', 'page', 'pageScale', 'pageWidth',
  'pageHeight', 'background', 'math', 'shadow',
]);
const CELL_ATTRS = new Set(['id', 'parent', 'source', 'target', 'vertex', 'edge', 'value', 'style', 'connectable', 'visible', 'collapsed']);
/** Our binding attributes (DESIGN: a bound cell carries deviceId, measureId, format and state styling). */
const BINDING_ATTRS = ['deviceId', 'measureId', 'format', 'unit', 'stateRules', 'symbol', 'layer'];
const WRAPPER_ATTRS = new Set(['id', 'label', ...BINDING_ATTRS]);
const GEOMETRY_ATTRS = new Set(['x', 'y', 'width', 'height', 'relative', 'as']);
const NUMERIC_ATTRS = new Set(['x', 'y', 'width', 'height', 'dx', 'dy', 'gridSize', 'pageScale', 'pageWidth', 'pageHeight']);
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const FLAG = /^[01]$/;
const FLAG_ATTRS = new Set(['vertex', 'edge', 'connectable', 'visible', 'collapsed', 'relative', 'grid', 'guides', 'tooltips',
  'connect', 'arrows', 'fold', 'page', 'math', 'shadow']);
const CELL_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const RECORD_ID = /^[1-9]\d{0,9}$/;
/** Style keys of the object form (`<Object as="style" fillColor="…"/>`): plain identifiers. */
const STYLE_KEY = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const DANGEROUS_ELEMENTS = new Set(['script', 'foreignObject', 'iframe', 'object', 'embed', 'svg', 'a', 'img', 'link', 'style', 'html', 'body']);

/** `;base64` is optional: in a style string `;` separates entries, so mxGraph writes `data:image/png,<base64>`. */
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp)(;base64)?,[A-Za-z0-9+/=]*$/;
/** Relative image paths our server serves: uploads and the symbol library. */
const SAFE_IMAGE_PATH = /^\/(files|graph-symbols)\/(?!.*\.\.)[A-Za-z0-9_\-./%]+$/;

/** Lower-case with whitespace and control characters removed: how a browser reads a URL scheme. */
// eslint-disable-next-line no-control-regex -- browsers skip control characters in a URL scheme
const squeeze = (v: string) => v.replace(/[\s\u0000-\u001f\u007f]+/g, '').toLowerCase();

/** Why a value may not stay (scripts, other data URLs, external references), or null when it may. */
function unsafeValue(value: string): string | null {
  const v = squeeze(value);
  if (v.includes('javascript:')) return 'javascript: URL';
  if (v.includes('vbscript:')) return 'vbscript: URL';
  if (/(^|[^a-z0-9])data:/.test(v) && !SAFE_DATA_IMAGE.test(value.trim())) return 'data: URL';
  if (/(^|[^a-z0-9])(https?:|file:|ftp:)/.test(v) || v.startsWith('//') || v.includes('url(')) return 'external reference';
  return null;
}

/** An image reference kept in a style: an upload or a library symbol, or an inline raster image. */
function safeImage(value: string): boolean {
  const v = value.trim();
  return SAFE_DATA_IMAGE.test(v) || SAFE_IMAGE_PATH.test(v);
}

/** Sanitises one style entry; returns the value to keep, or null with the reason pushed to `removed`. */
function styleEntry(key: string, value: string, where: string, removed: string[]): string | null {
  if (key.toLowerCase().startsWith('on')) {
    removed.push(`${where}: style ${key} (event handler)`);
    return null;
  }
  if (key === 'html') {
    if (value !== '0') removed.push(`${where}: style html=${value} (labels are plain text)`);
    return null;
  }
  if (/image$/i.test(key)) {
    if (!safeImage(value)) {
      removed.push(`${where}: style ${key} (only /files/, /graph-symbols/ or data:image base64 images)`);
      return null;
    }
    return value.trim();
  }
  const why = unsafeValue(value);
  if (why) {
    removed.push(`${where}: style ${key} (${why})`);
    return null;
  }
  return value;
}

/** The string form `shape=image;image=/files/a.png;html=1` with its unsafe entries removed. */
function sanitizeStyleString(style: string, where: string, removed: string[]): string {
  const kept: string[] = [];
  for (const entry of style.split(/;(?!base64,)/)) {
    const eq = entry.indexOf('=');
    if (eq < 0) {
      // A bare name is a named style (a base style); it must still be a plain name.
      if (entry === '' || /^[A-Za-z0-9_.-]+$/.test(entry)) kept.push(entry);
      else removed.push(`${where}: style entry ${JSON.stringify(entry.slice(0, 40))}`);
      continue;
    }
    const key = entry.slice(0, eq).trim();
    if (!STYLE_KEY.test(key)) {
      removed.push(`${where}: style entry ${JSON.stringify(key.slice(0, 40))}`);
      continue;
    }
    const value = styleEntry(key, entry.slice(eq + 1), where, removed);
    if (value !== null) kept.push(`${key}=${value}`);
  }
  return kept.join(';');
}

interface Context {
  removed: string[];
  cells: GraphCellInfo[];
  ids: Map<string, string>;
  refs: { cell: string; attr: string; ref: string }[];
  errors: string[];
}

/** Keeps the allowed attributes of `el`, sanitising values; reports what went. */
function filterAttrs(el: XmlElement, allowed: (name: string) => boolean, where: string, ctx: Context): void {
  el.attrs = el.attrs.filter(([name, value]) => {
    if (/^on/i.test(name)) {
      ctx.removed.push(`${where}: attribute ${name} (event handler)`);
      return false;
    }
    if (!allowed(name)) {
      ctx.removed.push(`${where}: attribute ${name} (not allowed)`);
      return false;
    }
    if (NUMERIC_ATTRS.has(name) && !NUMBER.test(value)) {
      ctx.removed.push(`${where}: attribute ${name} (not a number)`);
      return false;
    }
    if (FLAG_ATTRS.has(name) && !FLAG.test(value)) {
      ctx.removed.push(`${where}: attribute ${name} (not 0 or 1)`);
      return false;
    }
    if (name === 'style') return true;
    const why = unsafeValue(value);
    if (why) {
      ctx.removed.push(`${where}: attribute ${name} (${why})`);
      return false;
    }
    return true;
  });
  for (const attr of el.attrs) {
    if (attr[0] === 'style') attr[1] = sanitizeStyleString(attr[1], where, ctx.removed);
  }
}

const attr = (el: XmlElement, name: string) => el.attrs.find(([n]) => n === name)?.[1];

/** Drops text that is not whitespace, and elements that `keep` refuses; reports them. */
function filterChildren(el: XmlElement, where: string, ctx: Context, keep: (child: XmlElement) => boolean): XmlElement[] {
  const kept: XmlNode[] = [];
  for (const c of el.children) {
    if (typeof c === 'string') {
      if (/^\s*$/.test(c)) kept.push(c);
      else ctx.removed.push(`${where}: text ${JSON.stringify(c.trim().slice(0, 40))}`);
      continue;
    }
    if (keep(c)) {
      kept.push(c);
    } else {
      const why = DANGEROUS_ELEMENTS.has(c.name) || DANGEROUS_ELEMENTS.has(c.name.toLowerCase()) ? 'unsafe element' : 'not allowed here';
      ctx.removed.push(`${where}: element <${c.name}> (${why})`);
    }
  }
  el.children = kept;
  return kept.filter((c): c is XmlElement => typeof c !== 'string');
}

function point(el: XmlElement, where: string, ctx: Context): void {
  filterAttrs(el, (n) => n === 'x' || n === 'y' || n === 'as', where, ctx);
  filterChildren(el, where, ctx, () => false);
}

function geometry(el: XmlElement, where: string, ctx: Context): void {
  filterAttrs(el, (n) => GEOMETRY_ATTRS.has(n), where, ctx);
  for (const c of filterChildren(el, where, ctx, (c) => POINT.has(c.name) || RECTANGLE.has(c.name) || c.name === 'Array')) {
    if (c.name === 'Array') {
      filterAttrs(c, (n) => n === 'as', where, ctx);
      for (const p of filterChildren(c, where, ctx, (p) => POINT.has(p.name))) point(p, where, ctx);
    } else if (RECTANGLE.has(c.name)) {
      filterAttrs(c, (n) => GEOMETRY_ATTRS.has(n), where, ctx);
      filterChildren(c, where, ctx, () => false);
    } else {
      point(c, where, ctx);
    }
  }
}

/** `<Object as="style" fillColor="…"/>`: maxGraph's object form of a cell style. */
function styleObject(el: XmlElement, where: string, ctx: Context): void {
  el.attrs = el.attrs.filter(([name, value], i) => {
    if (name === 'as') return true;
    if (!STYLE_KEY.test(name)) {
      ctx.removed.push(`${where}: style ${name} (not allowed)`);
      return false;
    }
    const kept = styleEntry(name, value, where, ctx.removed);
    if (kept === null) return false;
    el.attrs[i][1] = kept;
    return true;
  });
  filterChildren(el, where, ctx, () => false);
}

function cell(el: XmlElement, wrapper: XmlElement | null, ctx: Context): void {
  const idHolder = wrapper ?? el;
  const id = attr(idHolder, 'id');
  const where = `cell ${id ?? '(no id)'}`;
  if (id === undefined) {
    ctx.errors.push(`a <${el.name}> has no id`);
    return;
  }
  if (!CELL_ID.test(id)) ctx.errors.push(`cell id ${JSON.stringify(id.slice(0, 70))} is not a plain id (letters, digits, _ . : -; at most 64)`);
  if (ctx.ids.has(id)) ctx.errors.push(`cell id ${id} appears twice`);
  ctx.ids.set(id, id);
  filterAttrs(el, (n) => (CELL_ATTRS.has(n) && !(wrapper && n === 'id')) || (!wrapper && WRAPPER_ATTRS.has(n)), where, ctx);
  if (wrapper) filterAttrs(wrapper, (n) => WRAPPER_ATTRS.has(n), where, ctx);
  for (const name of ['parent', 'source', 'target']) {
    const ref = attr(el, name);
    if (ref !== undefined) ctx.refs.push({ cell: id, attr: name, ref });
  }
  const info: GraphCellInfo = { id };
  for (const name of ['deviceId', 'measureId'] as const) {
    const v = attr(idHolder, name) ?? attr(el, name);
    if (v === undefined || v === '') continue;
    if (!RECORD_ID.test(v)) ctx.errors.push(`${where}: ${name} must be a record id (found ${JSON.stringify(v.slice(0, 20))})`);
    else info[name] = Number(v);
  }
  if (info.measureId !== undefined && info.deviceId === undefined) ctx.errors.push(`${where}: measureId needs a deviceId`);
  ctx.cells.push(info);
  const children = filterChildren(el, where, ctx, (c) => GEOMETRY.has(c.name)
    || (c.name === 'Object' && attr(c, 'as') === 'style') || (c.name === 'Array' && attr(c, 'as') === 'baseStyleNames'));
  for (const c of children) {
    if (GEOMETRY.has(c.name)) {
      geometry(c, where, ctx);
    } else if (c.name === 'Object') {
      styleObject(c, where, ctx);
    } else {
      filterAttrs(c, (n) => n === 'as', where, ctx);
      for (const add of filterChildren(c, where, ctx, (a) => a.name === 'add')) {
        filterAttrs(add, (n) => n === 'value', where, ctx);
        filterChildren(add, where, ctx, () => false);
      }
    }
  }
}

/** UTF-8 length without allocating the encoded bytes. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) { n += 4; i++; } else n += 3;
  }
  return n;
}

/**
 * Checks a graph document and returns it sanitised: `{ok: true, xml, removed, cells}`, where
 * `removed` lists what was stripped (event handlers, scripts, external references, HTML labels,
 * unknown elements and attributes), or `{ok: false, error}` naming the problem.
 */
export function sanitizeGraphXml(xml: string): GraphXmlResult {
  const bytes = utf8Length(xml);
  if (bytes > GRAPH_XML_MAX_BYTES) return { ok: false, error: `the graph is ${bytes} bytes; at most ${GRAPH_XML_MAX_BYTES} are allowed` };
  const parsed = parseXml(xml, { maxDepth: MAX_DEPTH, maxAttributes: MAX_ATTRIBUTES });
  if (!parsed.ok) return parsed;
  const model = parsed.root;
  if (!MODEL.has(model.name)) return { ok: false, error: `the root element must be <mxGraphModel>, found <${model.name}>` };
  const ctx: Context = { removed: [], cells: [], ids: new Map(), refs: [], errors: [] };
  if (parsed.comments) ctx.removed.push(`${parsed.comments} comment(s)`);
  filterAttrs(model, (n) => MODEL_ATTRS.has(n), 'model', ctx);
  const roots = filterChildren(model, 'model', ctx, (c) => c.name === 'root');
  if (roots.length !== 1) return { ok: false, error: `<${model.name}> must hold exactly one <root>, found ${roots.length}` };
  const root = roots[0];
  filterAttrs(root, () => false, 'root', ctx);
  const members = filterChildren(root, 'root', ctx, (c) => CELL.has(c.name) || WRAPPER.has(c.name));
  if (members.length > GRAPH_MAX_CELLS) return { ok: false, error: `the graph has ${members.length} cells; at most ${GRAPH_MAX_CELLS} are allowed` };
  for (const m of members) {
    if (CELL.has(m.name)) {
      cell(m, null, ctx);
      continue;
    }
    const inner = m.children.filter((c): c is XmlElement => typeof c !== 'string');
    if (inner.length !== 1 || !CELL.has(inner[0].name)) {
      ctx.errors.push(`<${m.name} id="${attr(m, 'id') ?? ''}"> must hold exactly one <mxCell>`);
      continue;
    }
    filterChildren(m, `cell ${attr(m, 'id') ?? '(no id)'}`, ctx, (c) => c === inner[0]);
    cell(inner[0], m, ctx);
  }
  for (const { cell: id, attr: name, ref } of ctx.refs) {
    if (!ctx.ids.has(ref)) ctx.errors.push(`cell ${id}: ${name} ${JSON.stringify(ref.slice(0, 70))} names no cell`);
  }
  if (ctx.errors.length) return { ok: false, error: ctx.errors[0] };
  return { ok: true, xml: serializeXml(model), removed: ctx.removed, cells: ctx.cells };
}
