// Which mode an impact takes when two pre-impact velocities are free (the
// hinged compass of rubanovich1981 §3: foot 2 strikes while foot 1 stands,
// (ȧ₁⁻, ȧ₂⁻) free): at the default parameters every mode condition and the
// arriving contact's approach velocity are linear forms in the two
// velocities, so the answer depends only on the direction θ of
// (v₁, v₂) = |v|(cos θ, sin θ). The forms' zeros cut the circle into arcs;
// on each the approach sign and the admissible modes are constant, read at
// the arc's middle. Rubanovich–Formalsky decide the mode for the rigid
// compass ((1.17)–(1.19)) and leave B's motion after the hinged one's impact
// to their part II; the arcs say where each hypothesis holds, and where none.
// A mode that slides (a rod's end at a closed-contact impact) holds where
// one of its directions of sliding does: each sign of its sgn ṡ gives its
// own forms.
// A map that keeps a coordinate free (the compass walker's heel strike at
// a2 = −a1, a1 free) is read at the scenario's `directionsAt` configuration.
// Where no mode is, the arc says whether the smooth stay of rubanovich1981
// §3 ((3.15), (3.16): the closed contacts' lines smooth, their normal rows
// kept) is admissible, all its normal impulses ≥ 0, and whether the
// arriving contact's normal impulse is negative in every mode and in the
// smooth stay: then no impact that engages it exists. Per arc, the
// conditions each mode fails; and whether the smooth slip is admissible
// (the arriving contact's own line smooth, the closed contacts leaving:
// its normal impulse ≥ 0, each closed contact separating), the outcome
// left where the arriving contact cannot stick.
// Tests: test/studies/mode-directions.test.ts.
import { evaluate } from '../core/evaluate.js';
import { add, fn, freeSymbols, HALF, mul, neg, num, ONE, pow, sqrt, sym, type Expr } from '../core/expr.js';
import * as Q from '../core/rational.js';
import { cancel } from '../core/cancel.js';
import { simplify } from '../core/trig.js';
import { factorize, signOn } from '../derive/proofs/sign.js';
import { assumptionDomain, parameterAssumptions } from '../derive/proofs/assumptions.js';
import type { DerivedSystem } from '../derive/system.js';
import type { ImpactMap, ImpactMode } from '../derive/unilateral/unilateral-types.js';
import type { ImpactScenario } from '../model/model.js';
import type { Parameter } from '../model/types.js';
import { smoothSlip, smoothStay } from '../derive/unilateral/smooth-stay.js';
import { preImpactName } from '../model/names.js';

/** The contacts a mode lets leave: the closed ones it does not keep, and the arriving one in a mirror mode. */
export const leavingContacts = (sc: ImpactScenario, mode: ImpactMode): number[] => [
  ...(mode.arrivingLeaves ? [sc.arriving] : []),
  ...sc.closed.filter((j) => !mode.stays.includes(j)),
];

/** An arc of directions θ ∈ (from, to) of the pre-impact velocities, in radians. */
export interface ModeArc {
  readonly from: number;
  readonly to: number;
  /** Indices into the impact map's modes admissible on the arc (empty: none is). */
  readonly modes: readonly number[];
  /** The smooth stay (rubanovich1981 (3.15), (3.16)) is admissible: its normal impulses are ≥ 0 (false where the map has none). */
  readonly smooth: boolean;
  /** The arriving contact's normal impulse is negative in every mode and in the smooth stay. */
  readonly repels: boolean;
  /** The smooth slip is admissible: the arriving contact's normal impulse ≥ 0, every closed contact separating (false where the map has none). */
  readonly slip: boolean;
  /** Per mode, the indices of its conditions that fail on the arc (empty: the mode is admissible). */
  readonly failing: readonly (readonly number[])[];
}

