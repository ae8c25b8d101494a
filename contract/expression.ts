import { ExpressionError, tokenize, type ExpressionOptions, type Token } from './expression-tokens';

export { ExpressionError, type ExpressionOptions } from './expression-tokens';

/**
 * A small, safe expression language for printf scripts and life formulas (DESIGN "Contract
 * decisions": never eval stored text). By default it knows one variable, the sample value
 * (`value` or `x`), number literals (decimal, `0x` hex), string literals, `+ - * / %`,
 * comparisons, `&& || !`, the bit operators `& | ^ ~ << >> >>>`, parentheses and `?:`. A caller
 * may name other variables instead (life formulas: `resistance`, …) and allow calls of a fixed
 * set of pure math functions (EXPRESSION_FUNCTIONS, looked up in a table, never on an object).
 * Nothing else parses: no other names, property access, other calls, assignment, brackets,
 * template strings or comments. Text is parsed into a tree once and the tree is walked; no
 * JavaScript is ever generated from the text.
 */

/** What an expression yields: a number, a label (string) or a truth value. */
export type ExpressionResult = number | string | boolean;

/** Longest accepted source text, in characters. */
export const MAX_EXPRESSION_LENGTH = 500;
/** Deepest accepted nesting (parentheses, unary operators, ternaries). */
export const MAX_EXPRESSION_DEPTH = 32;

/** The math functions an expression may be allowed to call: [fewest, most] arguments and the function. */
export const EXPRESSION_FUNCTIONS: Readonly<Record<string, { readonly arity: readonly [number, number]; readonly fn: (...args: number[]) => number }>> = {
  min: { arity: [1, 8], fn: (...a) => Math.min(...a) },
  max: { arity: [1, 8], fn: (...a) => Math.max(...a) },
  abs: { arity: [1, 1], fn: (a) => Math.abs(a) },
  sqrt: { arity: [1, 1], fn: (a) => Math.sqrt(a) },
  exp: { arity: [1, 1], fn: (a) => Math.exp(a) },
  ln: { arity: [1, 1], fn: (a) => Math.log(a) },
  log10: { arity: [1, 1], fn: (a) => Math.log10(a) },
  pow: { arity: [2, 2], fn: (a, b) => a ** b },
  round: { arity: [1, 1], fn: (a) => Math.round(a) },
  floor: { arity: [1, 1], fn: (a) => Math.floor(a) },
  ceil: { arity: [1, 1], fn: (a) => Math.ceil(a) },
};

type Node =
  | { t: 'lit'; v: ExpressionResult }
  | { t: 'var'; name: string }
  | { t: 'call'; name: string; args: Node[]; pos: number }
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
      const reason = next.kind === 'op' && next.value === '(' ? 'calls are not allowed'
        : next.kind === 'op' && next.value === ',' ? 'the comma operator is not allowed' : 'unexpected text after the expression';
      throw new ExpressionError(reason, next.pos);
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
    else if (t.kind === 'var') node = { t: 'var', name: t.name };
    else if (t.kind === 'fn') node = this.call(t.name, t.pos);
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

  private call(name: string, pos: number): Node {
    if (!this.isOp('(')) throw new ExpressionError(`expected "(" after ${name}`, this.peek().pos);
    this.enter(pos);
    this.i++;
    const args: Node[] = [];
    if (!this.isOp(')')) {
      args.push(this.ternary());
      while (this.isOp(',')) {
        this.i++;
        args.push(this.ternary());
      }
    }
    if (!this.isOp(')')) throw new ExpressionError('expected ")"', this.peek().pos);
    this.i++;
    this.depth--;
    const [fewest, most] = EXPRESSION_FUNCTIONS[name].arity;
    if (args.length < fewest || args.length > most) {
      const wanted = fewest === most ? `${fewest}` : `${fewest} to ${most}`;
      throw new ExpressionError(`${name} takes ${wanted} argument${most === 1 ? '' : 's'}, not ${args.length}`, pos);
    }
    return { t: 'call', name, args, pos };
  }
}

function num(v: ExpressionResult, op: string, pos: number): number {
  if (typeof v === 'string') throw new ExpressionError(`operator ${op} needs numbers, not text`, pos);
  return Number(v);
}

/** Looks a variable up by name. */
type Scope = (name: string) => number;

function evaluate(node: Node, value: Scope): ExpressionResult {
  switch (node.t) {
    case 'lit': return node.v;
    case 'var': return value(node.name);
    case 'call': return EXPRESSION_FUNCTIONS[node.name].fn(...node.args.map((a) => num(evaluate(a, value), `${node.name}()`, node.pos)));
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
  /** The variable names the expression uses, in order of first use. */
  readonly names: readonly string[];
  /** Runs with every variable reading `value` (printf scripts: `value` and `x`). */
  run(value: number): ExpressionResult;
  /** Runs with named variables; a used name without a finite value throws ExpressionError. */
  runWith(variables: Readonly<Record<string, number>>): ExpressionResult;
}

/**
 * Parses `source`; throws ExpressionError (with a reason and position) for anything not
 * accepted. `options` names the variables (default `value`, `x`) and the functions allowed.
 */
export function compileExpression(source: string, options: ExpressionOptions = {}): CompiledExpression {
  if (typeof source !== 'string') throw new ExpressionError('expression must be text', 0);
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
  }
  for (const name of options.functions ?? []) {
    if (!Object.prototype.hasOwnProperty.call(EXPRESSION_FUNCTIONS, name)) throw new Error(`unknown expression function ${name}`);
  }
  const tokens = tokenize(source, options);
  const tree = new Parser(tokens).parse();
  const names = [...new Set(tokens.flatMap((t) => (t.kind === 'var' ? [t.name] : [])))];
  return {
    source,
    names,
    run: (value: number) => evaluate(tree, () => value),
    runWith: (variables) => evaluate(tree, (name) => {
      const v = Object.prototype.hasOwnProperty.call(variables, name) ? variables[name] : undefined;
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new ExpressionError(`no value for "${name}"`, 0);
      return v;
    }),
  };
}

/** Parses and runs `source` on `value` in one go (compile once where it runs often). */
export function evaluateExpression(source: string, value: number): ExpressionResult {
  return compileExpression(source).run(value);
}

/** The reason `source` is refused, or null when it is a valid expression. */
export function checkExpression(source: string, options: ExpressionOptions = {}): string | null {
  try {
    compileExpression(source, options);
    return null;
  } catch (err) {
    if (err instanceof ExpressionError) return err.message;
    throw err;
  }
}
