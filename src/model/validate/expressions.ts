// Reading a field's expression against the model's own names: strings are
// parsed (src/core/parse.ts), numbers become constants, prebuilt kernel
// expressions are checked to use only the model's symbols. Kernel errors
// (parse-error, unknown-symbol, …) come back located in the field.
import { MechanicsError } from '../../errors.js';
import { childAt } from '../../core/cse.js';
import { freeSymbols, liveSymbol, numberExpr, pow, sym, symbolsIn, type Expr, type FnName } from '../../core/expr.js';
import { evaluate } from '../../core/evaluate.js';
import { parseExpr, type ParseScope } from '../../core/parse.js';
import { toText } from '../../core/print.js';
import { TIME } from '../names.js';
import type { Coordinate, Parameter } from '../types.js';
import { isFields, typeName } from './shape.js';
import type { Problems } from './problems.js';

export interface ReadOptions {
  /** Velocities x' may appear (energies, forces, non-holonomic constraints). */
  readonly velocities?: boolean;
  /**
   * The derivation differentiates this field (energies, L, constraints,
   * gaps and tangents): functions without a derivative at some point are
   * rejected. `sign(y)` in a potential made a ball chatter at y ≈ 1e-17 at
   * millions of right-hand-side calls per simulated millisecond.
   */
  readonly smooth?: boolean;
  /** Only parameters (and pi) may appear: parameter ranges, read before any state exists. */
  readonly parametersOnly?: boolean;
}

/** Functions of the kernel that have no derivative everywhere. */
const NON_SMOOTH: ReadonlySet<FnName> = new Set<FnName>(['abs', 'sign']);

/** The non-smooth functions applied anywhere in e, in order of first appearance. */
export function nonSmoothFunctions(e: Expr): FnName[] {
  const found = new Set<FnName>();
  const seen = new Set<Expr>();
  const walk = (u: Expr): void => {
    if (seen.has(u)) return;
    seen.add(u);
    if (u.kind === 'fn' && NON_SMOOTH.has(u.name)) found.add(u.name);
    // childAt rather than children(): no list per node (the two walks here were a fifth of buildModel at n = 10).
    for (let p = 0, c = childAt(u, 0); c !== undefined; c = childAt(u, ++p)) if (c) walk(c);
  };
  walk(e);
  return [...found];
}

/** Why `field` may not contain a velocity: what it may depend on, and where a velocity-dependent term goes instead. */
function noVelocity(field: string, opts: ReadOptions): string {
  if (opts.parametersOnly) return `${field} may depend only on the parameters`;
  if (field === 'potential') {
    return 'the potential V may depend only on the coordinates, t and the parameters: a velocity-dependent term goes into the kinetic energy T (kinetic) or a generalized force (forces)';
  }
  if (field.startsWith('holonomic')) {
    return `${field} may depend only on the coordinates, t and the parameters: a constraint on velocities goes under nonholonomic`;
  }
  return `${field} may depend only on the coordinates, t and the parameters`;
}

/** The first constant part of e without a real value (sqrt(-1), log(-2), acos(2)), innermost first; undefined if none. */
export function complexConstant(e: Expr): Expr | undefined {
  const seen = new Set<Expr>();
  const walk = (u: Expr): Expr | undefined => {
    if (seen.has(u)) return undefined;
    seen.add(u);
    for (let p = 0, c = childAt(u, 0); c !== undefined; c = childAt(u, ++p)) {
      const found = c && walk(c);
      if (found) return found;
    }
    // A product keeps its factors as (base, exponent) pairs, not as power nodes.
    for (const f of u.kind === 'mul' ? u.factors : []) {
      if (constant(f.base) && constant(f.exp) && Number.isNaN(value(f.base) ** value(f.exp))) return pow(f.base, f.exp);
    }
    return constant(u) && Number.isNaN(value(u)) ? u : undefined;
  };
  // symbolsIn is memoized on the node: freeSymbols made, sorted and copied a set per node walked (a sixth of buildModel at n = 10).
  const constant = (u: Expr): boolean => symbolsIn(u).every((s) => s.name === 'pi');
  const value = (u: Expr): number => evaluate(u, { pi: Math.PI });
  return walk(e);
}

/** A kernel expression node (built in TypeScript rather than written as a string). */
function isExpr(x: unknown): x is Expr {
  return isFields(x) && typeof x.kind === 'string' && typeof x.id === 'number';
}

export class ExprReader {
  private readonly symbols = new Map<string, Expr>();
  private readonly parameterNames: ReadonlySet<string>;
  private readonly velocities: ReadonlyMap<string, Expr>;
  private readonly allowedBy = new Map<number, Set<string>>();