export interface ModeDirections {
  /** Index into the system's impact maps. */
  readonly map: number;
  /** The two free pre-impact velocities' names, v₁ and v₂ of θ. */
  readonly velocities: readonly [string, string];
  /** The values (the defaults) of the parameters the forms contain. */
  readonly parameters: Readonly<Record<string, number>>;
  /** The free coordinates' values the forms were read at (the scenario's directionsAt; empty when they contain none). */
  readonly configuration: Readonly<Record<string, number>>;
  /** The arcs of the half-circle on which the arriving contact approaches, in order of θ (from the first in (−π, π]). */
  readonly arcs: readonly ModeArc[];
  /** The share of the approaching directions on which no mode is admissible: the impact law has no outcome there. */
  readonly withoutOutcome: number;
  /** Per mode of the map, the share of the approaching directions on which it is admissible. */
  readonly modeShares: readonly number[];
  /** The closed contacts that leave in no mode admissible on any approaching direction (a rod's end lying on the floor). */
  readonly neverLeave: readonly number[];
  /** The sticking mode's cone in the pre-impact velocities, |tangential| ≤ bound (stickCone), where one mode has every contact stay and stick. */
  readonly stick?: StickCone;
  /** The share of the approaching directions on which no mode but the smooth stay is admissible (undefined: the map has no smooth stay). */
  readonly smoothShare?: number;
  /**
   * The share of the approaching directions on which the smooth stay is admissible, a mode there or not, and those
   * directions as intervals of θ (undefined: the map has no smooth stay). Where a mode is too, the two are alternative
   * hypotheses (rubanovich1981 §3 adopts the smooth stay where the sticking one fails).
   */
  readonly smoothAdmissible?: { readonly share: number; readonly intervals: readonly (readonly [number, number])[]; readonly modes: readonly number[] };
  /** The share on which the arriving contact's normal impulse is negative in every mode and in the smooth stay. */
  readonly repelShare: number;
  /** Per mode, the arriving contact's normal impulse as the form (p, q): p cos θ + q sin θ at |v| = 1 (empty where a mode has none). */
  readonly arrivingImpulses: readonly (readonly [number, number])[];
  /** The smooth stay's normal impulses as forms, the arriving contact's first, then the closed ones' (absent: the map has none). */
  readonly smoothImpulses?: readonly (readonly [number, number])[];
  /** The smooth slip's arriving normal impulse, then each closed contact's normal velocity after, as forms (absent: the map has none). */
  readonly slipForms?: readonly (readonly [number, number])[];
  /** The share of the approaching directions on which the smooth slip is admissible (undefined: the map has none). */
  readonly slipShare?: number;
  /**
   * Each slip form over the approach speed, where every one is proportional to it at this configuration: the
   * arriving contact alone and frictionless, its impulse and the closed contacts' normal velocities after (those
   * contacts at rest before) vanish with the approach speed, so the slip holds on every approaching direction or on none.
   */
  readonly slipAlong?: readonly number[];
  /**
   * The smooth slip in closed form: the arriving contact's normal impulse, each closed contact's normal velocity after;
   * and, where each of these is the approach speed times a factor of the parameters alone, the factors whose sign the
   * parameters' ranges leave open, oriented so that the slip is admissible on every approaching direction exactly
   * where each is ≥ 0 (empty: on every direction for every parameter; the hinged compass: 9 cos 4β − 1, sin 2β ≤ 2/3).
   */
  readonly slip?: {
    readonly impulse: Expr;
    readonly separations: readonly Expr[];
    readonly conditions?: readonly Expr[];
    /** Each condition solved for one sine where it is c + k cos u ≥ 0 (halfAngleBound): the hinged compass's |sin 2β| ≤ 2/3. */
    readonly bounds?: readonly (HalfAngleBound | undefined)[];
  };
}

