// A validated model: every expression parsed against the model's own names,
// every problem reported at once (SymPy's System.validate_system does the
// same), so the derivation engine only ever sees a consistent model.
import { MechanicsError, combineErrors } from '../errors.js';
import { add, dependsOn, freeSymbols, mul, num, sym, ZERO, type Expr, type Sym } from '../core/expr.js';
import { diff, timeDerivative } from '../core/diff.js';
import { evaluate } from '../core/evaluate.js';
import { parseExpr, type ParseScope } from '../core/parse.js';
import { simplify } from '../core/trig.js';
import type { ExprInput, ModelSpec } from './spec.js';
import { accelerationName, RESERVED, TIME, velocityName } from './names.js';

export interface Coordinate {
  readonly name: string;
  readonly q: Sym;
  readonly qd: Sym;
  readonly qdd: Sym;
  readonly description?: string;
  readonly unit?: string;
}

export interface Parameter {
  readonly name: string;
  readonly symbol: Sym;
  readonly default: number;
  /** Open interval of admissible values. */
  readonly range?: readonly [Expr, Expr];
  readonly description?: string;
  readonly unit?: string;
}

export interface HolonomicConstraint {
  readonly name: string;
  /** φ(q, t) = 0. */
  readonly phi: Expr;
}

export interface NonholonomicConstraint {
  readonly name: string;
  /** The row A(q, t) of A q̇ + b = 0. */
  readonly A: readonly Expr[];
  readonly b: Expr;
  /** As written. */
  readonly expr: Expr;
}

export type ImpactLaw =
  | { readonly kind: 'newton'; readonly e: Sym }
  | { readonly kind: 'plastic' }
  | { readonly kind: 'w-law'; readonly W: Sym }
  | { readonly kind: 'stick'; readonly tangent: Expr };

export interface UnilateralConstraint {
  readonly name: string;
  readonly description?: string;
  /** The gap f(q, t) ≥ 0 (admissible side), whatever form the author used. */
  readonly gap: Expr;
  /** As written: expr ≥ 0 (Kozlov's f ≥ 0) or expr ≤ 0 (Kugushev–Sorokina's g ≤ 0). */
  readonly author: { readonly sense: '>=' | '<='; readonly expr: Expr };
  readonly law: ImpactLaw;
}

export interface ImpactScenario {
  readonly name: string;
  /** Index into unilateral. */
  readonly arriving: number;
  readonly closed: readonly number[];
  /** Configuration at the impact (coordinate name → value). */
  readonly at: ReadonlyMap<string, Expr>;
  /** Coordinates whose velocities stay free before the impact. */
  readonly independent: readonly string[];
  /** Sign (−1 or +1) of independent pre-impact velocities, by coordinate. */
  readonly approach: ReadonlyMap<string, -1 | 1>;
  /** Parameter across which the admissible mode switches. */
  readonly critical?: string;
}

/** The field that defines the kinetic energy: where inertia problems are reported. */
export function energyField(model: Pick<Model, 'T'>): 'kinetic' | 'lagrangian' {
  return model.T ? 'kinetic' : 'lagrangian';
}

export interface Model {
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  readonly coordinates: readonly Coordinate[];
  readonly parameters: readonly Parameter[];
  readonly time: Sym;
  /** Kinetic energy (absent when only L was given). */
  readonly T?: Expr;
  /** Potential energy (absent when only L was given). */
  readonly V?: Expr;
  readonly L: Expr;
  /** Generalized forces, one per coordinate. */
  readonly Q: readonly Expr[];
  readonly holonomic: readonly HolonomicConstraint[];
  readonly nonholonomic: readonly NonholonomicConstraint[];
  readonly unilateral: readonly UnilateralConstraint[];
  readonly multipleImpacts: 'error' | 'lcp';
  readonly impactScenarios: readonly ImpactScenario[];
  readonly initial: { readonly q0: readonly number[]; readonly qd0: readonly number[]; readonly t1: number };
}

