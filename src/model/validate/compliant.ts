// Constraints realized by forces instead of held rigidly (Kozlov 1988):
//  - a unilateral contact whose law is { compliant: { stiffness, damping,
//    exponent, addedMass, adhesion, dampingModel } } (§2–§3) or
//    { potential: 'exp(-N*f)' } (the smooth potential after Theorem 2, with
//    f standing for the gap);
//  - a retaining constraint with realization: { addedMass, stiffness,
//    viscosity } (Theorem 1: T + αφ̇²/2, V + βφ²/2, Rayleigh γφ̇²/2).
// The coefficients are expressions of the parameters, ≥ 0 at the defaults
// (a negative stiffness pushes into the obstacle, a negative damping pumps
// energy in), a stiffness > 0 (../limits.ts holds every run to the same); the exponent is ≥ 1 (so dF_n/dδ stays bounded at δ = 0). A realized constraint is no longer a
// constraint: it leaves Model.unilateral / Model.holonomic (model.ts) and
// its terms are derived by src/derive/compliant/compliant.ts.
// An activation condition (`when`) is refused on a realized contact
// (bad-activation): it decides whether an arrival is an impact, and a force
// law has no arrivals — its terms act wherever the gap is negative.
// Tests: test/model/validate/compliant.test.ts.
import { ONE, sym, type Expr } from '../../core/expr.js';
import { evaluate } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';
import { COMPLIANT_FIELDS, DAMPING_MODELS, REALIZATION_FIELDS, REALIZED_LAW_FIELDS } from '../spec.js';
import type { CompliantContact, CompliantLaw, ConstraintRealization, Coordinate, GapPotential, HolonomicConstraint, Parameter, RealizedLaw } from '../types.js';
import { ExprReader } from './expressions.js';
import { isRealizedLaw } from './impact-law.js';
import type { Namespace } from './identifiers.js';
import { defaultValues } from './parameters.js';
import { Problems, type Checked } from './problems.js';
import { fieldsAt, isFields, rejectUnknownKeys, typeName, type Fields } from './shape.js';
import { checkUnilateral } from './unilateral.js';

/** The symbol a gap potential is written in. */
const GAP = 'f';

export interface Realizations {
  readonly compliant: CompliantContact[];
  readonly realizations: ConstraintRealization[];
}

/**
 * The realized contacts of spec.unilateral and the realized constraints of
 * spec.holonomic (`holonomic` is what checkHolonomic made of the latter:
 * the realized ones are among it, and model.ts leaves them out).
 */
export function checkRealizations(
  spec: { readonly unilateral?: unknown; readonly holonomic?: unknown },
  holonomic: readonly HolonomicConstraint[],
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  names: Namespace,
  model: string | undefined,
): Checked<Realizations> {
  const out = new Problems(model);
  const compliant: CompliantContact[] = [];
  const realizations: ConstraintRealization[] = [];
  const coefficients = new Coefficients(parameters, reader, out);
  if (Array.isArray(spec.unilateral)) {
    spec.unilateral.forEach((u, i) => {
      if (!isFields(u) || !isRealizedLaw(u.law)) return;
      const contact = realizedContact(u, i, coordinates, parameters, reader, names, coefficients, out);
      if (contact) compliant.push(contact);
    });
  }
  if (Array.isArray(spec.holonomic)) {
    spec.holonomic.forEach((h, i) => {
      if (!isFields(h) || h.realization === undefined) return;
      const field = `holonomic[${i}]`;
      const name = typeof h.name === 'string' ? h.name : `phi${i + 1}`;
      if (h.friction !== undefined || h.slip !== undefined) {
        out.add('bad-compliant-law', `${field}.realization`, `constraint '${name}' is realized by forces, so it has no support points: drop friction and slip`);
        return;
      }
      const terms = fieldsAt(h.realization, `${field}.realization`, 'a realization { addedMass, stiffness, viscosity }', out);
      if (!terms) return;
      rejectUnknownKeys(terms, REALIZATION_FIELDS, `${field}.realization`, out);
      const read = coefficients.all(terms, ['addedMass', 'stiffness', 'viscosity'], `${field}.realization`, `the realization of '${name}'`);
      const phi = holonomic.find((c) => c.name === name)?.phi;
      if (read && phi) realizations.push({ name, phi, ...read });
    });
  }
  return out.result({ compliant, realizations });
}

