// Operation counts of the n-link pendulum's M + forcing block (the goal:
// never above SymPy's cse on the expressions our CSE gets, and above it on
// the derived ones only by the angle sums that save trigonometric calls),
// ours against SymPy's cse, both counted by one rule.
//
// The rule is the one behind the bench's `ops` (printJs in
// src/codegen/js-expr.ts), applied to each assignment of a straight-line
// program, a temporary or a symbol being free: every binary + − × ÷ as
// printed, a negation, a product by a rational coefficient, an integer
// power |k| ≤ 4 as its |k| − 1 products (a negative one as a division), any
// other power and every call of sin, cos, sqrt, … one each.
//
// Ours is codegen's own program (the dynamics$ block and its chunks after
// CSE); SymPy gets the expressions that block computes, twice: as the
// DerivedSystem holds them (`derived`: M's upper triangle and the forcing,
// the input of our codegen) and as our codegen hands them to its CSE
// (`prepared`: quotients cancelled, common factors out, angle sums
// expanded). bench/peers/sympy_cse.py runs sympy.cse on them without and
// with optimizations='basic'; its output is parsed back into our kernel and
// counted here, and checked to compute the same values as ours.
// Tests: test/bench/ops.test.ts.
import { mapChildren, memoPass } from '../src/core/traverse.js';
import { evaluate, type Env } from '../src/core/evaluate.js';
import { parseExpr } from '../src/core/parse.js';
import { toText } from '../src/core/print.js';
import { children, freeSymbols, sym, type Expr } from '../src/core/expr.js';
import { buildModuleIR } from '../src/codegen/module.js';
import { printJs } from '../src/codegen/js-expr.js';
import type { JsExpr, ModuleIR } from '../src/codegen/ir.js';
import { buildModel } from '../src/model/index.js';
import { deriveSystem } from '../src/derive/system.js';
import { nLinkPendulum } from '../derivations/n-link-pendulum.js';
import { sympyCse, sympyPendulum } from './peers.js';

/** One statement of a straight-line program: a temporary, or an output (`name` undefined). */
export interface Assignment {
  readonly name?: string;
  readonly expr: Expr;
}

/** Our dynamics block and the expressions it computes, over the generated code's local names. */
export interface DynamicsBlock {
  /** Codegen's program after CSE: temporaries and outputs (M's upper triangle, then the forcing). */
  readonly ours: readonly Assignment[];
  /** The outputs as full expressions, as codegen hands them to CSE. */
  readonly prepared: readonly Expr[];
  /** The same outputs as the DerivedSystem holds them. */
  readonly derived: readonly Expr[];
  /** The module's own count (GeneratedSource.dynamicsOps). */
  readonly dynamicsOps: number;
}

/** Operations of a straight-line program by the rule above. */
export function countOps(program: readonly Assignment[]): number {
  const nameOf = (u: Expr): string | undefined => (u.kind === 'sym' ? u.name : undefined);
  return program.reduce((s, a) => s + printJs(a.expr, nameOf).ops, 0);
}

/** Calls of sin, cos, … in a straight-line program (a part of its operations; the pendulum has no other power than squares). */
export function countCalls(program: readonly Assignment[]): number {
  const calls = memoPass<number>((u, go) => (u.kind === 'fn' ? 1 : 0) + children(u).reduce((s, c) => s + go(c), 0));
  return program.reduce((s, a) => s + calls(a.expr), 0);
}

/** e with every node that has a name replaced by the symbol of that name. */
function named(e: Expr, nameOf: (u: Expr) => string | undefined, self?: Expr): Expr {
  return memoPass<Expr>((u, go) => {
    const name = u === self ? undefined : nameOf(u);
    return name === undefined ? mapChildren(u, go) : sym(name);
  })(e);
}

/** The kernel statements of function `name` and its chunks `${name}0`, `${name}1`, … in order. */
function kernelStatements(ir: ModuleIR, name: string): { name?: string; value: JsExpr & { kind: 'kernel' } }[] {
  const out: { name?: string; value: JsExpr & { kind: 'kernel' } }[] = [];
  for (const d of ir.decls) {
    if (d.kind !== 'function' || !(d.name === name || (d.name.startsWith(name) && /^\d+$/.test(d.name.slice(name.length))))) continue;
    for (const s of d.body) {
      if (s.kind === 'const' && s.init.kind === 'kernel') out.push({ name: s.name, value: s.init });
      else if (s.kind === 'assign' && s.value.kind === 'kernel') out.push({ value: s.value });
    }
  }
  return out;
}

/** The n-link pendulum's dynamics block, as the bench's pendulum line measures it. */
export function pendulumDynamics(n: number): DynamicsBlock {
  const sys = deriveSystem(buildModel(nLinkPendulum(n)));
  const { ir, dynamicsOps } = buildModuleIR(sys, 'derivations/n-link-pendulum.ts');
  const statements = kernelStatements(ir, 'dynamics$');
  const scope = statements[0]!.value.scope;
  const symbolName = (u: Expr): string | undefined => (u.kind === 'sym' ? scope(u) : undefined);
  const outputs = statements.filter((s) => s.name === undefined);
  const { massMatrix, forcing } = sys.lagrange2;
  const derived = [...massMatrix.flatMap((row, r) => row.slice(r)), ...forcing];
  if (derived.length !== outputs.length) throw new Error(`internal: dynamics$ has ${outputs.length} outputs, M and the forcing ${derived.length}`);
  return {
    ours: statements.map((s) => ({ ...(s.name === undefined ? {} : { name: s.name }), expr: named(s.value.expr, s.value.scope, s.value.self) })),
    prepared: outputs.map((s) => named(s.value.expr, symbolName)),
    derived: derived.map((e) => named(e, symbolName)),
    dynamicsOps,
  };
}

