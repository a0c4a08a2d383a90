// What every part of a generated module shares: the local names of the
// model's symbols, where a kernel block reads them from, and the parameter
// lists of the generated functions.
// Tests: test/codegen/module.test.ts (names that collide with generated code).
import { isZero, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { accelerationSymbol, multiplierSymbol, TIME } from '../model/names.js';
import { bin, float, idx, member, newArray, ref, type Decl, type KernelInput, type KernelInputs, type KernelOutput, type Param, type Stmt } from './ir.js';

const JS_RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval undefined NaN Infinity Math Float64Array ArrayLike Params Readonly Record number'
  ).split(' '),
);
/** Arguments of the generated functions that hold kernel blocks: user symbols may not shadow them. */
const GENERATED = new Set(['t', 'q', 'qd', 'x', 'z', 'pm', 'p', 'out', 'off', 'k', 'active', 'opts', 'model']);

/** Local names for every input symbol, unique and never shadowing an argument, a global or a generated name. */
function localNames(sys: DerivedSystem, taken: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  const claim = (symbol: string, preferred: string): void => {
    let name = preferred;
    while (JS_RESERVED.has(name) || GENERATED.has(name) || taken.has(name)) name += '_';
    taken.add(name);
    out.set(symbol, name);
  };
  const { model } = sys;
  for (const c of model.coordinates) claim(c.name, c.name);
  for (const p of model.parameters) claim(p.name, p.name);
  for (const c of model.coordinates) claim(c.qd.name, `${c.name}_d`);
  for (const c of model.coordinates) claim(accelerationSymbol(c.q).name, `${c.name}_dd`);
  (sys.constraints?.A ?? []).forEach((_, k) => claim(multiplierSymbol(k + 1).name, `lambda_${k + 1}`));
  return out;
}

/**
 * The names a model symbol's local may not take: the module's top-level
 * names, and every name a generated function declares in a scope enclosing
 * one of its kernel blocks (its parameters, the locals of that block and
 * the blocks around it, loop indices: energy$'s `e`, compliant$'s `mm` and
 * `ff`), where the local would be declared twice or hide it. Names declared
 * only in scopes without a kernel block cannot meet a symbol's local.
 * Kernel blocks' own locals are not statements yet, so these are the
 * printer's names only.
 */
export function declaredNames(decls: readonly Decl[]): Set<string> {
  const out = new Set<string>();
  for (const d of decls) {
    if (d.kind === 'comment') continue;
    out.add(d.name);
    if (d.kind === 'function')
      aroundKernels(
        d.body,
        d.params.map((p) => p.name),
        out,
      );
  }
  return out;
}

/** Adds to `out` the names visible in `body`'s kernel blocks: `enclosing` and those declared in the blocks around each. */
function aroundKernels(body: readonly Stmt[], enclosing: readonly string[], out: Set<string>): void {
  const visible = [...enclosing];
  for (const s of body) if (s.kind === 'const' || s.kind === 'let') visible.push(s.name);
  for (const s of body) {
    if (s.kind === 'kernel-block') for (const name of visible) out.add(name);
    else if (s.kind === 'for') aroundKernels(s.body, [...visible, s.index], out);
    else if (s.kind === 'for-of') aroundKernels(s.body, [...visible, s.name], out);
    else if (s.kind === 'if') {
      aroundKernels(s.then, visible, out);
      aroundKernels(s.else ?? [], visible, out);
    }
  }
}

/** Whether a model symbol's local is one of `names` (time's local is the argument t itself). */
export const localsMeet = (scope: Scope, names: ReadonlySet<string>): boolean =>
  [...scope.inputs].some(([symbol, input]) => symbol !== TIME && names.has(input.local));

export interface Scope {
  readonly sys: DerivedSystem;
  readonly n: number;
  /** Inputs of a block evaluated on the state scratch s$ = [q, qd], the parameters p and the time t. */
  readonly inputs: KernelInputs;
  /** How the module's functions take the parameters (and with them, whose module it is: TypeScript's, or a target's). */
  readonly params: ParamsForm;
}

/**
 * How generated functions take the parameters: a record by name whose
 * missing entries take the defaults (TypeScript), or an array in the order
 * of model.parameters (C, Python: every value given).
 */
export type ParamsForm = 'record' | 'array';

/**
 * @param topLevel names the module declares at top level (exports, embedded
 *   solvers), and any other name a local must not take (a target language's
 *   keywords): a local of the same name would hide them.
 */
export function makeScope(sys: DerivedSystem, topLevel: readonly string[], params: ParamsForm = 'record'): Scope {
  const { model } = sys;
  const n = model.coordinates.length;
  const names = localNames(sys, new Set(topLevel));
  const inputs = new Map<string, KernelInput>();
  model.coordinates.forEach((c, i) => inputs.set(c.name, { local: names.get(c.name)!, read: idx('s$', i) }));
  model.coordinates.forEach((c, i) => inputs.set(c.qd.name, { local: names.get(c.qd.name)!, read: idx('s$', n + i) }));
  model.parameters.forEach((p, k) =>
    inputs.set(p.name, { local: names.get(p.name)!, read: params === 'array' ? idx('p', k) : bin(member('p', p.name), '??', float(p.default)) }),
  );
  inputs.set(TIME, { local: 't', read: ref('t') });
  // Accelerations and multipliers where a block needs them (the Jacobian of the rhs): q̈ in a$, λ after q̈ in y$.
  model.coordinates.forEach((c, i) => inputs.set(accelerationSymbol(c.q).name, { local: names.get(accelerationSymbol(c.q).name)!, read: idx('a$', i) }));
  (sys.constraints?.A ?? []).forEach((_, k) =>
    inputs.set(multiplierSymbol(k + 1).name, { local: names.get(multiplierSymbol(k + 1).name)!, read: idx('y$', n + k) }),
  );
  return { sys, n, inputs, params };
}

/** A straight-line block storing each expression into its targets. */
export function kernelBlock(scope: Scope, outputs: readonly KernelOutput[]): Stmt {
  return { kind: 'kernel-block', outputs, inputs: scope.inputs };
}

/** Outputs storing exprs[i] into target[i]. */
export function into(target: string, exprs: readonly Expr[]): KernelOutput[] {
  return exprs.map((expr, i): KernelOutput => ({ expr, targets: [idx(target, i)] }));
}

/**
 * Outputs storing exprs[i] into target[i] where exprs[i] is not zero by
 * structure: for a module buffer only these outputs write, whose zeros it
 * keeps from its allocation (a contact row's zeros: 2 of the 50-ball
 * chain's 50 entries a row).
 */
export function intoNonZero(target: string, exprs: readonly Expr[]): KernelOutput[] {
  return into(target, exprs).filter((o) => !isZero(o.expr));
}

export const returns = (expr: Expr): KernelOutput[] => [{ expr, return: true }];

// ---- parameters of generated functions

export const T: Param = { name: 't', type: 'number' };
export const P: Param = { name: 'p', type: 'Params' };
export const arrayParam = (name: string): Param => ({ name, type: 'ArrayLike<number>' });
export const Q = arrayParam('q');
export const QD = arrayParam('qd');
/** The optional output array of an exported function, allocated only when the caller gives none. */
export const outParam = (length: number): Param => ({ name: 'out', type: 'Float64Array', default: newArray('Float64Array', length) });
export const scratchParam = (name: string): Param => ({ name, type: 'Float64Array' });