/** One realized contact: its gap and author form as for a rigid one (checkUnilateral), then its law. */
function realizedContact(
  u: Fields,
  i: number,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  names: Namespace,
  coefficients: Coefficients,
  out: Problems,
): CompliantContact | undefined {
  const field = `unilateral[${i}]`;
  // The name, description and inequality are read exactly as for a rigid
  // contact; the stand-in plastic law is never kept.
  const { law: _law, when, ...rest } = u;
  if (when !== undefined) {
    out.add(
      'bad-activation',
      `${field}.when`,
      `'${typeof u.name === 'string' ? u.name : `unilateral constraint ${i + 1}`}' is realized by forces, which act wherever its gap is negative: there is no arrival for an activation condition to admit; drop when, or give the contact a rigid impact law`,
    );
  }
  const rigid = checkUnilateral([{ ...rest, law: { plastic: true } }], coordinates, parameters, reader, names, out.model);
  for (const p of rigid.problems) out.locate(p, (p.where.field ?? field).replace(/^unilateral\[0\]/, field));
  const base = rigid.value[0];
  const label = typeof u.name === 'string' ? u.name : `unilateral constraint ${i + 1}`;
  const law = realizedLaw(u.law as Fields, { contact: label, coordinates, parameters, coefficients, gap: base?.gap, field: `${field}.law`, out });
  if (!base || !law) return undefined;
  return { name: base.name, ...(base.description !== undefined ? { description: base.description } : {}), gap: base.gap, author: base.author, law };
}

/** Where a realized law is read: its contact, the model's names, the contact's gap (once read) and the field problems go to. */
interface RealizedLawSite {
  readonly contact: string;
  readonly coordinates: readonly Coordinate[];
  readonly parameters: readonly Parameter[];
  readonly coefficients: Coefficients;
  readonly gap: Expr | undefined;
  readonly field: string;
  readonly out: Problems;
}

/**
 * The realized laws, one entry each: its key in a model file's law and how
 * its value is read into the typed RealizedLaw. Keyed by
 * RealizedLaw['kind'], so a new law does not compile without its entry.
 */
const REALIZED_LAWS: {
  readonly [K in RealizedLaw['kind']]: { readonly key: K; read(law: Fields, site: RealizedLawSite): Extract<RealizedLaw, { kind: K }> | undefined };
} = {
  compliant: { key: 'compliant', read: compliantLaw },
  potential: { key: 'potential', read: gapPotential },
};

/** { compliant: {…} } or { potential: expr in f }: exactly one. */
function realizedLaw(law: Fields, site: RealizedLawSite): RealizedLaw | undefined {
  rejectUnknownKeys(law, REALIZED_LAW_FIELDS, site.field, site.out);
  const given = Object.values(REALIZED_LAWS).filter((l) => law[l.key] !== undefined);
  if (given.length > 1) {
    site.out.add('bad-compliant-law', site.field, `'${site.contact}' gives both ${given.map((l) => l.key).join(' and ')}: choose one realization`);
    return undefined;
  }
  return given[0]?.read(law, site);
}

/** A potential of the gap, written in f and returned in q (f substituted by the gap). */
function gapPotential(law: Fields, { coordinates, parameters, coefficients, gap, field, out }: RealizedLawSite): GapPotential | undefined {
  // f is the gap, unless the model has a symbol of that name.
  const taken = coordinates.some((c) => c.name === GAP) || parameters.some((p) => p.name === GAP);
  const withGap = taken ? coefficients.reader : new ExprReader(coordinates, [...parameters, { name: GAP, symbol: sym(GAP), default: 0 }]);
  const potential = withGap.read(law.potential, `${field}.potential`, out, { smooth: true });
  return potential && gap && { kind: 'potential', potential: subs(potential, new Map([[GAP, gap]])) };
}

