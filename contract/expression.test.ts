import { describe, expect, it } from 'vitest';
import {
  EXPRESSION_FUNCTIONS, ExpressionError, MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH, checkExpression, compileExpression, evaluateExpression,
} from './expression';

const run = (src: string, value = 0) => evaluateExpression(src, value);
const refused = (src: string) => {
  try {
    compileExpression(src);
  } catch (err) {
    expect(err).toBeInstanceOf(ExpressionError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${src}`);
};

describe('safe expression evaluator', () => {
  it('computes arithmetic, comparisons, logic and bit operations on the value', () => {
    expect(run('value * 2 + 1', 5)).toBe(11);
    expect(run('x % 4', 10)).toBe(2);
    expect(run('(value - 32) / 1.8', 212)).toBe(100);
    expect(run('-value + +3', 1)).toBe(2);
    expect(run('1.5e2 + .5')).toBe(150.5);
    expect(run('0xFF & value', 0x1234)).toBe(0x34);
    expect(run('value | 0x10 ^ 1', 0)).toBe(17);
    expect(run('~value', 0)).toBe(-1);
    expect(run('value << 2 >> 1', 3)).toBe(6);
    expect(run('-1 >>> 28')).toBe(15);
    expect(run('value >= 10 && value < 20', 15)).toBe(true);
    expect(run('value < 10 || value > 20', 15)).toBe(false);
    expect(run('!(value == 3) && value !== 4 && value != 5 && value === 6', 6)).toBe(true);
    expect(run('2 + 3 * 4 - 6 / 2')).toBe(11);
  });

  it('yields labels from a ternary, as printf scripts do', () => {
    const script = compileExpression('value & 1 ? "风机过载" : "正常"');
    expect(script.run(3)).toBe('风机过载');
    expect(script.run(2)).toBe('正常');
    const nested = compileExpression("x >= 400 ? '更换' : x >= 300 ? '预警' : '正常'");
    expect([nested.run(450), nested.run(350), nested.run(10)]).toEqual(['更换', '预警', '正常']);
    expect(run('value && "有故障" || "无故障"', 0)).toBe('无故障');
    expect(run('"a\\"b\\\\c"')).toBe('a"b\\c');
  });

  it('refuses every name but value and x', () => {
    for (const name of ['constructor', '__proto__', 'process', 'this', 'globalThis', 'Math', 'require', 'window', 'undefined', 'NaN', 'Infinity', 'y', 'values', '$']) {
      expect(refused(`${name}`)).toMatch(/unknown name/);
    }
    expect(refused('process.exit()')).toMatch(/unknown name "process"/);
    expect(refused('function(){return 1}')).toMatch(/unknown name "function"/);
    expect(refused('new Date()')).toMatch(/unknown name "new"/);
    expect(refused('typeof value')).toMatch(/unknown name/);
  });

  it('refuses property access, calls, assignment, brackets, templates, comments and statements', () => {
    expect(refused('value.constructor')).toMatch(/property access/);
    expect(refused("value['constructor']")).toMatch(/brackets/);
    expect(refused('(1).toString')).toMatch(/property access/);
    expect(refused('1.toString()')).toMatch(/malformed number/);
    expect(refused('value(1)')).toMatch(/calls are not allowed/);
    expect(refused('(value)(1)')).toMatch(/calls are not allowed/);
    expect(refused('"a"(1)')).toMatch(/calls are not allowed/);
    expect(refused('value = 1')).toMatch(/assignment/);
    expect(refused('value += 1')).toMatch(/assignment/);
    expect(refused('x => x')).toMatch(/functions are not allowed/);
    expect(refused('() => 1')).toMatch(/functions are not allowed/);
    expect(refused('`${value}`')).toMatch(/template strings/);
    expect(refused('1 // comment')).toMatch(/comments/);
    expect(refused('1 /* c */')).toMatch(/comments/);
    expect(refused('1;2')).toMatch(/statements/);
    expect(refused('1, 2')).toMatch(/comma/);
    expect(refused('{}')).toMatch(/braces/);
    expect(refused('2 ** 3')).toMatch(/\*\*/);
    expect(refused('value++')).toMatch(/expected a value|unexpected end/);
    expect(refused('"unterminated')).toMatch(/unterminated string/);
    expect(refused('"\\u0041"')).toMatch(/unsupported escape/);
    expect(refused('@')).toMatch(/unexpected character/);
    expect(refused('1 2')).toMatch(/unexpected text/);
    expect(refused('')).toMatch(/empty/);
    expect(refused('value ? 1')).toMatch(/expected ":"/);
    expect(refused('(1 + 2')).toMatch(/expected "\)"/);
  });

  it('bounds length and depth', () => {
    expect(refused('1+'.repeat(MAX_EXPRESSION_LENGTH / 2) + '1')).toMatch(/longer than 500/);
    expect(run(`${'('.repeat(MAX_EXPRESSION_DEPTH - 1)}1${')'.repeat(MAX_EXPRESSION_DEPTH - 1)}`)).toBe(1);
    expect(refused(`${'('.repeat(100)}1${')'.repeat(100)}`)).toMatch(/nested deeper than 32/);
    expect(refused(`${'!'.repeat(100)}1`)).toMatch(/nested deeper/);
    expect(refused(`${'-'.repeat(300)}1`)).toMatch(/nested deeper/);
    expect(refused('1 ? '.repeat(60) + '1' + ' : 1'.repeat(60))).toMatch(/nested deeper/);
    // A long flat chain is fine: it is bounded by the length limit, not the depth.
    expect(run(Array(200).fill('1').join('+'))).toBe(200);
  });

  it('refuses arithmetic on text at run time, with a reason', () => {
    expect(() => run('"a" + 1')).toThrow(/operator \+ needs numbers/);
    expect(() => run('~"a"')).toThrow(ExpressionError);
    expect(run('"a" == "a"')).toBe(true);
  });

  it('checkExpression reports the reason or null', () => {
    expect(checkExpression('value > 3 ? "高" : "低"')).toBeNull();
    expect(checkExpression('constructor')).toMatch(/unknown name "constructor".*\(at 0\)/);
    expect(() => compileExpression(42 as unknown as string)).toThrow(/must be text/);
  });

  it('runs with named variables when the caller names them, and only those', () => {
    const options = { variables: ['resistance', 'initialResistance', 'finalResistance'] };
    const f = compileExpression('(resistance - initialResistance) / (finalResistance - initialResistance) * 100', options);
    expect(f.names).toEqual(['resistance', 'initialResistance', 'finalResistance']);
    expect(f.runWith({ resistance: 300, initialResistance: 150, finalResistance: 450 })).toBe(50);
    expect(() => f.runWith({ resistance: 300, initialResistance: 150 })).toThrow(/no value for "finalResistance"/);
    expect(() => f.runWith({ resistance: 300, initialResistance: 150, finalResistance: Number.NaN })).toThrow(ExpressionError);
    expect(checkExpression('value + 1', options)).toMatch(/unknown name "value": only a known variable/);
    expect(checkExpression('resistance + dust', options)).toMatch(/unknown name "dust"/);
    // The default stays value and x.
    expect(checkExpression('resistance')).toMatch(/only value and x/);
    expect(compileExpression('x * 2').runWith({ x: 4 })).toBe(8);
  });

  it('calls the allowed math functions only, with their arities', () => {
    const options = { variables: ['a', 'b'], functions: Object.keys(EXPRESSION_FUNCTIONS) };
    const run2 = (src: string, a = 0, b = 0) => compileExpression(src, options).runWith({ a, b });
    expect(run2('max(a, b, 3)', 1, 2)).toBe(3);
    expect(run2('min(a, b)', 1, 2)).toBe(1);
    expect(run2('ln(exp(a))', 2)).toBeCloseTo(2, 12);
    expect(run2('pow(a, b) + sqrt(16) + abs(-1) + log10(100) + round(2.5) + floor(1.9) + ceil(1.1)', 2, 3)).toBe(8 + 4 + 1 + 2 + 3 + 1 + 2);
    expect(run2('max(a > b ? a : b, 0)', 5, 4)).toBe(5);
    const refuse = (src: string) => checkExpression(src, options);
    expect(refuse('pow(a)')).toMatch(/pow takes 2 arguments, not 1/);
    expect(refuse('abs(a, b)')).toMatch(/abs takes 1 argument, not 2/);
    expect(refuse('max()')).toMatch(/max takes 1 to 8 arguments, not 0/);
    expect(refuse('max')).toMatch(/expected "\(" after max/);
    expect(refuse('a, b')).toMatch(/comma operator/);
    expect(refuse('max(a, b')).toMatch(/expected "\)"/);
    expect(refuse('a(1)')).toMatch(/calls are not allowed/);
    expect(refuse('constructor(a)')).toMatch(/unknown name "constructor"/);
    expect(() => run2('ln("x")')).toThrow(/ln\(\) needs numbers/);
    // Without the option, functions are plain unknown names and commas stay refused.
    expect(checkExpression('max(value, 1)')).toMatch(/unknown name "max"/);
    expect(checkExpression('1, 2')).toMatch(/comma/);
    expect(() => compileExpression('a', { variables: ['a'], functions: ['eval'] })).toThrow(/unknown expression function eval/);
  });
});
