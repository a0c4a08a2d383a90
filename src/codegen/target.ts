// The IR of a model's module for a language other than TypeScript (C,
// Python): the same declarations the TypeScript module has (module.ts), the
// parameters taken as an array in the order of model.parameters, lowered
// the same way; and which exported functions the language's printer can
// give. The dense solvers (IR, src/codegen/solvers/) come with it; a
// function is available when its printer translates every construct it and
// what it calls hold; the module lists the others with the reason.
// Tests: test/codegen/target-c.test.ts, test/codegen/target-python.test.ts.
import { unreachable } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { defaultRoute } from './dynamics.js';
import { defaultJacobianRoute } from './jacobian.js';
import type { Decl, JsExpr, Stmt, TsType } from './ir.js';
import { lowerKernels } from './lower.js';
import { modelDecls, solverDecls, TOP_LEVEL, TOOLKIT } from './module.js';
import { checkParamArrayDecls } from './params.js';
import { declaredNames, makeScope } from './scope.js';

/** The languages `derive --target` writes. */
export const TARGETS = ['ts', 'c', 'python'] as const;
export type Target = (typeof TARGETS)[number];

/** A construct a printer has no translation for: the function holding it is not available in that language. */
export class Untranslatable extends Error {}

/** What building a module needs to know of a language's printer. */
export interface TargetPrinter {
  /** Keywords, and names of the language's library the code calls: no local may take one. */
  readonly reserved: readonly string[];
  /** The language's name for a top-level name of the IR. */
  readonly nameOf: (name: string, exported: boolean) => string;
  /** How checkParams reports (params.ts). */
  readonly checkForm: 'messages' | 'list';
  /** One declaration's lines; throws Untranslatable. */
  readonly printDecl: (d: Decl, top: ReadonlyMap<string, Decl>) => string[];
}

export interface TargetModule {
  /** The declarations the available functions need, in the order of the IR, printed. */
  readonly printed: readonly { readonly decl: Decl; readonly lines: readonly string[] }[];
  /** Every top-level declaration by name (a printer looks up what a call calls). */
  readonly top: ReadonlyMap<string, Decl>;
  /** The exported declarations given, by their IR names. */
  readonly available: readonly string[];
  /** The arguments of each exported function given, by IR name (a driver calls them by these). */
  readonly signatures: ReadonlyMap<string, readonly string[]>;
  /** The contract's functions this language does not give yet, and why. */
  readonly missing: readonly { readonly name: string; readonly why: string }[];
}

/** massMatrix → mass_matrix. */
export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The exported data (not functions): the parameters' names and defaults, the contacts' names. */
export const DATA_NAMES = ['parameters', 'defaults', 'contacts'] as const;

/**
 * The module's data a program needs beside its functions: the parameters'
 * names and defaults (the order of the parameter array), and the contacts'
 * names (the order of gaps, impulses and every per-contact array), as the
 * TypeScript module's model.parameters and model.unilateral give them.
 */
function dataDecls(sys: DerivedSystem): Decl[] {
  const params = sys.model.parameters;
  const contacts = sys.model.unilateral;
  const data = (name: string, doc: string, value: readonly (number | string)[]): Decl => ({
    kind: 'const',
    name,
    exported: true,
    doc,
    value: { kind: 'data', value },
  });
  return [
    ...(params.length
      ? [
          data(
            'parameters',
            'Names of the parameters, in the order of the parameter array p.',
            params.map((p) => p.name),
          ),
          data(
            'defaults',
            "The parameters' default values, in the order of p.",
            params.map((p) => p.default),
          ),
        ]
      : []),
    ...(contacts.length
      ? [
          data(
            'contacts',
            'Names of the unilateral contacts, in the order of gaps, impulses and every per-contact array.',
            contacts.map((u) => u.name),
          ),
        ]
      : []),
  ];
}