/** A condition c + k cos u ≥ 0 solved for s = sin(u/2): |s| ≤ bound (k > 0) or |s| ≥ bound (k < 0). */
export interface HalfAngleBound {
  readonly of: Expr;
  readonly bound: Expr;
  readonly atMost: boolean;
  /**
   * Where u/2 = a·p, p a parameter whose declared range keeps u/2 in [0, π] (the sine not negative, `of` without its
   * modulus): the bound solved for p, sin(a·p) ≤ b iff p ≤ arcsin(b)/a or p ≥ (π − arcsin b)/a (either side of the
   * sine's peak), sin(a·p) ≥ b iff p lies between them (the hinged compass, β ∈ (0, π/2): β ≤ ½ arcsin(2/3) or
   * β ≥ π/2 − ½ arcsin(2/3)).
   */
  readonly solved?: { readonly parameter: Expr; readonly below: Expr; readonly above: Expr };
}

/**
 * c + k cos u ≥ 0, c and k numbers, as a bound on |sin(u/2)|: with cos u = 1 − 2 sin²(u/2) it reads
 * 2k sin²(u/2) ≤ c + k; undefined where the condition has another form, or the bound is no real number in (0, 1).
 */
export function halfAngleBound(condition: Expr, parameters: readonly Parameter[] = []): HalfAngleBound | undefined {
  if (condition.kind !== 'add' || condition.terms.length !== 1) return undefined;
  const [{ expr, coeff: k }] = condition.terms as [{ expr: Expr; coeff: Q.Rational }];
  if (expr.kind !== 'fn' || expr.name !== 'cos') return undefined;
  const square = Q.div(Q.add(condition.constant, k), Q.mul(Q.rat(2), k));
  if (!(Q.toNumber(square) > 0 && Q.toNumber(square) < 1)) return undefined;
  const half = mul(HALF, expr.args[0]!);
  const bound = sqrt(num(square));
  const atMost = Q.toNumber(k) > 0;
  // u/2 = a·p with a > 0 a number and p a parameter whose range keeps a·p in [0, π]: the sine is not negative there.
  const [a, p] =
    half.kind === 'mul' && half.factors.length === 1 && half.factors[0]!.exp === ONE
      ? [half.coeff, half.factors[0]!.base]
      : half.kind === 'sym'
        ? [Q.ONE, half]
        : [];
  const range = p?.kind === 'sym' ? parameters.find((x) => x.symbol === p)?.range : undefined;
  const [lo, hi] = (range ?? []).map((e) => (e ? evaluate(e, {}) : Number.NaN));
  if (!a || !p || !Q.toNumber(a) || !(Q.toNumber(a) > 0 && lo! >= 0 && Q.toNumber(a) * hi! <= Math.PI * (1 + 1e-15)))
    return { of: fn('abs', fn('sin', half)), bound, atMost };
  const inverse = num(Q.div(Q.ONE, a));
  const below = mul(inverse, fn('asin', bound));
  return { of: fn('sin', half), bound, atMost, solved: { parameter: p, below, above: add(mul(inverse, sym('pi')), neg(below)) } };
}

/** Relative size below which a linear form's coefficient is taken as 0. */
const TINY = 1e-12;

