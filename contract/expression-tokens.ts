/** The tokenizer of the safe expression language (see expression.ts). Pure, no dependencies. */

/** Raised for any text the expression language does not accept; `position` is a 0-based offset. */
export class ExpressionError extends Error {
  constructor(message: string, readonly position: number) {
    super(`${message} (at ${position})`);
    this.name = 'ExpressionError';
  }
}

export type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'str'; value: string; pos: number }
  | { kind: 'var'; name: string; pos: number }
  | { kind: 'fn'; name: string; pos: number }
  | { kind: 'op'; value: string; pos: number }
  | { kind: 'end'; pos: number };

/** The only names a printf script may use: the sample value, under either name. */
export const VARIABLE_NAMES = ['value', 'x'] as const;

/** What a caller lets an expression use beyond the defaults (see expression.ts). */
export interface ExpressionOptions {
  /** The variable names allowed instead of `value` and `x` (life formulas: resistance, …). */
  readonly variables?: readonly string[];
  /** Names of the functions allowed (a subset of EXPRESSION_FUNCTIONS); none by default. */
  readonly functions?: readonly string[];
}

/** Longest first, so `>>>` wins over `>>` and `>`. */
const OPERATORS = [
  '>>>', '===', '!==', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||',
  '+', '-', '*', '/', '%', '<', '>', '!', '~', '&', '|', '^', '?', ':', '(', ')',
];

/** Characters and sequences people try that the language refuses, with the reason. */
const REFUSED: [string, string][] = [
  ['//', 'comments are not allowed'],
  ['/*', 'comments are not allowed'],
  ['**', 'the ** operator is not allowed'],
  ['=>', 'functions are not allowed'],
  ['`', 'template strings are not allowed'],
  ['[', 'brackets are not allowed'],
  [']', 'brackets are not allowed'],
  ['{', 'braces are not allowed'],
  ['}', 'braces are not allowed'],
  [';', 'statements are not allowed'],
  [',', 'the comma operator is not allowed'],
  ['.', 'property access is not allowed'],
  ['=', 'assignment is not allowed'],
];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', '"': '"', "'": "'", '\\': '\\' };

function readString(src: string, start: number): { value: string; end: number } {
  const quote = src[start];
  let out = '';
  let i = start + 1;
  while (i < src.length && src[i] !== quote) {
    if (src[i] === '\\') {
      const escaped = ESCAPES[src[i + 1]];
      if (escaped === undefined) throw new ExpressionError('unsupported escape in string', i);
      out += escaped;
      i += 2;
    } else {
      if (src[i] === '\n') throw new ExpressionError('unterminated string', start);
      out += src[i++];
    }
  }
  if (i >= src.length) throw new ExpressionError('unterminated string', start);
  return { value: out, end: i + 1 };
}

function readNumber(src: string, start: number): { value: number; end: number } {
  const hex = /^0[xX][0-9a-fA-F]+/.exec(src.slice(start));
  const dec = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(start));
  const text = hex ? hex[0] : dec ? dec[0] : '';
  const end = start + text.length;
  if (!text || /[\w$.]/.test(src[end] ?? '')) throw new ExpressionError('malformed number', start);
  return { value: Number(text), end };
}

/** Splits `src` into tokens, refusing anything outside the language with a clear message. */
export function tokenize(src: string, options: ExpressionOptions = {}): Token[] {
  const variables: readonly string[] = options.variables ?? VARIABLE_NAMES;
  const functions = options.functions ?? [];
  const operators = functions.length ? [...OPERATORS, ','] : OPERATORS;
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) { i++; continue; }
    if (/\d/.test(c) || (c === '.' && /\d/.test(src[i + 1] ?? ''))) {
      const n = readNumber(src, i);
      tokens.push({ kind: 'num', value: n.value, pos: i });
      i = n.end;
      continue;
    }
    if (c === '"' || c === "'") {
      const s = readString(src, i);
      tokens.push({ kind: 'str', value: s.value, pos: i });
      i = s.end;
      continue;
    }
    if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
      const name = /^[\w$\u0080-\uffff]+/.exec(src.slice(i))![0];
      if (functions.includes(name)) tokens.push({ kind: 'fn', name, pos: i });
      else if (variables.includes(name)) tokens.push({ kind: 'var', name, pos: i });
      else {
        const allowed = options.variables ? 'a known variable' : 'value and x';
        throw new ExpressionError(`unknown name "${name.slice(0, 40)}": only ${allowed} may be used`, i);
      }
      i += name.length;
      continue;
    }
    const refused = REFUSED.find(([seq]) => src.startsWith(seq, i) && !operators.some((op) => op.length >= seq.length && src.startsWith(op, i)));
    if (refused) throw new ExpressionError(refused[1], i);
    const op = operators.find((o) => src.startsWith(o, i));
    if (!op) throw new ExpressionError(`unexpected character "${c}"`, i);
    tokens.push({ kind: 'op', value: op, pos: i });
    i += op.length;
  }
  tokens.push({ kind: 'end', pos: src.length });
  return tokens;
}
