// The limits every value of a model's parameters must keep, wherever the
// values come from: the model file's defaults (buildModel), a run's
// `--param` (src/pipeline/run-values.ts), and the library's options (the
// generated module's checkParams, src/codegen/params.ts). One list, so the
// three doors refuse the same values with the same codes:
//  - a declared range, closed unless declared open, one-sided where an end
//    is absent (bad-range);
//  - a restitution coefficient of a contact's law (newton e, wLaw W) in
//    [0, 1], or [0, ∞) with allowSuperelastic (bad-restitution);
//  - a compliant law or a Theorem 1 realization: stiffness > 0 (a zero
//    stiffness is another law, whose rigid limit differs), damping,
//    viscosity and added mass ≥ 0, the exponent ≥ 1 (bad-compliant-law);
//  - a contact patch's density at the patch's centre (its variable and
//    state at 0): stiffness ∂/∂depth > 0, and ≥ 0 on each state that
//    carries a velocity (the foundation's viscosity) (bad-compliant-law);
//  - a parameter declared as a mass (unit 'kg') or a moment of inertia
//    (unit 'kg m^2') > 0 (bad-mass).
// Tests: test/model/limits.test.ts.
import { diff } from '../core/diff.js';
import { evaluate, type Env } from '../core/evaluate.js';
import { freeSymbols, ONE, ZERO, type Expr, type Sym } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import { toText } from '../core/print.js';
import { MechanicsError, type ErrorCode } from '../errors.js';
import { member } from './validate/shape.js';
import type { ImpactLaw, Model, Parameter, RealizedLaw } from './types.js';

export type LimitCode = Extract<ErrorCode, 'bad-range' | 'bad-restitution' | 'bad-compliant-law' | 'bad-mass'>;

/** lower ≤ value ≤ upper (< where open), the ends expressions of the parameters; an absent end is unbounded. */
export interface ValueLimit {
  readonly value: Expr;
  readonly lower?: Expr;
  readonly upper?: Expr;
  readonly lowerOpen: boolean;
  readonly upperOpen: boolean;
  readonly code: LimitCode;
  /** The model field that declares it. */
  readonly field: string;
  /** What the value is, for messages ("restitution 'e' of 'floor'"). */
  readonly what: string;
  /** Why the limit holds, for messages (may be empty). */
  readonly why: string;
}

/** The units that declare a parameter a mass or a moment of inertia. */
const INERTIAL_UNITS: Readonly<Record<string, string>> = { kg: 'a mass', 'kg m^2': 'a moment of inertia' };

const atLeast = (value: Expr, lower: Expr, open: boolean, code: LimitCode, field: string, what: string, why: string): ValueLimit => ({
  value,
  lower,
  lowerOpen: open,
  upperOpen: false,
  code,
  field,
  what,
  why,
});

function parameterLimits(p: Parameter): ValueLimit[] {
  const field = member('parameters', p.name);
  const out: ValueLimit[] = [];
  if (p.range) {
    const open = p.open ?? { lower: false, upper: false };
    const [lower, upper] = p.range;
    out.push({
      value: p.symbol,
      ...(lower ? { lower } : {}),
      ...(upper ? { upper } : {}),
      lowerOpen: open.lower,
      upperOpen: open.upper,
      code: 'bad-range',
      field: `${field}.range`,
      what: `parameter '${p.name}'`,
      why: '',
    });
  }
  const inertial = p.unit === undefined ? undefined : INERTIAL_UNITS[p.unit];
  if (inertial) out.push(atLeast(p.symbol, ZERO, true, 'bad-mass', field, `parameter '${p.name}'`, ` (its unit ${p.unit} declares it ${inertial})`));
  return out;
}

/** A restitution coefficient's limit: [0, 1], or [0, ∞) with allowSuperelastic. */
const restitution = (coefficient: Sym, superelastic: boolean, contact: string, field: string): ValueLimit[] => [
  {
    value: coefficient,
    lower: ZERO,
    ...(superelastic ? {} : { upper: ONE }),
    lowerOpen: false,
    upperOpen: false,
    code: 'bad-restitution',
    field,
    what: `restitution '${coefficient.name}' of '${contact}'`,
    why: superelastic ? '' : ' (above 1 every impact gains energy: declare allowSuperelastic: true if that is meant)',
  },
];

/** The limits of each impact law's values, keyed by ImpactLaw['kind'] (a new law does not compile without its entry). */
const IMPACT_LAW_LIMITS: { readonly [K in ImpactLaw['kind']]: (law: Extract<ImpactLaw, { kind: K }>, contact: string, field: string) => ValueLimit[] } = {
  newton: (law, contact, field) => restitution(law.e, law.superelastic, contact, `${field}.newton`),
  'w-law': (law, contact, field) => restitution(law.W, law.superelastic, contact, `${field}.wLaw`),
  plastic: () => [],
  stick: () => [],
};