/** The directions' arcs of every impact map with exactly two free velocities whose conditions are linear in them, where the direction decides the mode. */
export function modeDirections(system: DerivedSystem): ModeDirections[] {
  const maps = system.unilateral?.impactMaps ?? [];
  const parameters = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  return maps.flatMap((im, map): ModeDirections[] => {
    if (im.scenario.independent.length !== 2) return [];
    const names = im.scenario.independent.map(preImpactName) as [string, string];
    const configuration = Object.fromEntries(im.scenario.directionsAt ?? []);
    const values = { ...parameters, ...configuration };
    const known = new Set([...Object.keys(values), ...names]);
    const form = (e: Expr, signs: Readonly<Record<string, number>> = {}): readonly [number, number] | undefined => {
      // A condition that still depends on the configuration (no `at` for it) is not a form in the velocities alone.
      if ([...freeSymbols(e)].some((x) => !known.has(x) && !(x in signs))) return undefined;
      const at = (v1: number, v2: number): number => evaluate(e, { ...values, ...signs, [names[0]]: v1, [names[1]]: v2 });
      const [p, q] = [at(1, 0), at(0, 1)];
      // Linear and homogeneous in the two velocities, or not studied here.
      const check = at(0.37, -1.3);
      const scale = Math.max(Math.abs(p), Math.abs(q), 1e-300);
      return Math.abs(at(0, 0)) <= TINY * scale && Math.abs(check - (0.37 * p - 1.3 * q)) <= 1e-9 * scale ? [p, q] : undefined;
    };
    const approach = form(im.approach);
    // A sliding mode's conditions hold for one direction of sliding: each sign of its sgn ṡ is read as its own set of forms.
    const read = im.modes.map((mode) => slidingSigns(system, mode).map((signs) => mode.conditions.map((c) => form(c.expr, signs))));
    if (!approach || read.some((ds) => ds.some((cs) => cs.some((c) => c === undefined)))) return [];
    const conditions = read as (readonly (readonly [number, number])[])[][];
    // The arriving contact's normal impulse in each mode, then the smooth stay's normal impulses, the arriving one first.
    const u = system.unilateral!;
    const normal = (j: number): string => u.contacts[j]!.normal.label;
    const arriving = im.modes.map((mode) => mode.impulses.get(normal(im.scenario.arriving)));
    const stay = smoothStay(system.model, system.lagrange2, u.contacts, im);
    const slide = stay && [im.scenario.arriving, ...im.scenario.closed].map((j) => stay.impulses.get(normal(j)));
    const slipping = smoothSlip(system.model, system.lagrange2, u.contacts, im);
    const optional = (es: readonly (Expr | undefined)[] | undefined) => {
      const fs = es?.map((e) => e && form(e));
      return fs?.every((f) => f !== undefined) ? (fs as (readonly [number, number])[]) : undefined;
    };
    const pushes = optional(arriving) ?? [];
    const smooth = optional(slide);
    const slipForms = optional(slipping && [slipping.impulses.get(normal(im.scenario.arriving)), ...slipping.separations]);
    const value = ([p, q]: readonly [number, number], t: number): number => p * Math.cos(t) + q * Math.sin(t);
    // The contact approaches on the half-circle (θ₀, θ₀ + π) where its form is negative: θ₀ = φ + π/2 for the form R cos(θ − φ).
    const phi = Math.atan2(approach[1], approach[0]);
    const start = phi + Math.PI / 2 > Math.PI ? phi - (3 * Math.PI) / 2 : phi + Math.PI / 2;
    // Each condition's zero inside that half-circle (a form R cos(θ − ψ) has one zero in every half-open half-circle).
    const cuts = [...conditions.flat(2), ...pushes, ...(smooth ?? []), ...(slipForms ?? [])]
      .filter(([p, q]) => Math.hypot(p, q) > 0)
      .map(([p, q]) => start + ((((Math.atan2(q, p) + Math.PI / 2 - start) % Math.PI) + Math.PI) % Math.PI))
      .filter((t) => t > start && t < start + Math.PI)
      .sort((a, b) => a - b);
    const ends = [start, ...new Set(cuts), start + Math.PI];
    const arcs: ModeArc[] = [];
    for (let i = 0; i + 1 < ends.length; i++) {
      const [from, to] = [ends[i]!, ends[i + 1]!];
      if (to - from < 1e-12) continue;
      const mid = (from + to) / 2;
      // A mode holds where one of its directions of sliding does; it fails what every direction fails.
      const failing = conditions.map((ds) =>
        ds.map((cs) => cs.flatMap((c, k) => (value(c, mid) < 0 ? [k] : []))).reduce((fewest, f) => (f.length < fewest.length ? f : fewest)),
      );
      const modes = failing.flatMap((f, n) => (f.length ? [] : [n]));
      const slip = !!slipForms && slipForms.every((c) => value(c, mid) >= 0);
      const slides = !!smooth && smooth.every((c) => value(c, mid) >= 0);
      const repels = pushes.length === im.modes.length && [...pushes, ...(smooth ? [smooth[0]!] : [])].every((c) => value(c, mid) < 0);
      const last = arcs[arcs.length - 1];
      // Arcs without a mode stay apart where what fails changes: that says why no mode is there.
      const same =
        last &&
        last.modes.join() === modes.join() &&
        (modes.length > 0 || last.failing.join(';') === failing.join(';')) &&
        last.smooth === slides &&
        last.repels === repels &&
        last.slip === slip;
      if (same) arcs[arcs.length - 1] = { ...last, to };
      else arcs.push({ from, to, modes, smooth: slides, repels, slip, failing });
    }
    // One mode on every approaching direction: the direction decides nothing.
    if (arcs.length === 1 && arcs[0]!.modes.length === 1) return [];
    const used = new Set([im.approach, ...im.modes.flatMap((mode) => mode.conditions.map((c) => c.expr))].flatMap((e) => [...freeSymbols(e)]));
    const share = (on: (a: ModeArc) => boolean): number => arcs.filter(on).reduce((sum, a) => sum + a.to - a.from, 0) / Math.PI;
    const withoutOutcome = share((a) => a.modes.length === 0);
    const modeShares = im.modes.map((_, n) => share((a) => a.modes.includes(n)));
    const smoothShare = smooth ? share((a) => a.modes.length === 0 && a.smooth) : undefined;
    const smoothAdmissible = smooth
      ? {
          share: share((a) => a.smooth),
          intervals: arcs
            .filter((a) => a.smooth)
            .reduce<[number, number][]>((out, a) => {
              const last = out[out.length - 1];
              if (last && Math.abs(last[1] - a.from) < 1e-12) last[1] = a.to;
              else out.push([a.from, a.to]);
              return out;
            }, []),
          modes: [...new Set(arcs.filter((a) => a.smooth).flatMap((a) => a.modes))].sort((x, y) => x - y),
        }
      : undefined;
    const repelShare = share((a) => a.repels);
    const slipShare = slipForms ? share((a) => a.slip) : undefined;
    // (p, q) = k·(−approach) exactly where it is parallel to the approach form: k = −(p, q)·approach/|approach|².
    const along = ([p, q]: readonly [number, number]): number | undefined =>
      Math.abs(p * approach[1] - q * approach[0]) <= 1e-9 * Math.hypot(p, q, ...approach) ** 2
        ? -(p * approach[0] + q * approach[1]) / (approach[0] ** 2 + approach[1] ** 2)
        : undefined;
    const slipAlong = slipForms?.map(along);
    const usedOf = (r: Readonly<Record<string, number>>) => Object.fromEntries(Object.entries(r).filter(([name]) => used.has(name)));
    return [
      {
        map,
        velocities: names,
        parameters: usedOf(parameters),
        configuration: usedOf(configuration),
        arcs,
        withoutOutcome,
        modeShares,
        neverLeave: neverLeaving(im, modeShares),
        ...(stickCone(im) ? { stick: stickCone(im)! } : {}),
        smoothShare,
        ...(smoothAdmissible ? { smoothAdmissible } : {}),
        repelShare,
        arrivingImpulses: pushes,
        ...(smooth ? { smoothImpulses: smooth } : {}),
        ...(slipForms && slipping
          ? (() => {
              const impulse = slipping.impulses.get(normal(im.scenario.arriving))!;
              const conditions = speedFactors(system, [impulse, ...slipping.separations], im.approach);
              return {
                slipForms,
                slipShare,
                ...(slipAlong?.every((k) => k !== undefined) ? { slipAlong: slipAlong as number[] } : {}),
                slip: {
                  impulse,
                  separations: slipping.separations,
                  ...(conditions ? { conditions, bounds: conditions.map((c) => halfAngleBound(c, system.model.parameters)) } : {}),
                },
              };
            })()
          : {}),
      },
    ];
  });
}