  constructor(coordinates: readonly Coordinate[], parameters: readonly Parameter[]) {
    this.symbols.set(TIME, sym(TIME));
    for (const c of coordinates) this.symbols.set(c.name, c.q);
    for (const p of parameters) this.symbols.set(p.name, p.symbol);
    this.parameterNames = new Set(parameters.map((p) => p.name));
    this.velocities = new Map(coordinates.map((c) => [c.name, c.qd]));
  }

  /** The expression in `input`, or undefined with a problem located in `field`. */
  read(input: unknown, field: string, out: Problems, opts: ReadOptions = {}): Expr | undefined {
    const e = this.parse(input, field, out, opts);
    const complex = e && complexConstant(e);
    if (complex) {
      out.add('complex-constant', field, `${toText(complex)} has no real value, so every value it enters would be NaN`);
      return undefined;
    }
    if (e && opts.smooth) {
      const bad = nonSmoothFunctions(e);
      if (bad.length) {
        out.add(
          'non-smooth',
          field,
          `${bad.join(' and ')} ${bad.length > 1 ? 'have' : 'has'} no derivative where the argument is 0, and this field is differentiated; write a smooth expression (a kink in a constraint is two unilateral constraints, a non-smooth force goes under forces)`,
        );
        return undefined;
      }
    }
    return e;
  }

  private parse(input: unknown, field: string, out: Problems, opts: ReadOptions): Expr | undefined {
    try {
      if (typeof input === 'number') {
        if (!Number.isFinite(input)) out.add('non-finite-literal', field, `${input} is not a finite number`);
        else return numberExpr(input);
      } else if (typeof input === 'string') return parseExpr(input, this.scope(opts, field));
      else if (isExpr(input)) return this.checkSymbols(input, opts);
      else out.add('bad-type', field, `expected an expression (a string such as 'm*g*y', a number or a kernel expression), got ${typeName(input)}`);
    } catch (err) {
      if (!(err instanceof MechanicsError)) throw err;
      out.locate(err, field);
    }
    return undefined;
  }

  private visible(name: string, opts: ReadOptions): Expr | undefined {
    return opts.parametersOnly && !this.parameterNames.has(name) ? undefined : this.symbols.get(name);
  }

  private scope(opts: ReadOptions, field: string): ParseScope {
    return {
      symbol: (name) => this.visible(name, opts),
      ...(opts.velocities ? { velocity: (name: string) => this.velocities.get(name) } : { noVelocity: noVelocity(field, opts) }),
      known: () => [...this.symbols.keys()].filter((name) => this.visible(name, opts)),
    };
  }

  /** The names a field read with `opts` may use, made once per kind of field (a model reads dozens of prebuilt expressions). */
  private allowed(opts: ReadOptions): ReadonlySet<string> {
    const key = (opts.parametersOnly ? 1 : 0) + (opts.velocities ? 2 : 0);
    let allowed = this.allowedBy.get(key);
    if (!allowed) {
      allowed = new Set(['pi', ...[...this.symbols.keys()].filter((name) => this.visible(name, opts))]);
      if (opts.velocities) for (const v of this.velocities.values()) if (v.kind === 'sym') allowed.add(v.name);
      this.allowedBy.set(key, allowed);
    }
    return allowed;
  }

  /**
   * A prebuilt expression: every free symbol must be one the field may use,
   * and this kernel's own node (a second copy of the toolkit interns equal
   * expressions as different objects, and its nodes would silently fail
   * every identity test of the derivation).
   */
  private checkSymbols(e: Expr, opts: ReadOptions): Expr {
    const allowed = this.allowed(opts);
    // The unknown names sorted (freeSymbols) only for the message: most expressions have none.
    const unknown = symbolsIn(e).some((s) => !allowed.has(s.name)) ? [...freeSymbols(e)].filter((s) => !allowed.has(s)) : [];
    if (unknown.length) {
      throw new MechanicsError('unknown-symbol', 'input', `unknown symbol(s) ${unknown.map((u) => `'${u}'`).join(', ')} (known: ${[...allowed].join(', ')})`);
    }
    const foreign = symbolsIn(e).find((s) => liveSymbol(s.name) !== s);
    if (foreign) {
      throw new MechanicsError(
        'foreign-expression',
        'input',
        `the expression's symbol '${foreign.name}' was built by another copy of the toolkit's kernel (two copies are loaded): import the toolkit by its package name, or by a relative path into src/ inside its repository, or write the expression as a string`,
      );
    }
    return e;
  }
}
