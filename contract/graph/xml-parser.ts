/**
 * A small strict XML reader and writer for project graphs (maxGraph XML). No DOM and no eval, so
 * the server and the console read a stored graph the same way. It knows elements, attributes,
 * text, self-closing tags, the five XML entities and character references. It refuses what a
 * graph never needs and what attacks XML readers: DOCTYPE and ENTITY declarations (entity
 * expansion, external entities), processing instructions other than the XML declaration, and
 * CDATA holding markup. Comments are dropped.
 */

/** One element: attributes in document order, children elements and text. */
export interface XmlElement {
  name: string;
  attrs: [string, string][];
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export interface XmlParseLimits {
  /** Deepest element nesting accepted. */
  maxDepth: number;
  /** Most attributes on one element. */
  maxAttributes: number;
}

export type XmlParseResult =
  | { ok: true; root: XmlElement; comments: number }
  | { ok: false; error: string };

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /[ \t\r\n]*/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Characters XML 1.0 does not allow anywhere (controls other than tab, newline, carriage return; lone surrogates; U+FFFE/F). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

class XmlSyntaxError extends Error {}

/** Parses `text` into its root element, or says what is wrong and where (`line 3: …`). */
export function parseXml(text: string, limits: XmlParseLimits): XmlParseResult {
  const reader = new Reader(text, limits);
  try {
    const root = reader.document();
    return { ok: true, root, comments: reader.comments };
  } catch (err) {
    if (err instanceof XmlSyntaxError) return { ok: false, error: `line ${reader.line()}: ${err.message}` };
    throw err;
  }
}

class Reader {
  pos = 0;
  comments = 0;

  constructor(private readonly s: string, private readonly limits: XmlParseLimits) {}

  line(): number {
    let n = 1;
    for (let i = 0; i < this.pos && i < this.s.length; i++) if (this.s.charCodeAt(i) === 10) n++;
    return n;
  }

  fail(message: string): never {
    throw new XmlSyntaxError(message);
  }

  document(): XmlElement {
    const bad = FORBIDDEN_CHAR.exec(this.s);
    if (bad) {
      this.pos = bad.index;
      this.fail(`character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`);
    }
    if (this.s.startsWith('\uFEFF')) this.pos = 1;
    this.space();
    if (this.s.startsWith('<?xml', this.pos) && /[\s?]/.test(this.s.charAt(this.pos + 5))) {
      const end = this.s.indexOf('?>', this.pos);
      if (end < 0) this.fail('unterminated XML declaration');
      this.pos = end + 2;
    }
    let root: XmlElement | null = null;
    for (;;) {
      this.space();
      if (this.pos >= this.s.length) break;
      if (this.s.startsWith('<!--', this.pos)) {
        this.comment();
      } else if (this.s.charAt(this.pos) === '<' && /[A-Za-z_:]/.test(this.s.charAt(this.pos + 1))) {
        if (root) this.fail('a document has one root element; found a second one');
        root = this.element();
      } else {
        this.markupOrText('outside the root element');
      }
    }
    if (!root) this.fail('no root element');
    return root;
  }

  /** Everything that is neither an element nor a comment where only those may stand. */
  private markupOrText(where: string): never {
    const s = this.s;
    if (s.startsWith('<!DOCTYPE', this.pos) || s.startsWith('<!doctype', this.pos)) this.fail('DOCTYPE declarations are not allowed');
    if (s.startsWith('<!ENTITY', this.pos)) this.fail('ENTITY declarations are not allowed');
    if (s.startsWith('<?', this.pos)) this.fail('processing instructions are not allowed');
    if (s.startsWith('<![CDATA[', this.pos)) this.fail(`CDATA is not allowed ${where}`);
    if (s.startsWith('</', this.pos)) this.fail(`unexpected closing tag ${where}`);
    if (s.startsWith('<!', this.pos)) this.fail('declarations are not allowed');
    this.fail(`unexpected ${s.charAt(this.pos) === '<' ? 'markup' : 'text'} ${where}`);
  }

  private space(): void {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.s);
    this.pos = SPACE.lastIndex;
  }

