// The printer of generated modules: operator precedence, the layouts of
// statements, and user text that cannot escape its comment or string.
import { describe, expect, it } from 'vitest';
import { add, mul, pow, sin, sym } from '../../src/core/expr.js';
import {
  assign,
  bin,
  CONTINUE,
  call,
  callStmt,
  concat,
  EPSILON,
  float,
  forDown,
  forRange,
  idx,
  MIN_POSITIVE,
  math,
  member,
  NAN,
  minus,
  neg,
  num,
  ref,
  ret,
  str,
  when,
  type Stmt,
} from '../../src/codegen/ir.js';
import { lowerBlock } from '../../src/codegen/lower.js';
import { printExpr, printModule, printStmt, quote } from '../../src/codegen/print.js';

const a = ref('a');
const b = ref('b');
const c = ref('c');
const lines = (s: Stmt): string => printStmt(s, '').join('\n');

describe('expressions: parentheses exactly where precedence needs them', () => {
  it('a − (b − c) keeps its parentheses; (a − b) − c needs none', () => {
    expect(printExpr(bin(a, '-', bin(b, '-', c)))).toBe('a - (b - c)');
    expect(printExpr(bin(bin(a, '-', b), '-', c))).toBe('a - b - c');
  });

  it('(a + b)·c and a + b·c', () => {
    expect(printExpr(bin(bin(a, '+', b), '*', c))).toBe('(a + b) * c');
    expect(printExpr(bin(a, '+', bin(b, '*', c)))).toBe('a + b * c');
  });

  it('?? never mixes with || unparenthesized, on either side', () => {
    expect(printExpr(bin(bin(a, '||', b), '??', c))).toBe('(a || b) ?? c');
    expect(printExpr(bin(a, '||', bin(b, '??', c)))).toBe('a || (b ?? c)');
  });

  it('a negative literal and a negation in a product or under a minus', () => {
    expect(printExpr(bin(a, '*', num(-2)))).toBe('a * -2');
    expect(printExpr(neg(bin(a, '+', b)))).toBe('-(a + b)');
    expect(printExpr(neg(neg(a)))).toBe('- -a');
    expect(printExpr(float(3))).toBe('3.0');
    expect(printExpr(num(1e-6))).toBe('1e-6');
  });

  it('element reads assert presence (noUncheckedIndexedAccess); calls and members bind tightest', () => {
    expect(printExpr(idx('s$', bin(ref('n$'), '+', ref('i'))))).toBe('s$[n$ + i]!');
    expect(printExpr(call(member('Math', 'sqrt'), bin(a, '+', b)))).toBe('Math.sqrt(a + b)');
  });
});