/** Kozlov's compliant law: stiffness, damping, exponent, added mass, adhesion, damping model. */
function compliantLaw(law: Fields, { contact, coefficients, field, out }: RealizedLawSite): CompliantLaw | undefined {
  const spec = fieldsAt(law.compliant, `${field}.compliant`, 'a compliant law { stiffness, damping, exponent, addedMass, adhesion, dampingModel }', out);
  if (!spec) return undefined;
  const at = `${field}.compliant`;
  rejectUnknownKeys(spec, COMPLIANT_FIELDS, at, out);
  const read = coefficients.all(spec, ['stiffness', 'damping', 'addedMass'], at, `the compliant law of '${contact}'`);
  const exponent =
    spec.exponent === undefined
      ? undefined
      : coefficients.one(
          spec.exponent,
          `${at}.exponent`,
          `the exponent of '${contact}'`,
          1,
          " (the force kδ^p must have a bounded derivative at δ = 0, which the integrator's Jacobian needs)",
        );
  if (spec.adhesion !== undefined && typeof spec.adhesion !== 'boolean')
    out.add('bad-compliant-law', `${at}.adhesion`, `adhesion is true or false, got ${typeName(spec.adhesion)}`);
  const model = spec.dampingModel;
  if (model !== undefined && !(typeof model === 'string' && Object.hasOwn(DAMPING_MODELS, model))) {
    out.add(
      'bad-compliant-law',
      `${at}.dampingModel`,
      `dampingModel is ${Object.keys(DAMPING_MODELS)
        .map((k) => `'${k}'`)
        .join(' or ')}, got ${typeof model === 'string' ? `'${model}'` : typeName(model)}`,
    );
    return undefined;
  }
  const dampingModel = (model ?? 'linear') as CompliantLaw['dampingModel'];
  if (!read) return undefined;
  // A key that changes nothing is an error, as unknown keys are (shape.ts).
  if (model !== undefined && !read.damping)
    out.add('bad-compliant-law', `${at}.dampingModel`, `'${contact}' has no damping, so dampingModel does nothing: give damping: 'c'`);
  if (spec.exponent !== undefined && !read.stiffness && dampingModel !== 'hunt-crossley') {
    out.add('bad-compliant-law', `${at}.exponent`, `'${contact}' has neither stiffness nor Hunt–Crossley damping, so the exponent does nothing`);
  }
  if (spec.exponent !== undefined && !exponent) return undefined;
  return { kind: 'compliant', ...read, exponent: exponent ?? ONE, adhesion: spec.adhesion === true, dampingModel };
}

/** Coefficients: expressions of the parameters, ≥ 0 (or > 0) at the defaults. */
class Coefficients {
  private readonly env: Record<string, number>;

  constructor(
    parameters: readonly Parameter[],
    readonly reader: ExprReader,
    private readonly out: Problems,
  ) {
    this.env = defaultValues(parameters);
  }

  /** An expression of the parameters whose value at the defaults is ≥ least (> least when strict). */
  one(x: unknown, field: string, what: string, least = 0, why = '', strict = false): Expr | undefined {
    const e = this.reader.read(x, field, this.out, { parametersOnly: true });
    if (!e) return undefined;
    const v = evaluate(e, this.env);
    if (!(Number.isFinite(v) && (strict ? v > least : v >= least))) {
      this.out.add('bad-compliant-law', field, `${what} is ${v} at the parameters' defaults; it must be ${strict ? '>' : '≥'} ${least}${why}`);
      return undefined;
    }
    return e;
  }

  /** The given ones of `keys`, at least one; undefined after any problem. */
  all<K extends string>(spec: Fields, keys: readonly K[], field: string, what: string): Partial<Record<K, Expr>> | undefined {
    const given = keys.filter((k) => spec[k] !== undefined);
    if (given.length === 0) {
      this.out.add('bad-compliant-law', field, `${what} needs at least one of ${keys.join(', ')}`);
      return undefined;
    }
    // A zero stiffness is another law (no restoring force, another rigid limit): ../limits.ts.
    const read = given.map((k) => [k, this.one(spec[k], `${field}.${k}`, `${k} in ${what}`, 0, '', k === 'stiffness')] as const);
    if (read.some(([, e]) => !e)) return undefined;
    return Object.fromEntries(read) as Partial<Record<K, Expr>>;
  }
}
