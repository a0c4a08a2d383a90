// The IR of a module printed as C99: a header and a source per model,
// nothing allocated (scratch arrays are static, outputs the caller's), only
// <math.h> included, compiling warning-free under
// `gcc -std=c99 -Wall -Wextra -Werror -pedantic`. Exported names carry the
// model's name (bouncing_ball_rhs); the IR's own names lose their `$`
// (s$ → s_). The scratch arrays make the functions not reentrant: one
// thread per module at a time.
// Tests: test/codegen/target-c.test.ts.
import { unreachable } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Data, Decl, FloatConstant, JsExpr, MathFn, Param, Stmt, TsType } from './ir.js';
import { numberLiteral, printJs, type Dialect } from './js-expr.js';
import { buildTarget, snake, targetHeader, Untranslatable, type TargetModule } from './target.js';

const INDENT = '  ';
const PRECEDENCE = { '||': 2, '&&': 3, '===': 7, '!==': 7, '<': 8, '<=': 8, '>': 8, '>=': 8, '+': 10, '-': 10, '*': 11, '/': 11 } as const;
const UNARY = 12;
const POSTFIX = 14;

/** The C element type of each typed array. */
const ELEMENT = { Float64Array: 'double', Int32Array: 'int', Uint8Array: 'unsigned char' } as const;

/** sign(x) as Math.sign: ±1, and x itself at ±0 and NaN (<math.h> has none). */
const SIGN = 'sign_';
const DIALECT: Dialect = {
  fn: { sin: 'sin', cos: 'cos', tan: 'tan', asin: 'asin', acos: 'acos', exp: 'exp', log: 'log', abs: 'fabs', sign: SIGN, sqrt: 'sqrt', pow: 'pow' },
  pi: numberLiteral(Math.PI),
};
const MATH: Readonly<Record<string, string>> = { abs: 'fabs', sqrt: 'sqrt', sin: 'sin', cos: 'cos', max: 'fmax' };
/** Math.max and Math.min as JavaScript has them: NaN when either is NaN (C's fmax and fmin return the other). */
const MAX = 'max_';
const MIN = 'min_';
/** IEEE constants as exact literals: 2⁻⁵² and 2⁻¹⁰⁷⁴ (<float.h>'s DBL_TRUE_MIN is C11). */
const FLOAT_CONSTANTS: Readonly<Record<FloatConstant, string>> = {
  epsilon: '2.220446049250313e-16',
  'min-positive': '4.9406564584124654e-324',
  nan: 'NAN',
};

const RESERVED = [
  ...'auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Bool _Complex _Imaginary'.split(
    ' ',
  ),
  ...'NAN INFINITY HUGE_VAL isfinite isnan isinf signbit fpclassify sin cos tan asin acos exp log fabs sqrt pow fmax main'.split(' '),
  SIGN,
  MAX,
  MIN,
];

/** A C identifier for the model's name: bouncing-ball → bouncing_ball. */
export const cPrefix = (modelName: string): string => {
  const s = modelName.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(s) ? `m_${s}` : s;
};

/** A C string literal: escapes, `?` escaped (no trigraph), non-ASCII as UTF-8 bytes. */
function cString(text: string): string {
  const body = [...new TextEncoder().encode(text)]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (c === '\\' || c === '"' || c === '?') return `\\${c}`;
      if (b < 0x20 || b >= 0x7f) return `\\${b.toString(8).padStart(3, '0')}`;
      return c;
    })
    .join('');
  return `"${body}"`;
}

