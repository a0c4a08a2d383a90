// The IR of a module printed as Python: plain functions on NumPy arrays, one
// module per model (<model_name>.py, importable), rhs(t, x, p) in the form
// scipy.integrate.solve_ivp calls (args=(p,)). Outputs are the caller's
// `out`, else a new array. The kernels call NumPy's functions, so that a
// value outside a function's domain gives NaN (with NumPy's warning) as in
// the TypeScript module, where math's would raise. The IR's own names lose
// their `$` and start with `_` (s$ → _s): the module's private names.
// Tests: test/codegen/target-python.test.ts.
import { unreachable } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Data, Decl, FloatConstant, JsExpr, MathFn, Param, Stmt, TsType } from './ir.js';
import { numberLiteral, printJs, type Dialect } from './js-expr.js';
import { buildTarget, DATA_NAMES, snake, targetHeader, Untranslatable, type TargetModule } from './target.js';

const INDENT = '    ';
/** Python's binding strengths (higher binds tighter); comparisons chain, so a comparison never sits unparenthesized in another. */
const PRECEDENCE = { '||': 2, '&&': 3, '===': 5, '!==': 5, '<': 5, '<=': 5, '>': 5, '>=': 5, '&': 6, '<<': 7, '+': 8, '-': 8, '*': 9, '/': 9 } as const;
const OPERATOR = { '||': 'or', '&&': 'and', '===': '==', '!==': '!=' } as const;
const NOT = 4;
const NEGATE = 10;
const POSTFIX = 12;

/** NumPy's name of each kernel function. */
export const DIALECT: Dialect = {
  fn: {
    sin: 'np.sin',
    cos: 'np.cos',
    tan: 'np.tan',
    asin: 'np.arcsin',
    acos: 'np.arccos',
    atan: 'np.arctan',
    exp: 'np.exp',
    log: 'np.log',
    abs: 'np.abs',
    sign: 'np.sign',
    sqrt: 'np.sqrt',
    pow: 'np.power',
  },
  pi: 'np.pi',
};
/**
 * Math.max and Math.min as NumPy's, which give NaN when either is NaN
 * (Python's max and min depend on the order); np.sign is Math.sign but at
 * −0, where it gives +0 (the same value: only its reciprocal differs).
 */
const MATH_FN: Readonly<Record<MathFn, string>> = {
  sqrt: 'np.sqrt',
  abs: 'np.abs',
  max: 'np.maximum',
  min: 'np.minimum',
  sign: 'np.sign',
  sin: 'np.sin',
  cos: 'np.cos',
  isFinite: 'np.isfinite',
  isNaN: 'np.isnan',
};
const FLOAT_CONSTANTS: Readonly<Record<FloatConstant, string>> = {
  epsilon: '2.220446049250313e-16',
  'min-positive': '5e-324',
  nan: 'np.nan',
  infinity: 'np.inf',
};

/** The NumPy element type of each typed array. */
const DTYPE = { Float64Array: 'float64', Int32Array: 'int32', Uint8Array: 'uint8' } as const;

const RESERVED = [
  ...'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
  ...'np range len max abs str int float list'.split(' '),
];

/** A Python module name for the model's name: bouncing-ball → bouncing_ball. */
export const pythonModuleName = (modelName: string): string => {
  const s = modelName.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(s) ? `m_${s}` : s;
};

function comment(text: string, indent: string): string[] {
  return text.split(/\r\n|[\n\r\u2028\u2029]/).map((l) => (l ? `${indent}# ${l}` : `${indent}#`));
}

/** The module's name for a top-level IR name: exports in snake_case (constants in capitals), the rest private. */
const nameOf = (name: string, exported: boolean, constant = false): string => {
  if (exported) return constant ? snake(name).toUpperCase() : snake(name);
  return `_${name.replace(/\$/g, '_').replace(/_+$/, '')}`;
};