  private name(what: string): string {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.s);
    if (!m) this.fail(`expected ${what}`);
    this.pos = NAME.lastIndex;
    return m[0];
  }

  private comment(): void {
    const end = this.s.indexOf('-->', this.pos + 4);
    if (end < 0) this.fail('unterminated comment');
    if (this.s.slice(this.pos + 4, end).includes('--')) this.fail('"--" is not allowed inside a comment');
    this.pos = end + 3;
    this.comments++;
  }

  /** An element and everything inside it; iterative, so depth is bounded by the limit, not the call stack. */
  private element(): XmlElement {
    const stack: XmlElement[] = [];
    let top: XmlElement | null = null;
    for (;;) {
      const s = this.s;
      if (s.startsWith('</', this.pos)) {
        this.pos += 2;
        const name = this.name('a closing tag name');
        this.space();
        if (s.charAt(this.pos) !== '>') this.fail(`expected > to end </${name}`);
        this.pos++;
        const open = stack.pop()!;
        if (open.name !== name) this.fail(`unbalanced tags: </${name}> closes <${open.name}>`);
        if (!stack.length) return open;
        continue;
      }
      if (s.charAt(this.pos) === '<' && /[A-Za-z_:]/.test(s.charAt(this.pos + 1))) {
        this.pos++;
        const el = this.startTag();
        if (stack.length) stack[stack.length - 1].children.push(el);
        else top = el;
        if (s.startsWith('/>', this.pos)) {
          this.pos += 2;
          if (!stack.length) return top!;
          continue;
        }
        this.pos++;
        stack.push(el);
        if (stack.length > this.limits.maxDepth) this.fail(`elements nest deeper than ${this.limits.maxDepth} levels`);
        continue;
      }
      if (s.startsWith('<!--', this.pos)) {
        this.comment();
        continue;
      }
      if (s.startsWith('<![CDATA[', this.pos)) {
        const end = s.indexOf(']]>', this.pos);
        if (end < 0) this.fail('unterminated CDATA section');
        const data = s.slice(this.pos + 9, end);
        if (/[<>&]/.test(data)) this.fail('CDATA holding markup is not allowed');
        this.pos = end + 3;
        this.text(stack[stack.length - 1], data);
        continue;
      }
      if (s.charAt(this.pos) === '<') this.markupOrText(`inside <${stack[stack.length - 1].name}>`);
      if (this.pos >= s.length) this.fail(`unclosed element <${stack[stack.length - 1].name}>`);
      let end = s.indexOf('<', this.pos);
      if (end < 0) end = s.length;
      const raw = s.slice(this.pos, end);
      if (raw.includes(']]>')) this.fail('"]]>" is not allowed in text');
      this.text(stack[stack.length - 1], this.decode(raw));
      this.pos = end;
    }
  }

  private text(parent: XmlElement, value: string): void {
    const last = parent.children[parent.children.length - 1];
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + value;
    else parent.children.push(value);
  }

  /** After `<`: the name and attributes; stops at `>` or `/>`. */
  private startTag(): XmlElement {
    const el: XmlElement = { name: this.name('an element name'), attrs: [], children: [] };
    const seen = new Set<string>();
    for (;;) {
      const before = this.pos;
      this.space();
      const c = this.s.charAt(this.pos);
      if (c === '>' || this.s.startsWith('/>', this.pos)) return el;
      if (!c) this.fail(`unterminated tag <${el.name}`);
      if (before === this.pos) this.fail(`expected whitespace before an attribute of <${el.name}>`);
      const name = this.name(`an attribute name in <${el.name}>`);
      this.space();
      if (this.s.charAt(this.pos) !== '=') this.fail(`attribute ${name} of <${el.name}> has no value`);
      this.pos++;
      this.space();
      const quote = this.s.charAt(this.pos);
      if (quote !== '"' && quote !== "'") this.fail(`attribute ${name} of <${el.name}>: value must be quoted`);
      const end = this.s.indexOf(quote, this.pos + 1);
      if (end < 0) this.fail(`attribute ${name} of <${el.name}>: unterminated value`);
      const raw = this.s.slice(this.pos + 1, end);
      if (raw.includes('<')) this.fail(`attribute ${name} of <${el.name}>: "<" must be written &lt;`);
      if (seen.has(name)) this.fail(`attribute ${name} appears twice in <${el.name}>`);
      seen.add(name);
      if (seen.size > this.limits.maxAttributes) this.fail(`<${el.name}> has more than ${this.limits.maxAttributes} attributes`);
      // Attribute value normalisation: literal whitespace reads as a space, character references
      // (&#10;) survive it, so the literals are replaced before decoding.
      el.attrs.push([name, this.decode(raw.replace(/\r\n|[\t\n\r]/g, ' '))]);
      this.pos = end + 1;
    }
  }

  /** Replaces entity and character references; any other `&` is an error. */
  private decode(raw: string): string {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&\s<]{0,12});?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) this.fail(`"&" must start an entity such as &amp; (found ${JSON.stringify(whole.slice(0, 12))})`);
      if (ref in PREDEFINED) return PREDEFINED[ref];
      const m = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(ref);
      if (!m) this.fail(`unknown entity &${ref}; (only &lt; &gt; &amp; &quot; &apos; and character references)`);
      const code = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2], 10);
      const ok = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff)
        || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
      if (!ok) this.fail(`character reference &${ref}; names a character XML does not allow`);
      return String.fromCodePoint(code);
    });
  }
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;')
  .replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

/**
 * Writes an element the way a browser's XMLSerializer writes maxGraph's documents: attributes in
 * order and double-quoted, empty elements as `<name/>`, no declaration.
 */
export function serializeXml(el: XmlElement): string {
  const out: string[] = [];
  const write = (e: XmlElement) => {
    out.push('<', e.name);
    for (const [name, value] of e.attrs) out.push(' ', name, '="', escapeAttr(value), '"');
    if (!e.children.length) {
      out.push('/>');
      return;
    }
    out.push('>');
    for (const c of e.children) {
      if (typeof c === 'string') out.push(escapeText(c));
      else write(c);
    }
    out.push('</', e.name, '>');
  };
  write(el);
  return out.join('');
}
