import { ExpressionError, tokenize, type Token } from './expression-tokens';

export { ExpressionError } from './expression-tokens';

/**
 * A small, safe expression language for printf scripts and life formulas (DESIGN "Contract
 * decisions": never eval stored text). It knows one variable, the sample value (`value` or `x`),
 * number literals (decimal, `0x` hex), string literals, `+ - * / %`, comparisons, `&& || !`, the
 * bit operators `& | ^ ~ << >> >>>`, parentheses and `?:`. Nothing else parses: no other names,
 * property access, calls, assignment, brackets, template strings or comments. Text is parsed into
 * a tree once and the tree is walked; no JavaScript is ever generated from the text.
 */

/** What an expression yields: a number, a label (string) or a truth value. */
export type ExpressionResult = number | string | boolean;

/** Longest accepted source text, in characters. */
export const MAX_EXPRESSION_LENGTH = 500;
/** Deepest accepted nesting (parentheses, unary operators, ternaries). */
export const MAX_EXPRESSION_DEPTH = 32;

type Node =
  | { t: 'lit'; v: ExpressionResult }
  | { t: 'var' }
  | { t: 'un'; op: string; a: Node; pos: number }
  | { t: 'bin'; op: string; a: Node; b: Node; pos: number }
  | { t: 'cond'; c: Node; a: Node; b: Node };

/** Binary operators by precedence, loosest first (JavaScript's order). */
const LEVELS: string[][] = [
  ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!=', '===', '!=='], ['<', '<=', '>', '>='], ['<<', '>>', '>>>'],
  ['+', '-'], ['*', '/', '%'],
];

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    if (this.peek().kind === 'end') throw new ExpressionError('empty expression', 0);
    const node = this.ternary();
    const next = this.peek();
    if (next.kind !== 'end') {
      throw new ExpressionError(next.kind === 'op' && next.value === '(' ? 'calls are not allowed' : 'unexpected text after the expression', next.pos);
    }
    return node;
  }

  private peek(): Token { return this.tokens[this.i]; }
  private isOp(value: string): boolean {
    const t = this.peek();
    return t.kind === 'op' && t.value === value;
  }
  private enter(pos: number): void {
    if (++this.depth > MAX_EXPRESSION_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_EXPRESSION_DEPTH}`, pos);
  }

  private ternary(): Node {
    this.enter(this.peek().pos);
    const c = this.binary(0);
    let node = c;
    if (this.isOp('?')) {
      this.i++;
      const a = this.ternary();
      if (!this.isOp(':')) throw new ExpressionError('expected ":"', this.peek().pos);
      this.i++;
      node = { t: 'cond', c, a, b: this.ternary() };
    }
    this.depth--;
    return node;
  }

  private binary(level: number): Node {
    if (level === LEVELS.length) return this.unary();
    let node = this.binary(level + 1);
    for (let t = this.peek(); t.kind === 'op' && LEVELS[level].includes(t.value); t = this.peek()) {
      this.i++;
      node = { t: 'bin', op: t.value, a: node, b: this.binary(level + 1), pos: t.pos };
    }
    return node;
  }

  private unary(): Node {
    const t = this.peek();
    if (t.kind === 'op' && ['!', '~', '-', '+'].includes(t.value)) {
      this.enter(t.pos);
      this.i++;
      const node: Node = { t: 'un', op: t.value, a: this.unary(), pos: t.pos };
      this.depth--;
      return node;
    }
    return this.primary();
  }

  private primary(): Node {
    const t = this.peek();
    this.i++;
    let node: Node;
    if (t.kind === 'num' || t.kind === 'str') node = { t: 'lit', v: t.value };
    else if (t.kind === 'var') node = { t: 'var' };
    else if (t.kind === 'op' && t.value === '(') {
      node = this.ternary();
      if (!this.isOp(')')) throw new ExpressionError('expected ")"', this.peek().pos);
      this.i++;
    } else {
      throw new ExpressionError(t.kind === 'end' ? 'unexpected end of expression' : 'expected a value', t.pos);
    }
    if (this.isOp('(')) throw new ExpressionError('calls are not allowed', this.peek().pos);
    return node;
  }
}

function num(v: ExpressionResult, op: string, pos: number): number {
  if (typeof v === 'string') throw new ExpressionError(`operator ${op} needs numbers, not text`, pos);
  return Number(v);
}

function evaluate(node: Node, value: number): ExpressionResult {
  switch (node.t) {
    case 'lit': return node.v;
    case 'var': return value;
    case 'cond': return evaluate(node.c, value) ? evaluate(node.a, value) : evaluate(node.b, value);
    case 'un': {
      const a = evaluate(node.a, value);
      if (node.op === '!') return !a;
      const n = num(a, node.op, node.pos);
      return node.op === '~' ? ~n : node.op === '-' ? -n : n;
    }
    case 'bin': {
      if (node.op === '&&') { const a = evaluate(node.a, value); return a ? evaluate(node.b, value) : a; }
      if (node.op === '||') { const a = evaluate(node.a, value); return a ? a : evaluate(node.b, value); }
      const ra = evaluate(node.a, value);
      const rb = evaluate(node.b, value);
      if (['==', '===', '!=', '!=='].includes(node.op)) {
        const same = typeof ra === 'string' || typeof rb === 'string' ? ra === rb : Number(ra) === Number(rb);
        return node.op.startsWith('=') ? same : !same;
      }
      const a = num(ra, node.op, node.pos);
      const b = num(rb, node.op, node.pos);
      switch (node.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return a / b;
        case '%': return a % b;
        case '<': return a < b;
        case '<=': return a <= b;
        case '>': return a > b;
        case '>=': return a >= b;
        case '&': return a & b;
        case '|': return a | b;
        case '^': return a ^ b;
        case '<<': return a << b;
        case '>>': return a >> b;
        default: return a >>> b;
      }
    }
  }
}

/** A parsed expression, ready to run on many values. */
export interface CompiledExpression {
  readonly source: string;
  run(value: number): ExpressionResult;
}

/** Parses `source`; throws ExpressionError (with a reason and position) for anything not accepted. */
export function compileExpression(source: string): CompiledExpression {
  if (typeof source !== 'string') throw new ExpressionError('expression must be text', 0);
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
  }
  const tree = new Parser(tokenize(source)).parse();
  return { source, run: (value: number) => evaluate(tree, value) };
}

/** Parses and runs `source` on `value` in one go (compile once where it runs often). */
export function evaluateExpression(source: string, value: number): ExpressionResult {
  return compileExpression(source).run(value);
}

/** The reason `source` is refused, or null when it is a valid expression. */
export function checkExpression(source: string): string | null {
  try {
    compileExpression(source);
    return null;
  } catch (err) {
    if (err instanceof ExpressionError) return err.message;
    throw err;
  }
}
