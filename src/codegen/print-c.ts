// The IR of a module printed as C99: a header and a source per model,
// nothing allocated (scratch arrays are static, outputs the caller's), only
// <math.h> included, compiling warning-free under gcc and clang with
// `-std=c99 -Wall -Wextra -Werror -pedantic`. Exported names carry the
// model's name (bouncing_ball_rhs); the IR's own names lose their `$`
// (s$ → s_). The scratch arrays make the functions not reentrant: one
// thread per module at a time.
// Tests: test/codegen/target-c.test.ts.
import { unreachable } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Data, Decl, Field, FloatConstant, JsExpr, MathFn, Param, Stmt, TsType } from './ir.js';
import { numberLiteral, printJs, type Dialect } from './js-expr.js';
import { buildTarget, snake, targetHeader, Untranslatable, type TargetModule } from './target.js';

const INDENT = '  ';
const PRECEDENCE = { '||': 2, '&&': 3, '&': 5, '===': 7, '!==': 7, '<': 8, '<=': 8, '>': 8, '>=': 8, '<<': 9, '+': 10, '-': 10, '*': 11, '/': 11 } as const;
const UNARY = 12;
const POSTFIX = 14;

/** The C element type of each typed array. */
const ELEMENT = { Float64Array: 'double', Int32Array: 'int', Uint8Array: 'unsigned char' } as const;

/** sign(x) as Math.sign: ±1, and x itself at ±0 and NaN (<math.h> has none). */
const SIGN = 'sign_';
/** The <math.h> name of each kernel function. */
export const DIALECT: Dialect = {
  fn: {
    sin: 'sin',
    cos: 'cos',
    tan: 'tan',
    asin: 'asin',
    acos: 'acos',
    atan: 'atan',
    exp: 'exp',
    log: 'log',
    abs: 'fabs',
    sign: SIGN,
    sqrt: 'sqrt',
    pow: 'pow',
  },
  pi: numberLiteral(Math.PI),
};
/** Math.max and Math.min as JavaScript has them: NaN when either is NaN (C's fmax and fmin return the other). */
const MAX = 'max_';
const MIN = 'min_';
/** The C of each function of the IR's `math`. */
const MATH: Readonly<Record<MathFn, string>> = {
  sqrt: 'sqrt',
  abs: 'fabs',
  max: MAX,
  min: MIN,
  sign: SIGN,
  sin: 'sin',
  cos: 'cos',
  isFinite: 'isfinite',
  isNaN: 'isnan',
};
/** IEEE constants as exact literals: 2⁻⁵² and 2⁻¹⁰⁷⁴ (<float.h>'s DBL_TRUE_MIN is C11). */
const FLOAT_CONSTANTS: Readonly<Record<FloatConstant, string>> = {
  epsilon: '2.220446049250313e-16',
  'min-positive': '4.9406564584124654e-324',
  nan: 'NAN',
  infinity: 'INFINITY',
};