/** Top-level names an expression or statement reads or calls. */
function refsOf(e: JsExpr, out: Set<string>): void {
  switch (e.kind) {
    case 'ref':
      out.add(e.name);
      return;
    case 'num':
    case 'str':
    case 'undefined':
    case 'data':
    case 'kernel':
    case 'float-constant':
      return;
    case 'index':
      refsOf(e.array, out);
      refsOf(e.index, out);
      return;
    case 'member':
      refsOf(e.object, out);
      return;
    case 'call':
      refsOf(e.callee, out);
      for (const a of e.args) refsOf(a, out);
      return;
    case 'math':
      for (const a of e.args) refsOf(a, out);
      return;
    case 'new':
      refsOf(e.arg, out);
      return;
    case 'object':
      for (const [, v] of e.entries) refsOf(v, out);
      return;
    case 'binary':
      refsOf(e.left, out);
      refsOf(e.right, out);
      return;
    case 'unary':
      refsOf(e.arg, out);
      return;
    case 'cond':
      refsOf(e.test, out);
      refsOf(e.then, out);
      refsOf(e.else, out);
      return;
    default:
      unreachable(e);
  }
}

function stmtRefs(body: readonly Stmt[], out: Set<string>): void {
  for (const s of body) {
    switch (s.kind) {
      case 'const':
      case 'let':
        refsOf(s.init, out);
        break;
      case 'assign':
        for (const t of s.targets) refsOf(t, out);
        refsOf(s.value, out);
        break;
      case 'for':
        refsOf(s.from, out);
        refsOf(s.to, out);
        stmtRefs(s.body, out);
        break;
      case 'for-of':
        refsOf(s.of, out);
        stmtRefs(s.body, out);
        break;
      case 'if':
        refsOf(s.test, out);
        stmtRefs(s.then, out);
        stmtRefs(s.else ?? [], out);
        break;
      case 'call':
        refsOf(s.call, out);
        break;
      case 'return':
        if (s.value) refsOf(s.value, out);
        break;
      case 'comment':
      case 'continue':
        break;
      case 'kernel-block':
        for (const input of s.inputs.values()) refsOf(input.read, out);
        for (const o of s.outputs) if ('targets' in o) for (const t of o.targets) refsOf(t, out);
        break;
      default:
        unreachable(s);
    }
  }
}

/** The named types (records, unions) a type refers to. */
function typeRefs(t: TsType | undefined, out: Set<string>): void {
  if (t === undefined || typeof t === 'string') return;
  if (t.kind === 'alias') out.add(t.name);
  else if (t.kind === 'array') typeRefs(t.of, out);
  else if (t.kind === 'object') for (const f of t.fields) typeRefs(f.type, out);
}

function declRefs(d: Decl): Set<string> {
  const out = new Set<string>();
  if (d.kind === 'function') {
    stmtRefs(d.body, out);
    for (const p of d.params) {
      if (p.default) refsOf(p.default, out);
      typeRefs(p.type, out);
    }
    typeRefs(d.returns, out);
  } else if (d.kind === 'const' || d.kind === 'let') {
    refsOf(d.value, out);
    typeRefs(d.type, out);
  } else if (d.kind === 'record') for (const f of d.fields) typeRefs(f.type, out);
  else if (d.kind === 'type') typeRefs(d.type, out);
  return out;
}

const topName = (d: Decl): string | undefined => (d.kind === 'comment' ? undefined : d.name);

/** The names of the top-level declarations `name` needs, itself included. */
function closure(name: string, top: ReadonlyMap<string, Decl>): Set<string> {
  const names = new Set<string>();
  const stack = [name];
  while (stack.length) {
    const next = stack.pop()!;
    if (names.has(next)) continue;
    const d = top.get(next);
    if (!d) continue;
    names.add(next);
    for (const r of declRefs(d)) stack.push(r);
  }
  return names;
}

/** The named types an exported function takes or returns, exported with it (C declares them in the header). */
function withSignatureTypes(decls: readonly Decl[]): Decl[] {
  const named = new Set<string>();
  for (const d of decls) {
    if (d.kind !== 'function' || !d.exported) continue;
    for (const p of d.params) typeRefs(p.type, named);
    typeRefs(d.returns, named);
  }
  return decls.map((d) => ((d.kind === 'type' || d.kind === 'record') && named.has(d.name) ? { ...d, exported: true } : d));
}

const byName = (decls: readonly Decl[]): Map<string, Decl> => new Map(decls.flatMap((d) => (topName(d) === undefined ? [] : [[topName(d)!, d] as const])));

/**
 * The module of `sys` for one language: the contract's exported functions
 * it can give, their declarations printed, and the rest with the reason.
 */