describe('statements', () => {
  it('a compound assignment to an element keeps the assertion on its target; a plain one drops it', () => {
    expect(lines(assign(idx('out', 0), a, '-='))).toBe('out[0]! -= a;');
    expect(lines(assign(idx('out', 0), a))).toBe('out[0] = a;');
  });

  it('a loop with one simple statement stays on one line, a longer body gets braces', () => {
    expect(lines(forRange('i', 0, ref('n$'), [assign(idx('y', ref('i')), num(0))]))).toBe('for (let i = 0; i < n$; i++) y[i] = 0;');
    expect(lines(forRange('i', 0, 2, [callStmt('f', ref('i')), callStmt('g', ref('i'))]))).toBe('for (let i = 0; i < 2; i++) {\n  f(i);\n  g(i);\n}');
  });

  it('a downward loop includes its lower bound', () => {
    expect(lines(forDown('i', minus(ref('n'), num(1)), 0, [assign(idx('y', ref('i')), num(0))]))).toBe('for (let i = n - 1; i >= 0; i--) y[i] = 0;');
  });

  it('continue follows its test on one line; a loop or an if never nests on one line', () => {
    expect(lines(when(bin(a, '>', b), [CONTINUE]))).toBe('if (a > b) continue;');
    expect(lines(when(a, [forRange('i', 0, 2, [callStmt('f', ref('i'))])]))).toBe('if (a) {\n  for (let i = 0; i < 2; i++) f(i);\n}');
  });

  it('a record prints as an interface, each field under its doc', () => {
    const text = printModule({
      header: [],
      decls: [
        {
          kind: 'record',
          name: 'Rows',
          doc: 'Rows of a solve.',
          fields: [
            { name: 'R', type: 'Float64Array', readonly: true, doc: 'k×n' },
            { name: 'at', type: 'number' },
          ],
        },
      ],
    });
    expect(text).toBe('\n/** Rows of a solve. */\ninterface Rows {\n  /** k×n */\n  readonly R: Float64Array;\n  at: number;\n}\n');
  });

  it('else-if chains print flat', () => {
    const chain: Stmt = { kind: 'if', test: a, then: [ret(num(1))], else: [{ kind: 'if', test: b, then: [ret(num(2))], else: [ret(num(3))] }] };
    expect(lines(chain)).toBe('if (a) {\n  return 1;\n} else if (b) {\n  return 2;\n} else {\n  return 3;\n}');
  });

  it('elementary functions and the constants of double arithmetic print as JavaScript names them', () => {
    expect(printExpr(math('max', a, math('abs', b)))).toBe('Math.max(a, Math.abs(b))');
    expect(printExpr(bin(a, '*', EPSILON))).toBe('a * Number.EPSILON');
    expect([MIN_POSITIVE, NAN].map((e) => printExpr(e))).toEqual(['Number.MIN_VALUE', 'NaN']);
  });

  it('string concatenation reads left to right', () => {
    expect(printExpr(concat(str('x '), a, str(' y')))).toBe("'x ' + a + ' y'");
  });
});

describe('user text stays inert', () => {
  const hostile = 'Pendulum\nexport const pwned = 1; // \u2028 */ \'"';

  it('a header line with newlines becomes several comment lines, never code', () => {
    const text = printModule({ header: [hostile], decls: [] });
    for (const line of text.trimEnd().split('\n')) expect(line.startsWith('//')).toBe(true);
  });

  it('a doc comment cannot be closed from inside', () => {
    const text = printModule({ header: [], decls: [{ kind: 'function', name: 'f', doc: 'ends */ here', params: [], returns: 'void', body: [] }] });
    expect(text).toContain('/** ends *\\/ here */');
  });

  it('string literals escape quotes and line terminators', () => {
    const q = quote(hostile);
    expect(q).not.toMatch(/[\n\u2028]/);
    expect(Function(`return ${q};`)()).toBe(hostile);
  });
});

describe('kernel blocks lowered through CSE', () => {
  it('read only the inputs they use, bind shared subexpressions once, and assign every target', () => {
    const [x, y, k] = [sym('x'), sym('y'), sym('k')];
    const shared = sin(add(x, mul(k, x)));
    const inputs = new Map([
      ['x', { local: 'x', read: idx('s$', 0) }],
      ['y', { local: 'y', read: idx('s$', 1) }],
      ['k', { local: 'k', read: bin(member('p', 'k'), '??', float(2)) }],
    ]);
    const out = lowerBlock({
      kind: 'kernel-block',
      inputs,
      outputs: [
        { expr: mul(shared, x), targets: [idx('o', 0), idx('o', 1)] },
        { expr: pow(shared, 2), return: true },
      ],
    });
    const text = out.flatMap((s) => printStmt(s, '')).join('\n');
    expect(text).not.toContain('s$[1]');
    expect(text).toContain('const x = s$[0]!;');
    expect(text).toContain('const k = p.k ?? 2.0;');
    expect(text.match(/Math\.sin/g)).toHaveLength(1);
    expect(text).toMatch(/^o\[0\] = o\[1\] = /m);
    expect(text).toMatch(/^return _0 \* _0;$/m);
    expect(y.name).toBe('y');
  });
});