/** A block comment for any text: no line can close it or open another. */
function comment(text: string, indent: string): string[] {
  const lines = text.split(/\r\n|[\n\r\u2028\u2029]/).map((l) => l.replace(/\*\//g, '* /').replace(/\/\*/g, '/ *'));
  if (lines.length === 1) return [`${indent}/* ${lines[0]} */`];
  return [`${indent}/*`, ...lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`];
}

/** The C name of a local: the IR's `$` (mm$, the scratch argument) is no C. */
const local = (name: string): string => name.replace(/\$/g, '_');

/** Names read inside an index (a[i + off]): integers in C. */
function indexNames(body: readonly Stmt[]): Set<string> {
  const out = new Set<string>();
  const inIndex = (e: JsExpr, under: boolean): void => {
    switch (e.kind) {
      case 'ref':
        if (under) out.add(e.name);
        return;
      case 'index':
        inIndex(e.array, under);
        inIndex(e.index, true);
        return;
      case 'binary':
        inIndex(e.left, under);
        inIndex(e.right, under);
        return;
      case 'unary':
        inIndex(e.arg, under);
        return;
      case 'call':
      case 'math':
        for (const a of e.args) inIndex(a, under);
        return;
      case 'cond':
        inIndex(e.test, under);
        inIndex(e.then, under);
        inIndex(e.else, under);
        return;
      default:
        return;
    }
  };
  const walk = (b: readonly Stmt[]): void => {
    for (const s of b) {
      if (s.kind === 'const' || s.kind === 'let') inIndex(s.init, false);
      else if (s.kind === 'assign') {
        for (const t of s.targets) inIndex(t, false);
        inIndex(s.value, false);
      } else if (s.kind === 'for') {
        // Loop bounds count too.
        out.add(s.index);
        inIndex(s.from, true);
        inIndex(s.to, true);
        walk(s.body);
      } else if (s.kind === 'if') {
        inIndex(s.test, false);
        walk(s.then);
        walk(s.else ?? []);
      } else if (s.kind === 'call') inIndex(s.call, false);
      else if (s.kind === 'return' && s.value) inIndex(s.value, false);
    }
  };
  walk(body);
  return out;
}

/** A declaration's lines in the source, its lines in the header, and a function's prototype. */
interface Printed {
  readonly source: string[];
  readonly header: string[];
  readonly prototype?: string;
}

/** Printing one module: the names of its top-level declarations, and the integers of the function being printed. */
class CPrinter {
  private ints = new Set<string>();

  constructor(
    private readonly prefix: string,
    private readonly top: ReadonlyMap<string, Decl>,
  ) {}

  name(n: string, exported: boolean): string {
    return exported ? `${this.prefix}_${snake(n)}` : n.replace(/\$/g, '_');
  }

  private topName(n: string): string | undefined {
    const d = this.top.get(n);
    if (!d || d.kind === 'comment' || d.kind === 'embedded') return undefined;
    return this.name(n, (d.kind === 'function' || d.kind === 'const') && d.exported === true);
  }

  type(t: TsType, name: string): string {
    if (typeof t !== 'string') throw new Untranslatable(`takes a ${t.kind} type (${name})`);
    switch (t) {
      case 'number':
        return 'double';
      case 'index':
        return 'int';
      case 'boolean':
        return 'int';
      case 'void':
        return 'void';
      case 'Float64Array':
        return 'double *';
      case 'Int32Array':
        return 'int *';
      case 'Uint8Array':
        return 'unsigned char *';
      case 'ArrayLike<number>':
      case 'Params':
      case 'readonly number[]':
        return 'const double *';
      case 'string[]':
        return 'const char **';
      default:
        throw new Untranslatable(`takes a ${t} (${name})`);
    }
  }

  expr(e: JsExpr, min = 0): string {
    const wrap = (s: string, prec: number): string => (prec < min ? `(${s})` : s);
    switch (e.kind) {
      case 'ref': {
        const known: Readonly<Record<string, string>> = { NaN: 'NAN', Infinity: 'INFINITY', true: '1', false: '0' };
        return known[e.name] ?? this.topName(e.name) ?? local(e.name);
      }
      case 'num': {
        const small = e.value !== 0 && Math.abs(e.value) < 1e-4;
        const s = e.float ? numberLiteral(e.value) : small ? e.value.toExponential() : `${e.value}`;
        return e.value < 0 || Object.is(e.value, -0) ? wrap(s, UNARY) : s;
      }
      case 'str':
        return cString(e.value);
      case 'undefined':
        throw new Untranslatable('reads an undefined value');
      case 'index':
        return `${this.expr(e.array, POSTFIX)}[${this.expr(e.index)}]`;
      case 'member':
        if (e.object.kind === 'ref' && e.object.name === 'Number' && e.name === 'EPSILON') return `${Number.EPSILON}`;
        throw new Untranslatable(`reads ${this.memberText(e)}`);
      case 'call':
        return this.call(e);
      case 'new':
        throw new Untranslatable('allocates an array');
      case 'object':
        throw new Untranslatable('builds an object');
      case 'binary': {
        if (e.op === '??') throw new Untranslatable('reads a possibly missing value (??)');
        const p = PRECEDENCE[e.op];
        const op = e.op === '===' ? '==' : e.op === '!==' ? '!=' : e.op;
        return wrap(`${this.expr(e.left, p)} ${op} ${this.expr(e.right, p + 1)}`, p);
      }
      case 'unary': {
        if (e.op === 'typeof') throw new Untranslatable('asks a type (typeof)');
        const arg = this.expr(e.arg, UNARY);
        return wrap(`${e.op}${e.op === '-' && arg.startsWith('-') ? ' ' : ''}${arg}`, UNARY);
      }
      case 'cond':
        return wrap(`${this.expr(e.test, 1)} ? ${this.expr(e.then)} : ${this.expr(e.else)}`, 0.5);
      case 'math':
        return this.math(
          e.fn,
          e.args.map((a) => this.expr(a)),
        );
      case 'float-constant':
        return FLOAT_CONSTANTS[e.name];
      case 'data':
        throw new Untranslatable('holds data in an expression');
      case 'kernel':
        return wrap(printJs(e.expr, e.scope, e.self, DIALECT).code, 0);
      default:
        return unreachable(e);
    }
  }

  private math(fn: MathFn, args: readonly string[]): string {
    switch (fn) {
      case 'sqrt':
        return `sqrt(${args[0]})`;
      case 'abs':
        return `fabs(${args[0]})`;
      case 'isFinite':
        return `isfinite(${args[0]})`;
      case 'max':
      case 'min':
        return args.reduceRight((acc, a) => `${fn === 'max' ? MAX : MIN}(${a}, ${acc})`);
      default:
        return unreachable(fn);
    }
  }

  private memberText(e: JsExpr & { kind: 'member' }): string {
    return `${e.object.kind === 'ref' ? e.object.name : '…'}.${e.name}`;
  }

  private call(e: JsExpr & { kind: 'call' }): string {
    const args = e.args.map((a) => this.expr(a));
    const c = e.callee;
    if (c.kind === 'member' && c.object.kind === 'ref') {
      if (c.object.name === 'Math' && MATH[c.name]) {
        // fmax takes two: Math.max(a, b, c) is fmax(a, fmax(b, c)).
        if (c.name === 'max') return args.reduceRight((acc, a) => `fmax(${a}, ${acc})`);
        return `${MATH[c.name]}(${args.join(', ')})`;
      }
      if (c.object.name === 'Number' && c.name === 'isFinite') return `isfinite(${args[0]})`;
      throw new Untranslatable(`calls ${this.memberText(c)}`);
    }
    if (c.kind !== 'ref') throw new Untranslatable('calls a computed function');
    const d = this.top.get(c.name);
    if (d?.kind !== 'function') throw new Untranslatable(`calls ${c.name}`);
    // An omitted optional argument is a null pointer.
    const padded = [...args, ...d.params.slice(args.length).map(() => '0')];
    return `${this.topName(c.name)}(${padded.join(', ')})`;
  }

  private body(b: readonly Stmt[], indent: string): string[] {
    return b.flatMap((s) => this.stmt(s, indent));
  }

  stmt(s: Stmt, indent: string): string[] {
    switch (s.kind) {
      case 'const':
      case 'let': {
        const type = s.type ? this.type(s.type, s.name) : this.ints.has(s.name) ? 'int' : 'double';
        return [`${indent}${s.kind === 'const' ? 'const ' : ''}${type} ${local(s.name)} = ${this.expr(s.init)};`];
      }
      case 'assign':
        return [`${indent}${s.targets.map((t) => `${this.expr(t, POSTFIX)} ${s.op} `).join('')}${this.expr(s.value)};`];
      case 'for': {
        const i = local(s.index);
        const [test, step] = s.down ? ['>=', '--'] : ['<', '++'];
        return [
          `${indent}for (int ${i} = ${this.expr(s.from)}; ${i} ${test} ${this.expr(s.to, PRECEDENCE['<'] + 1)}; ${i}${step}) {`,
          ...this.body(s.body, indent + INDENT),
          `${indent}}`,
        ];
      }
      case 'for-of':
        throw new Untranslatable('iterates over a collection');
      case 'if': {
        const lines = [`${indent}if (${this.expr(s.test)}) {`, ...this.body(s.then, indent + INDENT)];
        if (s.else) lines.push(`${indent}} else {`, ...this.body(s.else, indent + INDENT));
        return [...lines, `${indent}}`];
      }
      case 'call': {
        const c = s.call.callee;
        // y.fill(v, from, to): a loop.
        if (c.kind === 'member' && c.name === 'fill' && s.call.args.length === 3) {
          const [v, from, to] = s.call.args.map((a) => this.expr(a));
          const y = this.expr(c.object, POSTFIX);
          return [`${indent}for (int fill_ = ${from}; fill_ < ${to}; fill_++) ${y}[fill_] = ${v};`];
        }
        return [`${indent}${this.expr(s.call)};`];
      }
      case 'return':
        return [s.value ? `${indent}return ${this.expr(s.value)};` : `${indent}return;`];
      case 'continue':
        return [`${indent}continue;`];
      case 'comment':
        return comment(s.text, indent);
      case 'kernel-block':
        throw new Error('internal: a kernel block reached the C printer (run the cse pass of lower.ts first)');
      default:
        return unreachable(s);
    }
  }

  private data(v: Data, what: string): { type: string; values: string[] } {
    if (!Array.isArray(v) || v.length === 0) throw new Untranslatable(`holds ${what} that is not a list`);
    if (v.every((x) => typeof x === 'number')) return { type: 'const double', values: v.map((x) => numberLiteral(x as number)) };
    if (v.every((x) => typeof x === 'string')) return { type: 'const char *const', values: v.map((x) => cString(x as string)) };
    throw new Untranslatable(`holds ${what}: a list of mixed values`);
  }

  /** The declaration's lines in the source, and its prototype for the header when it is exported. */
  decl(d: Decl): Printed {
    const doc = (text: string | undefined): string[] => (text ? comment(text, '') : []);
    switch (d.kind) {
      case 'comment':
        return { source: comment(d.text, ''), header: [] };
      case 'buffer': {
        const type = ELEMENT[d.array];
        // C has no empty array; an empty buffer is never indexed.
        return { source: [...doc(d.doc), `static ${type} ${this.name(d.name, false)}[${Math.max(1, d.length)}];`], header: [] };
      }
      case 'const': {
        const name = this.name(d.name, d.exported === true);
        const v = d.value;
        if (v.kind === 'num') {
          const type = Number.isInteger(v.value) && !v.float ? 'int' : 'double';
          return { source: [...doc(d.doc), `static const ${type} ${name} = ${this.expr(v)};`], header: [] };
        }
        const list = v.kind === 'data' ? v.value : v.kind === 'new' && v.array !== 'Float64Array' && v.arg.kind === 'data' ? v.arg.value : undefined;
        if (list === undefined) throw new Untranslatable(`declares ${d.name} by an expression`);
        const { type, values } = v.kind === 'new' ? { type: `const ${ELEMENT[v.array]}`, values: (list as number[]).map(String) } : this.data(list, d.name);
        const definition = `${d.exported ? '' : 'static '}${type} ${name}[${values.length}] = {${values.join(', ')}};`;
        return { source: [...doc(d.doc), definition], header: d.exported ? [...doc(d.doc), `extern ${type} ${name}[${values.length}];`] : [] };
      }
      case 'let':
        if (d.value.kind !== 'num') throw new Untranslatable(`declares ${d.name} by an expression`);
        return { source: [...doc(d.doc), `static double ${this.name(d.name, false)} = ${this.expr(d.value)};`], header: [] };
      case 'type':
        throw new Untranslatable(`declares the type ${d.name}`);
      case 'record': {
        const fields = d.fields.flatMap((f) => [...(f.doc ? comment(f.doc, INDENT) : []), `${INDENT}${this.typed(this.type(f.type, f.name), f.name)};`]);
        const lines = [...doc(d.doc), 'typedef struct {', ...fields, `} ${d.name};`];
        return { source: d.exported ? [] : lines, header: d.exported ? lines : [] };
      }
      case 'function':
        return this.fn(d, doc(d.doc));
      case 'embedded':
        throw new Untranslatable(`needs ${d.from}`);
      default:
        return unreachable(d);
    }
  }

  /** `type name`, without a space after a pointer's `*`. */
  private typed(type: string, name: string): string {
    return `${type}${type.endsWith('*') ? '' : ' '}${name}`;
  }

  private fn(d: Decl & { kind: 'function' }, doc: string[]): Printed {
    this.ints = indexNames(d.body);
    const params = d.params.map((p: Param) => this.typed(this.type(p.type, p.name), local(p.name)));
    const signature = this.typed(
      this.type(d.returns, 'its result'),
      `${this.name(d.name, d.exported === true)}(${params.length ? params.join(', ') : 'void'})`,
    );
    const body = this.body(d.body, INDENT);
    // -Wunused-parameter: a function of the common signature (t, p, …) need not read each.
    const text = body.filter((l) => !/^\s*(\/\*| \*)/.test(l)).join('\n');
    const unused = d.params.map((p) => local(p.name)).filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
    const storage = d.exported ? '' : 'static ';
    return {
      source: [...doc, `${storage}${signature} {`, ...unused.map((name) => `${INDENT}(void)${name};`), ...body, '}'],
      header: d.exported ? [...doc, `${signature};`] : [],
      prototype: `${storage}${signature};`,
    };
  }
}

export interface CModule {
  readonly header: { readonly fileName: string; readonly text: string };
  readonly source: { readonly fileName: string; readonly text: string };
  /** The exported functions given, by their IR names (massMatrix, rhs, …). */
  readonly available: readonly string[];
  readonly signatures: TargetModule['signatures'];
  readonly missing: TargetModule['missing'];
}

/** The model's module in C: `<model>.h` and `<model>.c`. */
export function generateC(sys: DerivedSystem, sourceFile: string): CModule {
  const prefix = cPrefix(sys.model.name);
  const nameOf = (name: string, exported: boolean): string => (exported ? `${prefix}_${snake(name)}` : name.replace(/\$/g, '_'));
  const printed = new Map<Decl, Printed>();
  const t = buildTarget(sys, {
    reserved: RESERVED,
    nameOf,
    checkForm: 'messages',
    printDecl: (d, top) => {
      const p = new CPrinter(prefix, top).decl(d);
      printed.set(d, p);
      return p.source;
    },
  });
  const guard = `${prefix.toUpperCase()}_H`;
  const base = sys.model.name;
  const n = sys.model.coordinates.length;
  const headerComment = comment(targetHeader(sys, sourceFile, 'C99', t, (name) => nameOf(name, true)).join('\n'), '');
  const sizes = [
    `#define ${prefix.toUpperCase()}_N ${n}`,
    `#define ${prefix.toUpperCase()}_N_PARAMS ${sys.model.parameters.length}`,
    ...(sys.unilateral ? [`#define ${prefix.toUpperCase()}_N_GAPS ${sys.unilateral.contacts.length}`] : []),
  ];
  const header = [
    ...headerComment,
    `#ifndef ${guard}`,
    `#define ${guard}`,
    '',
    ...sizes,
    ...t.printed.flatMap(({ decl }) => {
      const h = printed.get(decl)!.header;
      return h.length ? ['', ...h] : [];
    }),
    '',
    `#endif /* ${guard} */`,
  ];
  // Data first, then every static function declared, so that any may call any.
  const data = t.printed.filter(({ decl }) => decl.kind !== 'function').flatMap(({ lines }) => ['', ...lines]);
  const prototypes = t.printed.flatMap(({ decl }) => (decl.kind === 'function' && !decl.exported ? [printed.get(decl)!.prototype!] : []));
  const functions = t.printed.filter(({ decl }) => decl.kind === 'function').flatMap(({ lines }) => ['', ...lines]);
  const body = [...data, ...(prototypes.length ? ['', ...prototypes] : []), ...functions];
  const helper = (name: string, lines: readonly string[]): string[] => (body.some((l) => l.includes(`${name}(`)) ? ['', ...lines] : []);
  const helpers = [
    ...helper(SIGN, [
      ...comment('sign(x) as Math.sign: ±1, and x itself at ±0 and NaN.', ''),
      `static double ${SIGN}(double x) {`,
      `${INDENT}return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x;`,
      '}',
    ]),
    ...helper(MAX, [
      ...comment('Math.max: NaN when either is NaN.', ''),
      `static double ${MAX}(double a, double b) {`,
      `${INDENT}return a != a || b != b ? a + b : a > b ? a : b;`,
      '}',
    ]),
    ...helper(MIN, [
      ...comment('Math.min: NaN when either is NaN.', ''),
      `static double ${MIN}(double a, double b) {`,
      `${INDENT}return a != a || b != b ? a + b : a < b ? a : b;`,
      '}',
    ]),
  ];
  const source = [...headerComment, `#include "${base}.h"`, '#include <math.h>', ...helpers, ...body];
  return {
    header: { fileName: `${base}.h`, text: `${header.join('\n')}\n` },
    source: { fileName: `${base}.c`, text: `${source.join('\n')}\n` },
    available: t.available,
    signatures: t.signatures,
    missing: t.missing,
  };
}