/**
 * Each of `forms` divided by the approach speed −approach (> 0 on every approaching direction): where every quotient
 * is a function of the parameters alone, the factors of them whose sign on the parameters' ranges is open, each oriented to be ≥ 0
 * where its form is; undefined where a quotient still depends on the direction.
 */
function speedFactors(system: DerivedSystem, forms: readonly Expr[], approach: Expr): Expr[] | undefined {
  const domain = assumptionDomain(parameterAssumptions(system.model));
  const parameters = new Set(system.model.parameters.map((p) => p.name));
  const out: Expr[] = [];
  for (const e of forms) {
    const r = simplify(cancel(mul(e, pow(neg(approach), -1))));
    // A factor of the parameters alone: one that keeps the configuration (the walker's a₁) or a velocity says nothing in closed form.
    if ([...freeSymbols(r)].some((x) => !parameters.has(x))) return undefined;
    const { coeff, factors } = factorize(r);
    let sign = coeff.n < 0 ? -1 : 1;
    const open: Expr[] = [];
    for (const f of factors) {
      const odd = !(f.exp.kind === 'num' && f.exp.value.d === 1 && f.exp.value.n % 2 === 0);
      if (!odd) continue;
      const s = signOn(f.base, domain);
      if (s === 'negative') sign = -sign;
      else if (s !== 'positive') open.push(f.base);
    }
    if (open.length) out.push(simplify(sign < 0 ? neg(mul(...open)) : mul(...open)));
  }
  return out;
}