/** e in Python syntax, which sympy's parse_expr reads. */
export const pythonText = (e: Expr): string => toText(e).replaceAll('^', '**');

/** SymPy's str() output in our syntax, as a kernel expression. */
export const fromPython = (text: string): Expr => parseExpr(text.replaceAll('**', '^'));

/** One sympy.cse result (a line of bench/peers/sympy_cse.py) as a program: its replacements, then its reduced expressions. */
export function cseProgram(result: { replacements: readonly (readonly [string, string])[]; reduced: readonly string[] }): Assignment[] {
  return [...result.replacements.map(([name, text]) => ({ name, expr: fromPython(text) })), ...result.reduced.map((text) => ({ expr: fromPython(text) }))];
}

/** The outputs of a program evaluated at env, its temporaries bound in order. */
export function runProgram(program: readonly Assignment[], env: Env): number[] {
  const vars: Record<string, number> = { ...env };
  const out: number[] = [];
  for (const a of program) {
    const v = evaluate(a.expr, vars);
    if (a.name === undefined) out.push(v);
    else vars[a.name] = v;
  }
  return out;
}

/** What sympy.cse made of one input in one mode, counted by the rule above. */
export interface CseFigures {
  /** The expressions SymPy was given (see the header). */
  readonly input: 'derived' | 'prepared';
  /** sympy.cse's optimizations: none (its default) or 'basic'. */
  readonly mode: 'none' | 'basic';
  readonly ops: number;
  readonly calls: number;
  /** Temporaries sympy.cse introduced. */
  readonly temporaries: number;
  readonly ms: number;
  /** Largest difference between its outputs and ours at a generic point, relative to max(1, |ours|). */
  readonly deviation: number;
  readonly version: string;
}

/** A generic point for every free symbol of the block (masses and lengths unequal, so no coincidence hides a wrong term). */
export function genericPoint(exprs: readonly Expr[]): Record<string, number> {
  const names = [...new Set(exprs.flatMap((e) => [...freeSymbols(e)]))].sort();
  return Object.fromEntries(names.map((name, k) => [name, 0.3 + ((k * 7) % 13) / 10]));
}

/** sympy.cse on the block's derived and prepared outputs, each checked against ours; none when SymPy is missing. */
export function sympyCseFigures(block: DynamicsBlock): CseFigures[] {
  const env = genericPoint(block.derived);
  const ours = runProgram(block.ours, env);
  const inputs = { derived: block.derived.map(pythonText), prepared: block.prepared.map(pythonText) };
  return sympyCse(Object.keys(env), inputs).map((line): CseFigures => {
    const result = line as unknown as SympyCseLine;
    const program = cseProgram(result);
    const deviation = Math.max(...runProgram(program, env).map((v, i) => Math.abs(v - ours[i]!) / Math.max(1, Math.abs(ours[i]!))));
    // Every figure below is of a program computing our M and forcing: one that does not was misread.
    if (!(deviation < 1e-9)) throw new Error(`bench/ops.ts: sympy.cse's ${result.input}/${result.mode} program differs from ours by ${deviation}`);
    return {
      input: result.input,
      mode: result.mode,
      ops: countOps(program),
      calls: countCalls(program),
      temporaries: result.replacements.length,
      ms: result.ms,
      deviation,
      version: result.version,
    };
  });
}

/** A line of bench/peers/sympy_cse.py. */
interface SympyCseLine {
  readonly input: 'derived' | 'prepared';
  readonly mode: 'none' | 'basic';
  readonly ms: number;
  readonly replacements: readonly (readonly [string, string])[];
  readonly reduced: readonly string[];
  readonly version: string;
}

/**
 * The operation counts the SymPy peer's pendulum line carries, for size n:
 * `ops`, `opsBasic` (sympy.cse on the DerivedSystem's M and forcing, without
 * and with optimizations='basic'), `opsPrepared`, `opsPreparedBasic` (on the
 * expressions our CSE gets), `cseMs` (the first of these runs) and SymPy's
 * `version`; none when SymPy is missing.
 */
export function sympyOpsFields(n: number): Record<string, number | string> {
  const figures = sympyCseFigures(pendulumDynamics(n));
  const field = { derived: 'ops', prepared: 'opsPrepared' } as const;
  const fields: Record<string, number | string> = {};
  for (const f of figures) fields[`${field[f.input]}${f.mode === 'basic' ? 'Basic' : ''}`] = f.ops;
  const first = figures.find((f) => f.input === 'derived' && f.mode === 'none');
  if (first) Object.assign(fields, { cseMs: first.ms, version: first.version });
  return fields;
}

/**
 * The SymPy peer's pendulum lines: its derivation (bench/peers.ts) for
 * `deriveSizes`, with the operation counts above for `opsSizes`; a size
 * with counts only gives a line of its own (`n` and the counts). A size
 * whose counts fail is reported on stderr and the bench goes on.
 */
export function sympyPendulumLines(deriveSizes: readonly number[], opsSizes: readonly number[]): Record<string, unknown>[] {
  const lines = sympyPendulum(deriveSizes);
  for (const n of opsSizes) {
    let fields: Record<string, number | string>;
    try {
      fields = sympyOpsFields(n);
    } catch (err) {
      process.stderr.write(`bench: SymPy's operation counts at n = ${n}: ${(err as Error).message}\n`);
      continue;
    }
    if (Object.keys(fields).length === 0) continue;
    const line = lines.find((l) => l.n === n);
    if (line) Object.assign(line, fields);
    else lines.push({ bench: 'pendulum', peer: 'sympy', n, ...fields });
  }
  return lines;
}