/** The limits of each realized law's coefficients, keyed by RealizedLaw['kind']. */
const REALIZED_LAW_LIMITS: { readonly [K in RealizedLaw['kind']]: (law: Extract<RealizedLaw, { kind: K }>, contact: string, field: string) => ValueLimit[] } = {
  compliant: (law, contact, field) => {
    const at = `${field}.compliant`;
    const of = `of '${contact}'`;
    const coefficient = (e: Expr | undefined, strict: boolean, key: string, why: string): ValueLimit[] =>
      e ? [atLeast(e, ZERO, strict, 'bad-compliant-law', `${at}.${key}`, `the ${key === 'addedMass' ? 'added mass' : key} ${of}`, why)] : [];
    return [
      ...coefficient(law.stiffness, true, 'stiffness', ' (without stiffness the law is another one, with another rigid limit)'),
      ...coefficient(law.damping, false, 'damping', ' (a negative damping pumps energy in)'),
      ...coefficient(law.addedMass, false, 'addedMass', ''),
      atLeast(law.exponent, ONE, false, 'bad-compliant-law', `${at}.exponent`, `the exponent ${of}`, ' (kδ^p needs a bounded derivative at δ = 0)'),
    ];
  },
  potential: () => [],
};

/** Every limit of the model's values (see the header). */
export function valueLimits(model: Model): ValueLimit[] {
  const limits = model.parameters.flatMap(parameterLimits);
  for (const u of model.unilateral) {
    const limit = IMPACT_LAW_LIMITS[u.law.kind] as (law: ImpactLaw, contact: string, field: string) => ValueLimit[];
    limits.push(...limit(u.law, u.name, `${member('unilateral', u.name)}.law`));
  }
  for (const c of model.compliant ?? []) {
    const limit = REALIZED_LAW_LIMITS[c.law.kind] as (law: RealizedLaw, contact: string, field: string) => ValueLimit[];
    limits.push(...limit(c.law, c.name, `${member('unilateral', c.name)}.law`));
  }
  const coefficient = (e: Expr | undefined, strict: boolean, field: string, what: string, why: string): void => {
    if (e) limits.push(atLeast(e, ZERO, strict, 'bad-compliant-law', field, what, why));
  };
  for (const r of model.realizations ?? []) {
    const at = `${member('holonomic', r.name)}.realization`;
    const of = `of the realization of '${r.name}'`;
    coefficient(r.stiffness, true, `${at}.stiffness`, `the stiffness ${of}`, '');
    coefficient(r.viscosity, false, `${at}.viscosity`, `the viscosity ${of}`, ' (a negative viscosity pumps energy in)');
    coefficient(r.addedMass, false, `${at}.addedMass`, `the added mass ${of}`, '');
  }
  const velocities = new Set(model.coordinates.map((c) => c.qd.name));
  for (const p of model.patches ?? []) {
    const at = `${member('patches', p.name)}.density`;
    // The patch's centre: its variable and every state symbol at 0, where a Winkler density reduces to its coefficients.
    const centre = new Map<string, Expr>([[p.variable, ZERO], ...[...p.state.keys()].map((k): [string, Expr] => [k, ZERO])]);
    const slope = (by: string): Expr => simplify(subs(diff(p.density, by), centre));
    coefficient(
      slope(p.depth),
      true,
      at,
      `the stiffness of patch '${p.name}' (∂density/∂${p.depth} at its centre)`,
      ' (without stiffness the patch holds nothing up)',
    );
    for (const [name, e] of p.state) {
      if (name === p.depth || ![...freeSymbols(e)].some((x) => velocities.has(x))) continue;
      const damping = slope(name);
      if (damping !== ZERO)
        coefficient(damping, false, at, `the damping of patch '${p.name}' (∂density/∂${name} at its centre)`, ' (a negative damping pumps energy in)');
    }
    if (p.friction)
      coefficient(
        p.friction.relaxation,
        true,
        `${member('patches', p.name)}.friction.relaxation`,
        `the relaxation time of patch '${p.name}'`,
        ' (a slip within the friction cone decays as exp(−t/τ); τ ≤ 0 makes it grow)',
      );
  }
  return limits;
}

/** The bound a limit states, as text ("in [0, 1]", "> 0"), its ends' values at env where given. */
export function limitText(l: ValueLimit, env?: Env): string {
  const end = (e: Expr): string => {
    const t = toText(e);
    const v = env && evaluate(e, env);
    return v === undefined || t === String(v) ? t : `${t} = ${v}`;
  };
  if (l.lower && l.upper) return `in ${l.lowerOpen ? '(' : '['}${end(l.lower)}, ${end(l.upper)}${l.upperOpen ? ')' : ']'}`;
  if (l.lower) return `${l.lowerOpen ? '>' : '≥'} ${end(l.lower)}`;
  return `${l.upperOpen ? '<' : '≤'} ${end(l.upper!)}`;
}

/** Whether the limit holds at env (false where a value is not a finite real). */
export function limitHolds(l: ValueLimit, env: Env): boolean {
  const v = evaluate(l.value, env);
  if (!Number.isFinite(v)) return false;
  if (l.lower) {
    const lo = evaluate(l.lower, env);
    if (!(l.lowerOpen ? v > lo : v >= lo)) return false;
  }
  if (l.upper) {
    const hi = evaluate(l.upper, env);
    if (!(l.upperOpen ? v < hi : v <= hi)) return false;
  }
  return true;
}

/**
 * A named error for every limit that fails at env, located in `field` (the
 * model's field for its defaults, the option that set the values for a run)
 * and saying where the values came from (`source`).
 */
export function limitProblems(model: Model, env: Env, source: string, field?: (l: ValueLimit) => string): MechanicsError[] {
  return valueLimits(model)
    .filter((l) => !limitHolds(l, env))
    .map(
      (l) =>
        new MechanicsError(l.code, 'input', `${l.what} is ${evaluate(l.value, env)} ${source}; it must be ${limitText(l, env)}${l.why}`, {
          model: model.name,
          field: field ? field(l) : l.field,
        }),
    );
}