/** Each assignment of ±1 to the sgn ṡ symbols a mode's conditions contain (one empty assignment where they contain none). */
export function slidingSigns(system: DerivedSystem, mode: ImpactMode): Record<string, number>[] {
  const used = new Set(mode.conditions.flatMap((c) => [...freeSymbols(c.expr)]));
  const signs = (system.unilateral?.coulomb ?? []).flatMap((c) => (c.direction && used.has(c.direction.name) ? [c.direction.name] : []));
  return signs.reduce<Record<string, number>[]>((acc, name) => acc.flatMap((d) => [-1, 1].map((v) => ({ ...d, [name]: v }))), [{}]);
}

/** The contacts that some mode lets leave, none of those modes with a positive share. */
export const neverLeaving = (im: ImpactMap, shares: readonly number[]): number[] =>
  [im.scenario.arriving, ...im.scenario.closed].filter((j) => {
    const leaving = im.modes.flatMap((mode, k) => (leavingContacts(im.scenario, mode).includes(j) ? [k] : []));
    return leaving.length > 0 && leaving.every((k) => shares[k] === 0);
  });

/**
 * Where the closed contacts stay and every engaged contact sticks (a rod's
 * two ends on the floor), that mode's cone |Σν| ≤ μΣΛ in the pre-impact
 * velocities: its two sides (bound − t ≥ 0, bound + t ≥ 0) give
 * t = (lower − upper)/2 and bound = (upper + lower)/2.
 */
export interface StickCone {
  readonly mode: number;
  readonly tangential: Expr;
  readonly bound: Expr;
}

export function stickCone(im: ImpactMap): StickCone | undefined {
  const mode = im.modes.findIndex(
    (md) => leavingContacts(im.scenario, md).length === 0 && md.slips !== undefined && [...md.slips.values()].every((x) => x === 'stick'),
  );
  const cs = im.modes[mode]?.conditions ?? [];
  const upper = cs.find((c) => c.states?.kind === 'cone' && c.states.side === 'upper');
  const lower = cs.find((c) => c.states?.kind === 'cone' && c.states.side === 'lower');
  if (!upper || !lower) return undefined;
  return {
    mode,
    tangential: simplify(mul(HALF, add(lower.expr, neg(upper.expr)))),
    bound: simplify(mul(HALF, add(upper.expr, lower.expr))),
  };
}