/** A Python literal of plain data (JSON's strings are Python's). */
function literal(v: Data): string {
  if (typeof v === 'number') return numberLiteral(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (Array.isArray(v)) return `[${(v as readonly Data[]).map(literal).join(', ')}]`;
  return `{${Object.entries(v as { readonly [key: string]: Data })
    .map(([k, x]) => `${JSON.stringify(k)}: ${literal(x)}`)
    .join(', ')}}`;
}

/** The annotation of a record's field: arrays are NumPy's, a literal union's values strings. */
function pythonType(t: TsType, top: ReadonlyMap<string, Decl>): string {
  const named = typeof t !== 'string' && t.kind === 'alias' ? top.get(t.name) : undefined;
  if (named?.kind === 'type' && typeof named.type !== 'string' && named.type.kind === 'literal-union') return 'str';
  if (t === 'number') return 'float';
  if (t === 'index') return 'int';
  if (t === 'boolean') return 'bool';
  if (t === 'Float64Array' || t === 'Int32Array' || t === 'Uint8Array') return 'np.ndarray';
  throw new Untranslatable(`has a field of type ${typeof t === 'string' ? t : t.kind}`);
}

class PythonPrinter {
  /** Optional arguments of the function being printed: a bare test of one asks whether it was given. */
  private optional = new Set<string>();
  /** The types of the arguments and locals of the function being printed, where known. */
  private vars = new Map<string, TsType>();

  constructor(private readonly top: ReadonlyMap<string, Decl>) {}

  private topName(n: string): string | undefined {
    const d = this.top.get(n);
    if (!d || d.kind === 'comment') return undefined;
    const exported = (d.kind === 'function' || d.kind === 'const') && d.exported === true;
    return nameOf(n, exported, d.kind === 'const');
  }

  /** Whether e names a record: an argument of a record type, or a module-level record. */
  private isRecord(e: JsExpr): boolean {
    if (e.kind !== 'ref') return false;
    const d = this.top.get(e.name);
    const t = this.vars.get(e.name) ?? (d?.kind === 'const' ? d.type : undefined);
    return t !== undefined && typeof t !== 'string' && t.kind === 'alias' && this.top.get(t.name)?.kind === 'record';
  }

  private isArray(e: JsExpr): boolean {
    const t = e.kind === 'ref' ? this.vars.get(e.name) : undefined;
    return t === 'Float64Array' || t === 'Int32Array' || t === 'Uint8Array';
  }

  private test(e: JsExpr, min = 0): string {
    return e.kind === 'ref' && this.optional.has(e.name) ? `${e.name} is not None` : this.expr(e, min);
  }

  expr(e: JsExpr, min = 0): string {
    const wrap = (s: string, prec: number): string => (prec < min ? `(${s})` : s);
    switch (e.kind) {
      case 'ref': {
        const known: Readonly<Record<string, string>> = { NaN: 'np.nan', Infinity: 'np.inf', true: 'True', false: 'False' };
        return known[e.name] ?? this.topName(e.name) ?? e.name.replace(/\$/g, '_');
      }
      case 'num': {
        const small = e.value !== 0 && Math.abs(e.value) < 1e-4;
        const s = e.float ? numberLiteral(e.value) : small ? e.value.toExponential() : `${e.value}`;
        return e.value < 0 || Object.is(e.value, -0) ? wrap(s, NEGATE) : s;
      }
      case 'str':
        return JSON.stringify(e.value);
      case 'undefined':
        return 'None';
      case 'index':
        return `${this.expr(e.array, POSTFIX)}[${this.expr(e.index)}]`;
      case 'member':
        if (this.isRecord(e.object)) return `${this.expr(e.object, POSTFIX)}.${e.name}`;
        if (e.name === 'length' && !e.optional) return `len(${this.expr(e.object)})`;
        throw new Untranslatable(`reads ${e.object.kind === 'ref' ? e.object.name : '…'}.${e.name}`);
      case 'call':
        return this.call(e);
      case 'new':
        if (e.arg.kind === 'data') throw new Untranslatable('allocates an array from values');
        return `np.zeros(${this.expr(e.arg)}${e.array === 'Float64Array' ? '' : `, dtype=np.${DTYPE[e.array]}`})`;
      case 'object':
        throw new Untranslatable('builds an object');
      case 'binary': {
        if (e.op === '??') throw new Untranslatable('reads a possibly missing value (??)');
        // Two arrays compared are compared as objects (NumPy's == compares entries).
        if ((e.op === '===' || e.op === '!==') && this.isArray(e.left) && this.isArray(e.right))
          return wrap(`${this.expr(e.left, 6)} ${e.op === '===' ? 'is' : 'is not'} ${this.expr(e.right, 6)}`, 5);
        const p = PRECEDENCE[e.op];
        const op = e.op in OPERATOR ? OPERATOR[e.op as keyof typeof OPERATOR] : e.op;
        // Comparisons chain in Python (a < b < c): a comparison operand binds tighter.
        const left = p === 5 ? p + 1 : p;
        return wrap(`${this.expr(e.left, left)} ${op} ${this.expr(e.right, p + 1)}`, p);
      }
      case 'unary':
        if (e.op === 'typeof') throw new Untranslatable('asks a type (typeof)');
        if (e.op === '!') return wrap(`not ${e.arg.kind === 'ref' && this.optional.has(e.arg.name) ? `(${this.test(e.arg)})` : this.expr(e.arg, NOT)}`, NOT);
        return wrap(`-${this.expr(e.arg, NEGATE)}`, NEGATE);
      case 'cond':
        // A conditional inside the test or the value taken when true is parenthesized.
        return wrap(`${this.expr(e.then, 2)} if ${this.test(e.test, 2)} else ${this.expr(e.else, 1)}`, 1);
      case 'math': {
        // max and min of one value are that value; of more, nested pairs: max(a, b, c) is max(a, max(b, c)).
        if (e.args.length === 1 && (e.fn === 'max' || e.fn === 'min')) return this.expr(e.args[0]!, min);
        const args = e.args.map((a) => this.expr(a));
        return args.length === 1 ? `${MATH_FN[e.fn]}(${args[0]})` : args.reduceRight((acc, a) => `${MATH_FN[e.fn]}(${a}, ${acc})`);
      }
      case 'float-constant':
        return FLOAT_CONSTANTS[e.name];
      case 'data':
        return literal(e.value);
      case 'kernel':
        return wrap(printJs(e.expr, e.scope, e.self, DIALECT).code, 0);
      default:
        return unreachable(e);
    }
  }

  private call(e: JsExpr & { kind: 'call' }): string {
    const args = e.args.map((a) => this.expr(a));
    const c = e.callee;
    if (c.kind === 'member' && c.object.kind === 'ref') {
      if (c.name === 'push' && this.top.get(c.object.name) === undefined) return `${this.expr(c.object, POSTFIX)}.append(${args.join(', ')})`;
      throw new Untranslatable(`calls ${c.object.name}.${c.name}`);
    }
    if (c.kind !== 'ref') throw new Untranslatable('calls a computed function');
    if (c.name === 'String') return `str(${args[0]})`;
    const d = this.top.get(c.name);
    if (d?.kind !== 'function') throw new Untranslatable(`calls ${c.name}`);
    return `${this.topName(c.name)}(${args.join(', ')})`;
  }

  private block(b: readonly Stmt[], indent: string): string[] {
    const lines = b.flatMap((s) => this.stmt(s, indent));
    return lines.some((l) => !l.trimStart().startsWith('#')) ? lines : [...lines, `${indent}pass`];
  }

  stmt(s: Stmt, indent: string): string[] {
    switch (s.kind) {
      case 'const':
      case 'let':
        return [`${indent}${s.name.replace(/\$/g, '_')} = ${this.expr(s.init)}`];
      case 'assign':
        return [`${indent}${s.targets.map((t) => `${this.expr(t, POSTFIX)} ${s.op} `).join('')}${this.expr(s.value)}`];
      case 'for': {
        // Going down, `to` is included: range(from, to - 1, -1).
        const below: JsExpr =
          s.to.kind === 'num' ? { kind: 'num', value: s.to.value - 1 } : { kind: 'binary', op: '-', left: s.to, right: { kind: 'num', value: 1 } };
        const range = s.down ? `${this.expr(s.from)}, ${this.expr(below)}, -1` : `${this.expr(s.from)}, ${this.expr(s.to)}`;
        return [`${indent}for ${s.index} in range(${range}):`, ...this.block(s.body, indent + INDENT)];
      }
      case 'for-of':
        return [`${indent}for ${s.name} in ${this.expr(s.of)}:`, ...this.block(s.body, indent + INDENT)];
      case 'if': {
        const lines = [`${indent}if ${this.test(s.test)}:`, ...this.block(s.then, indent + INDENT)];
        let rest = s.else;
        while (rest) {
          const only = rest.length === 1 ? rest[0]! : undefined;
          if (only?.kind === 'if') {
            lines.push(`${indent}elif ${this.test(only.test)}:`, ...this.block(only.then, indent + INDENT));
            rest = only.else;
          } else {
            lines.push(`${indent}else:`, ...this.block(rest, indent + INDENT));
            rest = undefined;
          }
        }
        return lines;
      }
      case 'call': {
        const c = s.call.callee;
        // y.fill(v): every entry.
        if (c.kind === 'member' && c.name === 'fill' && s.call.args.length === 1)
          return [`${indent}${this.expr(c.object, POSTFIX)}[:] = ${this.expr(s.call.args[0]!)}`];
        // x.set(y): a copy into the whole of x.
        if (c.kind === 'member' && c.name === 'set' && s.call.args.length === 1)
          return [`${indent}${this.expr(c.object, POSTFIX)}[:] = ${this.expr(s.call.args[0]!)}`];
        // y.fill(v, from, to): a slice.
        if (c.kind === 'member' && c.name === 'fill' && s.call.args.length === 3) {
          const [v, from, to] = s.call.args.map((a) => this.expr(a));
          return [`${indent}${this.expr(c.object, POSTFIX)}[${from}:${to}] = ${v}`];
        }
        return [`${indent}${this.expr(s.call)}`];
      }
      case 'return':
        return [s.value ? `${indent}return ${this.expr(s.value)}` : `${indent}return`];
      case 'continue':
        return [`${indent}continue`];
      case 'comment':
        return comment(s.text, indent);
      case 'kernel-block':
        throw new Error('internal: a kernel block reached the Python printer (run the cse pass of lower.ts first)');
      default:
        return unreachable(s);
    }
  }

  decl(d: Decl): string[] {
    const doc = (text: string | undefined): string[] => (text ? comment(text, '') : []);
    switch (d.kind) {
      case 'comment':
        return comment(d.text, '');
      case 'buffer':
        return [...doc(d.doc), `${this.topName(d.name)} = ${this.expr({ kind: 'new', array: d.array, arg: { kind: 'num', value: d.length } })}`];
      case 'const': {
        const v = d.value;
        const record = typeof d.type === 'object' && d.type.kind === 'alias' ? this.top.get(d.type.name) : undefined;
        if (record?.kind === 'record' && v.kind === 'object')
          return [...doc(d.doc), `${this.topName(d.name)} = ${record.name}(${v.entries.map(([k, x]) => `${k}=${this.expr(x)}`).join(', ')})`];
        const value = v.kind === 'new' && v.arg.kind === 'data' ? `np.array(${literal(v.arg.value)}, dtype=np.${DTYPE[v.array]})` : this.expr(v);
        // Exported lists: numbers as an array (the defaults, to copy and change), names as a tuple.
        const list = v.kind === 'data' && Array.isArray(v.value) ? (v.value as readonly Data[]) : undefined;
        const exported = list?.every((x) => typeof x === 'number') ? `np.array(${value})` : list ? `(${list.map(literal).join(', ')},)` : value;
        return [...doc(d.doc), `${this.topName(d.name)} = ${d.exported ? exported : value}`];
      }
      case 'let':
        return [...doc(d.doc), `${this.topName(d.name)} = ${this.expr(d.value)}`];
      case 'type':
        // A union of strings needs no declaration in Python: its values are the strings.
        if (typeof d.type !== 'string' && d.type.kind === 'literal-union')
          return [...doc(d.doc), `# ${d.name}: one of ${d.type.values.map((v) => JSON.stringify(v)).join(', ')}.`];
        throw new Untranslatable(`declares the type ${d.name}`);
      case 'record':
        return [
          ...doc(d.doc),
          '@dataclass',
          `class ${d.name}:`,
          ...d.fields.flatMap((f) => [...(f.doc ? comment(f.doc, INDENT) : []), `${INDENT}${f.name}: ${pythonType(f.type, this.top)}`]),
        ];
      case 'function':
        return this.fn(d);
      default:
        return unreachable(d);
    }
  }

  private fn(d: Decl & { kind: 'function' }): string[] {
    this.optional = new Set(d.params.filter((p) => p.optional || p.default).map((p) => p.name));
    this.vars = new Map(d.params.map((p) => [p.name, p.type]));
    // Python gives defaults to trailing arguments only.
    const firstOptional = d.params.findIndex((p) => this.optional.has(p.name));
    if (firstOptional >= 0 && d.params.slice(firstOptional).some((p) => !this.optional.has(p.name)))
      throw new Untranslatable(`takes an optional argument before a required one (${d.name})`);
    const param = (p: Param): string => `${p.name.replace(/\$/g, '_')}${p.optional || p.default ? '=None' : ''}`;
    // An output not given is allocated (the TypeScript default `out = new Float64Array(k)`).
    const allocations = d.params.flatMap((p) => (p.default ? [`${INDENT}if ${p.name} is None:`, `${INDENT}${INDENT}${p.name} = ${this.expr(p.default)}`] : []));
    // Module-level values the body rebinds.
    const rebound = new Set<string>();
    const scan = (b: readonly Stmt[]): void => {
      for (const s of b) {
        if (s.kind === 'assign') for (const t of s.targets) if (t.kind === 'ref' && this.topName(t.name)) rebound.add(this.topName(t.name)!);
        if (s.kind === 'for' || s.kind === 'for-of') scan(s.body);
        if (s.kind === 'if') scan(s.then), scan(s.else ?? []);
      }
    };
    scan(d.body);
    const lines = [
      ...(d.doc ? comment(d.doc, '') : []),
      `def ${this.topName(d.name)}(${d.params.map(param).join(', ')}):`,
      ...(rebound.size ? [`${INDENT}global ${[...rebound].join(', ')}`] : []),
      ...allocations,
      ...this.block(d.body, INDENT),
    ];
    this.optional = new Set();
    return lines;
  }
}

export interface PythonModule {
  readonly fileName: string;
  readonly text: string;
  readonly available: readonly string[];
  readonly signatures: TargetModule['signatures'];
  readonly missing: TargetModule['missing'];
}

/** The model's module in Python: `<model_name>.py`. */
export function generatePython(sys: DerivedSystem, sourceFile: string): PythonModule {
  const t = buildTarget(sys, {
    reserved: RESERVED,
    nameOf: (name, exported) => nameOf(name, exported),
    checkForm: 'list',
    printDecl: (d, top) => new PythonPrinter(top).decl(d),
  });
  const exportedName = (name: string): string => nameOf(name, true, (DATA_NAMES as readonly string[]).includes(name));
  const header = targetHeader(sys, sourceFile, 'Python', t, exportedName).flatMap((l) => comment(l, ''));
  const n = sys.model.coordinates.length;
  const records = t.printed.some(({ decl }) => decl.kind === 'record');
  const lines = [
    ...header,
    ...(records ? ['from dataclasses import dataclass', ''] : []),
    'import numpy as np',
    '',
    comment('Sizes: coordinates, parameters.', '')[0]!,
    `N = ${n}`,
    `N_PARAMS = ${sys.model.parameters.length}`,
    ...(sys.unilateral ? [`N_GAPS = ${sys.unilateral.contacts.length}`] : []),
    comment("The contract's functions this module does not give yet.", '')[0]!,
    `NOT_AVAILABLE = (${t.missing.map((m) => `${JSON.stringify(exportedName(m.name))}, `).join('')})`,
    ...t.printed.flatMap(({ decl, lines: l }) => [...(decl.kind === 'function' ? ['', ''] : ['']), ...l]),
  ];
  return {
    fileName: `${pythonModuleName(sys.model.name)}.py`,
    text: `${lines.join('\n')}\n`,
    available: t.available,
    signatures: t.signatures,
    missing: t.missing,
  };
}