const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Validate a model spec and build the model, or throw one error listing every problem. */
export function buildModel(spec: ModelSpec): Model {
  const problems: MechanicsError[] = [];
  const model = spec.name;
  const problem = (code: string, field: string, message: string): void => {
    problems.push(new MechanicsError(code, 'model', message, { model, field }));
  };
  if (!/^[a-z0-9][a-z0-9-]*$/.test(model ?? '')) problem('bad-name', 'name', `model name '${model}' must be lower-case letters, digits and dashes`);

  // ---- names
  const coordinates: Coordinate[] = [];
  const seen = new Set<string>();
  const claim = (name: string, field: string): boolean => {
    if (!IDENT.test(name)) problem('bad-identifier', field, `'${name}' is not a valid name (letters, digits, _; starting with a letter)`);
    else if (RESERVED.has(name)) problem('reserved-name', field, `'${name}' is reserved (t, pi, and the names of Object.prototype such as constructor)`);
    else if (seen.has(name)) problem('duplicate-name', field, `'${name}' is declared twice`);
    else {
      seen.add(name);
      return true;
    }
    return false;
  };
  if (!spec.coordinates || spec.coordinates.length === 0) problem('no-coordinates', 'coordinates', 'a model needs at least one coordinate');
  for (const c of spec.coordinates ?? []) {
    const cs = typeof c === 'string' ? { name: c } : c;
    if (!claim(cs.name, 'coordinates')) continue;
    coordinates.push({
      name: cs.name, q: sym(cs.name), qd: sym(velocityName(cs.name)), qdd: sym(accelerationName(cs.name)),
      ...(cs.description ? { description: cs.description } : {}), ...(cs.unit ? { unit: cs.unit } : {}),
    });
  }
  const parameters: Parameter[] = [];
  for (const [name, p] of Object.entries(spec.parameters ?? {})) {
    const ps = typeof p === 'number' ? { default: p } : p;
    if (!claim(name, `parameters.${name}`)) continue;
    if (typeof ps.default !== 'number' || !Number.isFinite(ps.default)) {
      problem('bad-default', `parameters.${name}`, `parameter '${name}' needs a finite default value`);
      continue;
    }
    parameters.push({ name, symbol: sym(name), default: ps.default, ...(ps.description ? { description: ps.description } : {}), ...(ps.unit ? { unit: ps.unit } : {}) });
  }

  // ---- expressions
  const byName = new Map<string, Expr>([[TIME, sym(TIME)]]);
  for (const c of coordinates) byName.set(c.name, c.q);
  for (const p of parameters) byName.set(p.name, p.symbol);
  const velocities = new Map(coordinates.map((c) => [c.name, c.qd as Expr]));
  const scope = (allowVelocity: boolean): ParseScope => ({
    symbol: (name) => byName.get(name),
    ...(allowVelocity ? { velocity: (name: string) => velocities.get(name) } : {}),
    known: () => [...byName.keys()],
  });
  const read = (input: ExprInput | undefined, field: string, allowVelocity: boolean): Expr | undefined => {
    if (input === undefined) return undefined;
    try {
      if (typeof input === 'number') return num(input);
      if (typeof input === 'string') return parseExpr(input, scope(allowVelocity));
      // A prebuilt expression: every free symbol must be one of the model's.
      const allowed = new Set([...byName.keys(), ...(allowVelocity ? coordinates.map((c) => c.qd.name) : []), 'pi']);
      const unknown = [...freeSymbols(input)].filter((s) => !allowed.has(s));
      if (unknown.length) throw new MechanicsError('unknown-symbol', 'input', `unknown symbol(s) ${unknown.map((u) => `'${u}'`).join(', ')} (known: ${[...allowed].join(', ')})`);
      return input;
    } catch (err) {
      if (err instanceof MechanicsError) problems.push(err.at({ model, field }));
      else throw err;
      return undefined;
    }
  };

  parameters.forEach((p, i) => {
    const ps = spec.parameters?.[p.name];
    if (typeof ps !== 'object' || !ps.range) return;
    const field = `parameters.${p.name}.range`;
    const lo = read(ps.range[0], field, false);
    const hi = read(ps.range[1], field, false);
    if (!lo || !hi) return;
    const env = Object.fromEntries(parameters.map((q) => [q.name, q.default]));
    const [a, b] = [evaluate(lo, env), evaluate(hi, env)];
    if (!(a < p.default && p.default < b)) problem('bad-range', field, `parameter '${p.name}': the default ${p.default} must lie inside the range (${a}, ${b})`);
    else parameters[i] = { ...p, range: [lo, hi] };
  });

  const n = coordinates.length;
  let T: Expr | undefined;
  let V: Expr | undefined;
  let L: Expr | undefined;
  if (spec.lagrangian !== undefined) {
    if (spec.kinetic !== undefined || spec.potential !== undefined || spec.particles) problem('ambiguous-energy', 'lagrangian', 'give either lagrangian, or kinetic/particles and potential, not both');
    L = read(spec.lagrangian, 'lagrangian', true);
  } else {
    const parts: Expr[] = [];
    const tk = read(spec.kinetic, 'kinetic', true);
    if (tk) parts.push(tk);
    spec.particles?.forEach((pt, i) => {
      const m = read(pt.mass, `particles[${i}].mass`, false);
      const r = pt.position.map((x, k) => read(x, `particles[${i}].position[${k}]`, false));
      if (!m || r.some((x) => !x)) return;
      const chain = coordinates.map((c) => [c.name, c.qd as Expr] as const);
      const v = r.map((x) => timeDerivative(x!, TIME, chain));
      parts.push(mul(num(0.5), m, add(...v.map((vi) => mul(vi, vi)))));
    });
    if (spec.kinetic === undefined && !spec.particles) problem('no-energy', 'kinetic', 'give kinetic (and/or particles) and potential, or a lagrangian');
    T = parts.length ? add(...parts) : undefined;
    V = read(spec.potential ?? 0, 'potential', false);
    if (T && V) L = add(T, mul(num(-1), V));
  }

  const Q: Expr[] = coordinates.map(() => ZERO);
  for (const [name, f] of Object.entries(spec.forces ?? {})) {
    const i = coordinates.findIndex((c) => c.name === name);
    if (i < 0) {
      problem('unknown-coordinate', `forces.${name}`, `generalized force given for '${name}', which is not a coordinate`);
      continue;
    }
    Q[i] = read(f, `forces.${name}`, true) ?? ZERO;
  }

  const holonomic: HolonomicConstraint[] = [];
  spec.holonomic?.forEach((h, i) => {
    const hs = typeof h === 'object' && 'expr' in h ? h : { expr: h as ExprInput };
    const name = hs.name ?? `phi${i + 1}`;
    const phi = read(hs.expr, `holonomic[${i}]`, false);
    if (phi) holonomic.push({ name, phi });
  });
  const nonholonomic: NonholonomicConstraint[] = [];
  spec.nonholonomic?.forEach((h, i) => {
    const hs = typeof h === 'object' && 'expr' in h ? h : { expr: h as ExprInput };
    const name = hs.name ?? `psi${i + 1}`;
    const field = `nonholonomic[${i}]`;
    const e = read(hs.expr, field, true);
    if (!e) return;
    const ex = simplify(e);
    const A = coordinates.map((c) => simplify(diff(ex, c.qd.name)));
    if (A.some((a) => coordinates.some((c) => dependsOn(a, c.qd.name)))) {
      problem('nonlinear-constraint', field, `constraint '${name}' must be linear in the velocities (A(q,t)·q' + b(q,t) = 0)`);
      return;
    }
    if (A.every((a) => a === ZERO)) {
      problem('not-a-velocity-constraint', field, `constraint '${name}' contains no velocity; write position constraints under 'holonomic'`);
      return;
    }
    const b = simplify(add(ex, ...coordinates.map((c, k) => mul(num(-1), A[k]!, c.qd))));
    nonholonomic.push({ name, A, b, expr: e });
  });
  const unilateral: UnilateralConstraint[] = [];
  spec.unilateral?.forEach((u, i) => {
    const field = `unilateral[${i}]`;
    if (!u.name || !IDENT.test(u.name) || unilateral.some((v) => v.name === u.name)) {
      problem('bad-contact-name', `${field}.name`, `unilateral constraint ${i + 1} needs a unique name (letters, digits, _)`);
      return;
    }
    const parts = typeof u.constraint === 'string' ? u.constraint.split(/(>=|<=)/) : [];
    if (parts.length !== 3) {
      problem('bad-inequality', `${field}.constraint`, `'${u.constraint}' must be one inequality 'f >= 0' or 'g <= 0'`);
      return;
    }
    const lhs = read(parts[0]!.trim(), `${field}.constraint`, false);
    const rhs = read(parts[2]!.trim(), `${field}.constraint`, false);
    if (!lhs || !rhs) return;
    const sense = parts[1] as '>=' | '<=';
    const expr = simplify(add(lhs, mul(num(-1), rhs)));
    const gap = sense === '>=' ? expr : simplify(mul(num(-1), expr));
    const lawField = `${field}.law`;
    const paramSym = (name: string): Sym | undefined => {
      const p = parameters.find((x) => x.name === name);
      if (!p) problem('unknown-parameter', lawField, `impact law of '${u.name}' refers to '${name}', which is not a parameter`);
      return p?.symbol;
    };
    let law: ImpactLaw | undefined;
    const l = u.law as Record<string, unknown>;
    if ('newton' in l) {
      const e = paramSym(String(l.newton));
      if (e) law = { kind: 'newton', e };
    } else if ('plastic' in l) law = { kind: 'plastic' };
    else if ('wLaw' in l) {
      const W = paramSym(String(l.wLaw));
      if (W) law = { kind: 'w-law', W };
    } else if ('stick' in l) {
      const tangent = read(l.stick as ExprInput, `${lawField}.stick`, false);
      if (tangent) law = { kind: 'stick', tangent };
    } else problem('bad-impact-law', lawField, `impact law of '${u.name}' must be {newton: e}, {plastic: true}, {wLaw: W} or {stick: tangentialPosition}`);
    if (law) unilateral.push({ name: u.name, ...(u.description ? { description: u.description } : {}), gap, author: { sense, expr }, law });
  });
  const impactScenarios: ImpactScenario[] = [];
  spec.impactScenarios?.forEach((sc, i) => {
    const field = `impactScenarios[${i}]`;
    const index = (name: string): number => {
      const k = unilateral.findIndex((u) => u.name === name);
      if (k < 0) problem('unknown-contact', field, `impact scenario '${sc.name}' names contact '${name}', which is not declared under unilateral`);
      return k;
    };
    const arriving = index(sc.arriving);
    const closed = (sc.closed ?? []).map(index);
    const at = new Map<string, Expr>();
    for (const [name, v] of Object.entries(sc.at)) {
      if (!coordinates.some((c) => c.name === name)) problem('unknown-coordinate', `${field}.at.${name}`, `'${name}' is not a coordinate`);
      const e = read(v, `${field}.at.${name}`, false);
      if (e) at.set(name, e);
    }
    for (const name of sc.independent) if (!coordinates.some((c) => c.name === name)) problem('unknown-coordinate', `${field}.independent`, `'${name}' is not a coordinate`);
    const approach = new Map<string, -1 | 1>();
    for (const [name, sign] of Object.entries(sc.approach ?? {})) {
      if (!sc.independent.includes(name)) problem('bad-approach', `${field}.approach.${name}`, `'${name}' is not one of the independent velocities of scenario '${sc.name}'`);
      else approach.set(name, sign === 'negative' ? -1 : 1);
    }
    if (sc.critical !== undefined && !parameters.some((p) => p.name === sc.critical && p.range)) {
      problem('bad-critical', `${field}.critical`, `critical parameter '${sc.critical}' must be a parameter with a range`);
    }
    if (arriving >= 0 && closed.every((k) => k >= 0)) {
      impactScenarios.push({ name: sc.name, arriving, closed, at, independent: sc.independent, approach, ...(sc.critical ? { critical: sc.critical } : {}) });
    }
  });

  const m = holonomic.length + nonholonomic.length;
  if (n > 0 && m >= n) problem('too-many-constraints', holonomic.length ? 'holonomic' : 'nonholonomic', `${m} retaining constraints for ${n} coordinates: at most ${n - 1} leave the system any motion`);

  // ---- initial state
  const initial = spec.initial ?? {};
  for (const key of ['q', 'qd'] as const) {
    for (const name of Object.keys(initial[key] ?? {})) {
      if (!coordinates.some((c) => c.name === name)) problem('unknown-coordinate', `initial.${key}.${name}`, `initial value for '${name}', which is not a coordinate`);
    }
  }
  const t1 = initial.t1 ?? 10;
  if (!(t1 > 0)) problem('bad-initial', 'initial.t1', 'initial.t1 must be a positive end time');

  if (problems.length) throw combineErrors(problems);
  return {
    name: model,
    title: spec.title ?? model,
    ...(spec.description ? { description: spec.description } : {}),
    coordinates,
    parameters,
    time: sym(TIME),
    ...(T ? { T } : {}),
    ...(V ? { V } : {}),
    L: L!,
    Q,
    holonomic,
    nonholonomic,
    unilateral,
    multipleImpacts: spec.multipleImpacts ?? 'error',
    impactScenarios,
    initial: {
      q0: coordinates.map((c) => initial.q?.[c.name] ?? 0),
      qd0: coordinates.map((c) => initial.qd?.[c.name] ?? 0),
      t1,
    },
  };
}