const RESERVED = [
  ...'auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Bool _Complex _Imaginary'.split(
    ' ',
  ),
  ...'NAN INFINITY HUGE_VAL isfinite isnan isinf signbit fpclassify sin cos tan asin acos atan exp log fabs sqrt pow fmax main'.split(' '),
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
export function cString(text: string): string {
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
export function comment(text: string, indent: string): string[] {
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

/** The values of a literal-union type declaration. */
const unionValues = (d: Decl & { kind: 'type' }): readonly string[] | undefined =>
  typeof d.type !== 'string' && d.type.kind === 'literal-union' ? d.type.values : undefined;

/** Array arguments a body writes (by element, .set, .fill) or hands on to a call: the others are `const` in C. */
function writtenOrPassed(body: readonly Stmt[]): Set<string> {
  const out = new Set<string>();
  const passed = (e: JsExpr): void => {
    if (e.kind === 'call') for (const a of e.args) a.kind === 'ref' ? out.add(a.name) : passed(a);
    else if (e.kind === 'binary') passed(e.left), passed(e.right);
    else if (e.kind === 'unary') passed(e.arg);
    else if (e.kind === 'cond') passed(e.test), passed(e.then), passed(e.else);
  };
  const walk = (b: readonly Stmt[]): void => {
    for (const s of b) {
      if (s.kind === 'assign') {
        for (const t of s.targets) if (t.kind === 'index' && t.array.kind === 'ref') out.add(t.array.name);
        passed(s.value);
      } else if (s.kind === 'call') {
        if (s.call.callee.kind === 'member' && s.call.callee.object.kind === 'ref') out.add(s.call.callee.object.name);
        passed(s.call);
      } else if (s.kind === 'const' || s.kind === 'let') {
        if (s.init.kind === 'ref') out.add(s.init.name);
        passed(s.init);
      } else if (s.kind === 'return' && s.value) passed(s.value);
      else if (s.kind === 'if') passed(s.test), walk(s.then), walk(s.else ?? []);
      else if (s.kind === 'for' || s.kind === 'for-of') walk(s.body);
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
  /** The types of the arguments and record-typed locals of the function being printed. */
  private vars = new Map<string, TsType>();
  private params: readonly Param[] = [];
  /** The declaration lines of the function being printed, with the local each declares. */
  private declared = new Map<string, string>();
  /** The literal union whose values a string literal being printed stands for (an enum constant in C). */
  private union: (Decl & { kind: 'type' }) | undefined;
  /** The literal union the function being printed returns. */
  private returns: (Decl & { kind: 'type' }) | undefined;

  constructor(
    private readonly prefix: string,
    private readonly top: ReadonlyMap<string, Decl>,
  ) {}

  name(n: string, exported: boolean): string {
    return exported ? `${this.prefix}_${snake(n)}` : n.replace(/\$/g, '_');
  }

  private topName(n: string): string | undefined {
    const d = this.top.get(n);
    if (!d || d.kind === 'comment') return undefined;
    return this.name(n, (d.kind === 'function' || d.kind === 'const') && d.exported === true);
  }

  /** The record or literal union a named type is, if the module declares it. */
  private named(t: TsType | undefined): Decl | undefined {
    return t !== undefined && typeof t !== 'string' && t.kind === 'alias' ? this.top.get(t.name) : undefined;
  }

  private recordOf(t: TsType | undefined): (Decl & { kind: 'record' }) | undefined {
    const d = this.named(t);
    return d?.kind === 'record' ? d : undefined;
  }

  private unionOf(t: TsType | undefined): (Decl & { kind: 'type' }) | undefined {
    const d = this.named(t);
    return d?.kind === 'type' && unionValues(d) ? d : undefined;
  }

  /** The enum constant of one value of a literal union: SchurStatus_not_positive_definite. */
  private enumConstant(union: Decl & { kind: 'type' }, value: string): string {
    return `${this.typeName(union)}_${value.replace(/[^A-Za-z0-9_]/g, '_')}`;
  }

  /** A named type's C name: with the model's prefix where the header declares it, so that two models' headers may meet in one program. */
  private typeName(d: Decl & { kind: 'type' | 'record' }): string {
    return d.exported ? `${this.prefix}_${d.name}` : d.name;
  }

  /**
   * Whether an expression reads an element of a double array (an argument or a buffer): a real, though its name
   * may also index elsewhere in the function (a model's parameter c, read from p, beside a loop's c = SC$[r]).
   */
  private readsDouble(e: JsExpr): boolean {
    if (e.kind !== 'index' || e.array.kind !== 'ref') return false;
    const arg = this.vars.get(e.array.name);
    if (arg !== undefined) return arg === 'Float64Array' || arg === 'ArrayLike<number>' || arg === 'readonly number[]' || arg === 'Params';
    const d = this.top.get(e.array.name);
    return d?.kind === 'buffer' && d.array === 'Float64Array';
  }

  /** The type of a top-level const's value, when it is a record. */
  private topRecord(name: string): (Decl & { kind: 'record' }) | undefined {
    const d = this.top.get(name);
    return d?.kind === 'const' ? this.recordOf(d.type) : undefined;
  }

  /** The field a member read names, when its object is a record (an argument or local pointing to one, or a module-level one). */
  private fieldOf(e: JsExpr & { kind: 'member' }): { field: Field; access: string } | undefined {
    if (e.object.kind !== 'ref') return undefined;
    const viaPointer = this.recordOf(this.vars.get(e.object.name));
    const record = viaPointer ?? (this.vars.has(e.object.name) ? undefined : this.topRecord(e.object.name));
    const field = record?.fields.find((f) => f.name === e.name);
    if (!field) return undefined;
    return { field, access: `${this.expr(e.object, POSTFIX)}${viaPointer ? '->' : '.'}${e.name}` };
  }

  /** Print e with string literals standing for values of `union`. */
  private withUnion(union: (Decl & { kind: 'type' }) | undefined, e: JsExpr): string {
    const outer = this.union;
    this.union = union;
    try {
      return this.expr(e);
    } finally {
      this.union = outer;
    }
  }

  /** The literal union an expression's value belongs to: a call's result, a local's or a record field's type. */
  private unionOfValue(e: JsExpr): (Decl & { kind: 'type' }) | undefined {
    if (e.kind === 'ref') return this.unionOf(this.vars.get(e.name));
    if (e.kind === 'member') return this.unionOf(this.fieldOf(e)?.field.type);
    if (e.kind !== 'call' || e.callee.kind !== 'ref') return undefined;
    const d = this.top.get(e.callee.name);
    return d?.kind === 'function' ? this.unionOf(d.returns) : undefined;
  }

  type(t: TsType, name: string): string {
    if (typeof t !== 'string') {
      const record = this.recordOf(t);
      if (record) return `${this.typeName(record)} *`;
      const union = this.unionOf(t);
      if (union) return this.typeName(union);
      throw new Untranslatable(`takes a ${t.kind} type (${name})`);
    }
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
      case 'ArrayLike<boolean>':
        return 'const int *';
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
        if (this.union) {
          const values = unionValues(this.union)!;
          if (!values.includes(e.value)) throw new Error(`internal: '${e.value}' is no value of ${this.union.name}`);
          return this.enumConstant(this.union, e.value);
        }
        return cString(e.value);
      case 'undefined':
        throw new Untranslatable('reads an undefined value');
      case 'index':
        return `${this.expr(e.array, POSTFIX)}[${this.expr(e.index)}]`;
      case 'member': {
        const field = this.fieldOf(e);
        if (field) return wrap(field.access, POSTFIX);
        throw new Untranslatable(`reads ${this.memberText(e)}`);
      }
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
        // A status compared with one of its values: the value is an enum constant.
        const side = (x: JsExpr, other: JsExpr, prec: number): string => {
          const union = (op === '==' || op === '!=') && x.kind === 'str' ? this.unionOfValue(other) : undefined;
          return union ? this.withUnion(union, x) : this.expr(x, prec);
        };
        return wrap(`${side(e.left, e.right, p)} ${op} ${side(e.right, e.left, p + 1)}`, p);
      }
      case 'unary': {
        if (e.op === 'typeof') throw new Untranslatable('asks a type (typeof)');
        const arg = this.expr(e.arg, UNARY);
        return wrap(`${e.op}${e.op === '-' && arg.startsWith('-') ? ' ' : ''}${arg}`, UNARY);
      }
      case 'cond':
        return wrap(`${this.expr(e.test, 1)} ? ${this.expr(e.then)} : ${this.expr(e.else)}`, 0.5);
      case 'math': {
        // max and min of one value are that value; of more, nested pairs: max(a, b, c) is max(a, max(b, c)).
        if (e.args.length === 1 && (e.fn === 'max' || e.fn === 'min')) return this.expr(e.args[0]!, min);
        const args = e.args.map((a) => this.expr(a));
        return args.length === 1 ? `${MATH[e.fn]}(${args[0]})` : args.reduceRight((acc, a) => `${MATH[e.fn]}(${a}, ${acc})`);
      }
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

  /** The length of a module-level buffer, or of an output argument the caller need not give (`out = new Float64Array(k)`). */
  private lengthOf(e: JsExpr): string | undefined {
    if (e.kind !== 'ref') return undefined;
    const d = this.top.get(e.name);
    if (!this.vars.has(e.name) && d?.kind === 'buffer') return `${d.length}`;
    const p = this.params.find((x) => x.name === e.name);
    return p?.default?.kind === 'new' ? this.expr(p.default.arg) : undefined;
  }

  private memberText(e: JsExpr & { kind: 'member' }): string {
    return `${e.object.kind === 'ref' ? e.object.name : '…'}.${e.name}`;
  }

  private call(e: JsExpr & { kind: 'call' }): string {
    // A module-level record is passed by its address.
    // A string argument is a string even in a function returning a status.
    const args = e.args.map((a) => (a.kind === 'ref' && !this.vars.has(a.name) && this.topRecord(a.name) ? `&${this.expr(a)}` : this.withUnion(undefined, a)));
    const c = e.callee;
    if (c.kind === 'member') throw new Untranslatable(`calls ${this.memberText(c)}`);
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
        // A record's field read into a local takes the field's type (an array's pointer, a count).
        const read = s.init.kind === 'member' && !s.type ? this.fieldOf(s.init)?.field : undefined;
        const field = read?.type;
        const declared = s.type ?? (field === 'number' ? undefined : field);
        const type =
          read && field !== 'number'
            ? this.fieldType(read)
            : declared
              ? this.type(declared, s.name)
              : this.ints.has(s.name) && !this.readsDouble(s.init)
                ? 'int'
                : 'double';
        if (declared) this.vars.set(s.name, declared);
        const constant = s.kind === 'const' ? (type.endsWith('*') ? `${type}const ` : `const ${type} `) : this.typed(type, '');
        const line = `${indent}${constant}${local(s.name)} = ${this.expr(s.init)};`;
        this.declared.set(line, local(s.name));
        return [line];
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
        // y.fill(v) of an array of known length: a loop.
        if (c.kind === 'member' && c.name === 'fill' && s.call.args.length === 1) {
          const length = this.lengthOf(c.object);
          if (length === undefined) throw new Untranslatable(`fills ${this.memberText(c)} of unknown length`);
          const [v, y] = [this.expr(s.call.args[0]!), this.expr(c.object, POSTFIX)];
          return [`${indent}for (int fill_ = 0; fill_ < ${length}; fill_++) ${y}[fill_] = ${v};`];
        }
        // x.set(y) of a module-level buffer: a copy of its length.
        const buffer = c.kind === 'member' && c.name === 'set' && c.object.kind === 'ref' ? this.top.get(c.object.name) : undefined;
        if (c.kind === 'member' && buffer?.kind === 'buffer' && s.call.args.length === 1) {
          const [x, y] = [this.expr(c.object, POSTFIX), this.expr(s.call.args[0]!, POSTFIX)];
          return [`${indent}for (int set_ = 0; set_ < ${buffer.length}; set_++) ${x}[set_] = ${y}[set_];`];
        }
        return [`${indent}${this.expr(s.call)};`];
      }
      case 'return':
        return [s.value ? `${indent}return ${this.withUnion(this.returns, s.value)};` : `${indent}return;`];
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
        const record = this.recordOf(d.type);
        if (record && v.kind === 'object') {
          // Designated initializers: the fields by name, pointers to module-level arrays.
          const fields = v.entries.map(([k, x]) => `.${k} = ${this.withUnion(this.unionOf(record.fields.find((f) => f.name === k)?.type), x)}`);
          return { source: [...doc(d.doc), `static ${this.typeName(record)} ${name} = {${fields.join(', ')}};`], header: [] };
        }
        const list = v.kind === 'data' ? v.value : v.kind === 'new' && v.array !== 'Float64Array' && v.arg.kind === 'data' ? v.arg.value : undefined;
        if (list === undefined) throw new Untranslatable(`declares ${d.name} by an expression`);
        const { type, values } = v.kind === 'new' ? { type: `const ${ELEMENT[v.array]}`, values: (list as number[]).map(String) } : this.data(list, d.name);
        // C has no empty array; an empty one is never indexed.
        const entries = values.length ? values : ['0'];
        const definition = `${d.exported ? '' : 'static '}${type} ${name}[${entries.length}] = {${entries.join(', ')}};`;
        return { source: [...doc(d.doc), definition], header: d.exported ? [...doc(d.doc), `extern ${type} ${name}[${values.length}];`] : [] };
      }
      case 'let': {
        const flag = d.value.kind === 'ref' && (d.value.name === 'true' || d.value.name === 'false');
        if (d.value.kind !== 'num' && !flag) throw new Untranslatable(`declares ${d.name} by an expression`);
        return { source: [...doc(d.doc), `static ${flag ? 'int' : 'double'} ${this.name(d.name, false)} = ${this.expr(d.value)};`], header: [] };
      }
      case 'type': {
        const union = this.unionOf({ kind: 'alias', name: d.name });
        if (!union) throw new Untranslatable(`declares the type ${d.name}`);
        const values = unionValues(union)!.map((v) => this.enumConstant(union, v));
        const lines = [...doc(d.doc), `typedef enum { ${values.join(', ')} } ${this.typeName(union)};`];
        return { source: d.exported ? [] : lines, header: d.exported ? lines : [] };
      }
      case 'record': {
        const fields = d.fields.flatMap((f) => [...(f.doc ? comment(f.doc, INDENT) : []), `${INDENT}${this.typed(this.fieldType(f), f.name)};`]);
        const lines = [...doc(d.doc), 'typedef struct {', ...fields, `} ${this.typeName(d)};`];
        return { source: d.exported ? [] : lines, header: d.exported ? lines : [] };
      }
      case 'function':
        return this.fn(d, doc(d.doc));
      default:
        return unreachable(d);
    }
  }

  /** A record field's C type: an array only read through the record points to const. */
  private fieldType(f: Field): string {
    const t = this.type(f.type, f.name);
    return f.readsOnly && t.endsWith('*') ? `const ${t}` : t;
  }

  /** `type name`, without a space after a pointer's `*`. */
  private typed(type: string, name: string): string {
    return `${type}${type.endsWith('*') ? '' : ' '}${name}`;
  }

  private fn(d: Decl & { kind: 'function' }, doc: string[]): Printed {
    this.ints = indexNames(d.body);
    this.vars = new Map(d.params.map((p) => [p.name, p.type]));
    this.params = d.params;
    this.returns = this.unionOf(d.returns);
    const written = writtenOrPassed(d.body);
    const ARRAYS: readonly TsType[] = ['Float64Array', 'Int32Array', 'Uint8Array'];
    const paramType = (p: Param): string => {
      if (p.type === 'number' && this.ints.has(p.name)) return 'int';
      const t = this.type(p.type, p.name);
      // An array the function only reads is const: a caller may pass its constant data.
      return ARRAYS.includes(p.type) && !written.has(p.name) ? `const ${t}` : t;
    };
    const params = d.params.map((p: Param) => this.typed(paramType(p), local(p.name)));
    const signature = this.typed(
      this.type(d.returns, 'its result'),
      `${this.name(d.name, d.exported === true)}(${params.length ? params.join(', ') : 'void'})`,
    );
    this.declared = new Map();
    const printed = this.body(d.body, INDENT);
    // -Wunused-variable: a local the IR names but never reads (a count kept for a reader).
    const uses = new Map<string, number>();
    for (const line of printed) for (const w of line.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) uses.set(w, (uses.get(w) ?? 0) + 1);
    const body = printed.flatMap((line) => {
      const name = this.declared.get(line);
      return name !== undefined && uses.get(name) === 1 ? [line, `${/^\s*/.exec(line)![0]}(void)${name};`] : [line];
    });
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

/**
 * IR functions of src/codegen/solvers/ as static C functions of a program
 * beside a module (the C driver), prototypes first so that any may call any,
 * after the structs of the records they take.
 * They may call only each other and those `printedBefore` (printed by another
 * part of the program), and no helper of the module (sign_, max_).
 */
export function printCFunctions(decls: readonly (Decl & { kind: 'function' | 'record' })[], printedBefore: readonly Decl[] = []): string[] {
  const local = decls.map((d) => ({ ...d, exported: false }));
  const known = [...printedBefore.map((d) => ({ ...d, exported: false }) as Decl), ...local];
  const p = new CPrinter('', new Map(known.flatMap((d) => ('name' in d ? [[d.name, d] as const] : []))));
  const printed = local.map((d) => p.decl(d));
  const records = printed.filter((x) => !x.prototype).flatMap((x) => [...x.source, '']);
  const functions = printed.filter((x) => x.prototype);
  const lines = [...records, ...functions.map((x) => x.prototype!), ...functions.flatMap((x) => ['', ...x.source])];
  if (lines.some((l) => l.includes(`${SIGN}(`) || l.includes(`${MAX}(`) || l.includes(`${MIN}(`)))
    throw new Error("internal: a driver's IR function calls a helper of the module");
  return lines;
}