export function buildTarget(sys: DerivedSystem, printer: TargetPrinter): TargetModule {
  const route = defaultRoute(sys);
  const jacobian = defaultJacobianRoute(sys);
  const build = (taken: readonly string[]): Decl[] => {
    const scope = makeScope(sys, taken, 'array');
    return [...dataDecls(sys), ...modelDecls(scope, route, jacobian, checkParamArrayDecls(scope, printer.checkForm)), ...solverDecls(sys)];
  };
  // Locals keep off every name the module declares, in the IR and as the language spells it.
  const base = [...TOP_LEVEL, ...TOP_LEVEL.map((n) => printer.nameOf(n, true)), ...printer.reserved];
  const own = [...declaredNames(build(base))];
  const decls = build([...base, ...own, ...own.map((n) => printer.nameOf(n, false)), ...own.map((n) => printer.nameOf(n, true))]);
  const exported = decls.filter((d) => (d.kind === 'function' || d.kind === 'const') && d.exported).map((d) => topName(d)!);
  const missing: { name: string; why: string }[] = [];
  // Only what the exports reach is lowered.
  const unlowered = byName(decls);
  const wanted = new Set(exported.flatMap((name) => [...closure(name, unlowered)]));
  // No chunks: the limit on a function's size is V8's, not a C compiler's or CPython's.
  const lowered = withSignatureTypes(lowerKernels({ header: [], decls: decls.filter((d) => wanted.has(topName(d) ?? '')) }, { chunkOps: Infinity }).decls);
  const top = byName(lowered);
  const lines = new Map<Decl, string[] | Untranslatable>();
  const print = (d: Decl): string[] | Untranslatable => {
    let l = lines.get(d);
    if (!l) {
      try {
        l = printer.printDecl(d, top);
      } catch (err) {
        if (!(err instanceof Untranslatable)) throw err;
        l = err;
      }
      lines.set(d, l);
    }
    return l;
  };
  const available: string[] = [];
  const needed = new Set<string>();
  for (const name of exported) {
    const names = closure(name, top);
    const failed = [...names].map((n) => print(top.get(n)!)).find((l): l is Untranslatable => l instanceof Untranslatable);
    if (failed) missing.push({ name, why: failed.message });
    else {
      available.push(name);
      for (const n of names) needed.add(n);
    }
  }
  // Named types first: C and Python declare a type before its use.
  const isType = (d: Decl): boolean => d.kind === 'record' || d.kind === 'type';
  const printed = [...lowered.filter(isType), ...lowered.filter((d) => !isType(d))]
    .filter((d) => needed.has(topName(d) ?? ''))
    .map((decl) => ({ decl, lines: print(decl) as string[] }));
  const order = new Map(exported.map((n, i) => [n, i]));
  missing.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  const signatures = new Map(
    available.flatMap((name) => {
      const d = top.get(name)!;
      return d.kind === 'function' ? [[name, d.params.map((p) => p.name)] as const] : [];
    }),
  );
  return { printed, top, available, signatures, missing };
}

/** The header's lines: what the module is, its layout, and what it does not give yet. */
export function targetHeader(sys: DerivedSystem, sourceFile: string, language: string, t: TargetModule, nameOf: (name: string) => string): string[] {
  const { model } = sys;
  const n = model.coordinates.length;
  const m = sys.unilateral?.contacts.length ?? 0;
  return [
    `${model.title} — generated by ${TOOLKIT} from ${sourceFile} (${language}). Do not edit.`,
    '',
    'Method: Lagrange equations of the second kind, M(q,t)·q̈ = forcing(q,q̇,t).',
    '',
    'Layout:',
    `  q  = [${model.coordinates.map((c) => c.name).join(', ')}]`,
    `  qd = [${model.coordinates.map((c) => c.qd.name).join(', ')}]`,
    `  x  = [...q, ...qd]    state of rhs(t, x, p): [...qd, ...q̈] (${2 * n})`,
    `  p  = [${model.parameters.map((p) => p.name).join(', ')}]    every value given (defaults: ${nameOf('defaults')})`,
    `  massMatrix: row-major ${n}×${n}; forcing, accelerations, momenta: length ${n}`,
    ...(m ? [`  gaps, gapRates, restitution: length ${m} [${model.unilateral.map((u) => u.name).join(', ')}]; gapJacobian: row-major ${m}×${n}`] : []),
    '',
    `Given: ${t.available.map(nameOf).join(', ')}.`,
    ...(t.missing.length ? [`Not yet given in ${language} (the TypeScript module has them):`, ...t.missing.map((x) => `  ${nameOf(x.name)}: ${x.why}`)] : []),
  ];
}
