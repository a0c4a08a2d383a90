// Unilateral constraints: contact kinematics, contact-phase multipliers and
// closed-form impact maps with their mode conditions.
//
// Sign convention (docs/notation.md): every contact is held as a gap
// f(q,t) ≥ 0 (f = −g for an author's g ≤ 0). The measure-form equations are
//   d(∂L/∂q̇) − ∂L/∂q dt = Q dt + Σⱼ (∂fⱼ/∂q) dμⱼ = Q dt − Σⱼ (∂gⱼ/∂q) dμⱼ,
// dμⱼ ≥ 0 supported on {fⱼ = 0} (Kugushev–Sorokina (10.13)/(10.15)).
// dμ = σ̇ dt on contact phases (§9, regime 2) and Λ δ(t − t̃) at impacts
// (regime 3), so σ̇ ≥ 0 and impulses Λ ≥ 0 along +∂f/∂q.
import { add, dependsOn, div, mul, neg, ONE, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { mirroredPhases } from './mirror-phases.js';
import { together } from '../../core/together.js';
import { leadingForm, reduceOn } from '../../core/on-constraint.js';
import { multipleAnglesInPowers } from '../../core/chebyshev.js';
import type { ImpactScenario, Model } from '../../model/model.js';
import { pinnedTangent } from '../../model/impact-laws.js';
import { postImpactSymbol, preImpactSymbol, slipSignSymbol, TIME } from '../../model/names.js';
import { restitutionOf } from './impact-laws.js';
import { modeAdmissibility } from './admissibility.js';
import { assumptionDomain, parameterAssumptions } from '../proofs/assumptions.js';
import { deriveCoulomb } from '../friction/coulomb.js';
import { setApartAlways } from '../friction/always-holds.js';
import { dependentFrictionPhase, frictionPhases, planarCoulomb } from '../friction/phases.js';
import { coulombImpactModes } from '../friction/impact-modes.js';
import { criticalValue } from './critical.js';
import { affineSolution, constrainedSolve, type ConstrainedSolution } from './constrained-solve.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { matVec, solveSmall, type Matrix } from '../matrix.js';
import type { Domain } from '../proofs/sign.js';
import type {
  ConditionStatement,
  ContactKinematics,
  ContactPhase,
  ContactRow,
  FrictionPhase,
  ImpactCondition,
  ImpactMap,
  ImpactMode,
  UnilateralDerivation,
} from './unilateral-types.js';

export type * from './unilateral-types.js';

export { postImpactName, preImpactName } from '../../model/names.js';

/**
 * Phases are solved in closed form only up to n = EXPLICIT_COORDINATES
 * coordinates and n + rows = EXPLICIT_LIMIT unknowns. The null-space solve
 * (constrainedSolve) reduces a phase to its n − rows free coordinates, so a
 * two-legged walker (n = 4) standing on one pinned foot is the 2×2 stance
 * system of the compass gait (Goswami et al. 1998) and on both the 0×0 one:
 * 3 s of derivation for compass-walker's three phases.
 */
const EXPLICIT_COORDINATES = 4;
const EXPLICIT_LIMIT = 8;
const MAX_CONTACTS_FOR_PHASES = 3;
/** Models with at most this many contacts and no declared scenario get single-contact impact maps. */
const AUTO_SCENARIO_CONTACTS = 2;

/** A row r·q̇ + s of a function f(q, t): ∂f/∂q, ∂f/∂t and the bias of its acceleration (also the rows of compliant terms, compliant.ts). */
export function rowOf(model: Model, label: string, contact: number, kind: ContactRow['kind'], f: Expr): ContactRow {
  const cs = model.coordinates;
  const row = cs.map((c) => simplify(diff(f, c.q.name)));
  const rate = simplify(diff(f, TIME));
  const velocityForm = add(rate, ...row.map((r, k) => mul(r, cs[k]!.qd)));
  const parts: Expr[] = [diff(velocityForm, TIME)];
  for (const c of cs) if (dependsOn(velocityForm, c.q.name)) parts.push(mul(diff(velocityForm, c.q.name), c.qd));
  return { label, contact, kind, row, rate, bias: simplify(add(...parts)) };
}

export function deriveUnilateral(model: Model, l2: Lagrange2): UnilateralDerivation | undefined {
  if (model.unilateral.length === 0) return undefined;
  const contacts = model.unilateral.map((u, j): ContactKinematics => {
    const pinned = pinnedTangent(u.law);
    const tangent = pinned && rowOf(model, `${u.name}.t`, j, 'tangent', pinned);
    const slip = u.slip?.map((s, d, all) => rowOf(model, `${u.name}.s${all.length > 1 ? d + 1 : ''}`, j, 'tangent', s));
    return {
      constraint: u,
      normal: rowOf(model, `${u.name}.n`, j, 'normal', u.gap),
      ...(tangent ? { tangent, slip: [tangent] } : {}),
      ...(slip ? { slip } : {}),
      ...(u.friction ? { friction: { kinetic: u.friction.kinetic, static: u.friction.static } } : {}),
      restitution: restitutionOf(u.law),
    };
  });
  const n = model.coordinates.length;
  const phases: ContactPhase[] = [];
  if (contacts.length <= MAX_CONTACTS_FOR_PHASES) {
    for (let mask = 1; mask < 1 << contacts.length; mask++) {
      const active = contacts.map((_, j) => j).filter((j) => mask & (1 << j));
      const rows = active.flatMap((j) => rowsOf(contacts[j]!));
      const small = n <= EXPLICIT_COORDINATES && n + rows.length <= EXPLICIT_LIMIT;
      const explicit = small ? solvePhase(l2, rows) : undefined;
      const friction = small ? frictionPhases(model, l2, contacts, active) : [];
      const phase = phaseOnGaps(
        model,
        onManifold(model, l2, contacts, {
          active,
          rows,
          ...(explicit ? { explicit } : { unsolved: small ? 'dependent' : 'size' }),
          ...(friction.length ? { friction } : {}),
        }),
      );
      const fixed = fixedPhase(model, phase);
      // Decided where the phase holds (the lying rod's θ = 0), where a cone's side may no longer depend on the state.
      phases.push({
        ...phase,
        ...(phase.friction ? { friction: phase.friction.map((f) => setApartAlways(model, f)) } : {}),
        ...(fixed ? { fixed } : {}),
      });
    }
  }
  const assumptions = parameterAssumptions(model);
  const domain = assumptionDomain(assumptions);
  const impactMaps = scenariosOf(model, l2).map((sc): ImpactMap => {
    const im = impactOnGaps(model, deriveImpactMap(model, l2, contacts, sc, domain));
    const critical = criticalValue(model, im);
    return critical ? { ...im, critical } : im;
  });
  return { contacts, phases: mirroredPhases(model, phases), impactMaps, coulomb: deriveCoulomb(model, l2, contacts), assumptions };
}

/**
 * The declared impact scenarios; a particle model (constant M, few
 * contacts) that declares none gets one per contact striking alone at a
 * general configuration (the single-impact map of Kugushev–Sorokina §1,
 * (1.4), closed by the contact's law). For configuration-dependent M these
 * maps are long rational expressions that nobody would print.
 */
function scenariosOf(model: Model, l2: Lagrange2): readonly ImpactScenario[] {
  if (model.impactScenarios.length || model.unilateral.length > AUTO_SCENARIO_CONTACTS || !l2.constantMass) return model.impactScenarios;
  const alone = model.unilateral.map((u, j) => ({
    name: `${u.name} strikes alone`,
    arriving: j,
    closed: [],
    at: new Map(),
    independent: model.coordinates.map((c) => c.name),
    approach: new Map(),
  }));
  const resting = model.unilateral.flatMap((_, j) => model.unilateral.flatMap((_o, k) => (k === j ? [] : closedScenario(model, j, k))));
  // Both at once where both can be closed: the first contact's resting scenario with the other striking too.
  const together = resting
    .filter((sc) => sc.arriving < sc.closed[0]!)
    .map((sc) => ({
      ...sc,
      name: `${model.unilateral[sc.arriving]!.name} and ${model.unilateral[sc.closed[0]!]!.name} strike together`,
      striking: sc.closed,
      independent: model.coordinates.map((c) => c.name),
    }));
  return [...alone, ...resting, ...together];
}

/**
 * Contact j strikes while contact k is closed (the other end of a rod
 * resting on the floor, Rubanovich–Formalsky (1.12)–(1.17)): where both
 * gaps vanish, k's solved for a coordinate in which it is affine with a
 * constant coefficient, then j's for another such coordinate, or by a
 * coordinate's 0 where that zeroes it (a rod lies flat on the floor at
 * θ = 0); none where neither finds the configuration.
 */
function closedScenario(model: Model, j: number, k: number): ImpactScenario[] {
  const cs = model.coordinates;
  const both = commonZero(model, model.unilateral[k]!.gap, model.unilateral[j]!.gap);
  if (!both) return [];
  return [
    {
      name: `${model.unilateral[j]!.name} strikes while ${model.unilateral[k]!.name} is closed`,
      arriving: j,
      closed: [k],
      at: both.at,
      independent: cs.filter((c) => c.q.name !== both.first).map((c) => c.name),
      approach: new Map(),
    },
  ];
}

/**
 * Where two gaps vanish together: the first solved for a coordinate in
 * which it is affine with a constant coefficient, then the second for
 * another such coordinate, or by a coordinate's 0 where that zeroes it;
 * `first` is the coordinate the first gap fixes.
 */
function commonZero(model: Model, f: Expr, g: Expr): { readonly at: ReadonlyMap<string, Expr>; readonly first: string } | undefined {
  const first = affineRoot(model, f, []);
  if (!first) return undefined;
  const rest = simplify(subs(g, new Map([first])));
  const second = affineRoot(model, rest, [first[0]]) ?? zeroRoot(model, rest, first[0]);
  if (!second) return undefined;
  return { at: new Map([[first[0], simplify(subs(first[1], new Map([second])))], second]), first: first[0] };
}

/**
 * A phase of two contacts reduced on its manifold, where both gaps vanish
 * (a rod lying flat: θ = 0, so θ̈ ≡ 0 and σ̇₁ = σ̇₂ = mg/2); unchanged
 * where that configuration has no closed form.
 */
function onManifold(model: Model, l2: Lagrange2, contacts: readonly ContactKinematics[], phase: ContactPhase): ContactPhase {
  if (phase.active.length !== 2) return phase;
  const both = commonZero(model, model.unilateral[phase.active[0]!]!.gap, model.unilateral[phase.active[1]!]!.gap);
  if (!both) return phase;
  // The rows hold at the velocity level too (f₁ = f₂ = 0 flat: ẏ = θ̇ = 0): the dependent velocities through the others.
  const here = (e: Expr): Expr => simplify(subs(e, both.at));
  const cs = model.coordinates;
  const hold = affineSolution(
    phase.rows.map((r) => r.row.map(here)),
    phase.rows.map((r) => simplify(neg(here(r.rate)))),
    [],
  );
  const velocities = new Map(
    hold
      ? hold.pivots.map((i) => [cs[i]!.qd.name, simplify(add(hold.particular[i]!, ...hold.free.map((f, k) => mul(hold.basis[i]![k]!, cs[f]!.qd))))] as const)
      : [],
  );
  const at = (e: Expr): Expr => together(simplify(subs(here(e), velocities)));
  const reduce = <T extends { readonly qdd: readonly Expr[]; readonly multipliers: readonly Expr[] }>(x: T | undefined) =>
    x && { qdd: x.qdd.map(at), multipliers: x.multipliers.map(at) };
  const explicit = reduce(phase.explicit);
  // Where the two slip rows coincide (a lying rod: ṡ_A = ṡ_B = ẋ) one end slips exactly when the other does, the same
  // way: a phase with one sticking and the other sliding is impossible, and both sliding have one sign.
  const [a, b] = phase.active.map((j) => contacts[j]!.slip?.[0]);
  const oneSlip = !!a && !!b && a.row.every((x, i) => simplify(add(here(x), neg(here(b.row[i]!)))) === ZERO);
  const [first, second] = phase.active.map((j) => slipSignSymbol(model.unilateral[j]!.name));
  const signs = new Map([[second!.name, first!]]);
  const oneSign = (e: Expr): Expr => (oneSlip ? simplify(subs(at(e), signs)) : at(e));
  const possible = (f: FrictionPhase): boolean => !oneSlip || new Set(phase.active.map((j) => f.modes.get(j))).size === 1;
  const friction = phase.friction?.filter(possible).map((unreduced) => {
    const f = dependentFrictionPhase(model, l2, contacts, unreduced, at);
    const ex = f.explicit && { qdd: f.explicit.qdd.map(oneSign), multipliers: f.explicit.multipliers.map(oneSign) };
    return {
      ...f,
      ...(ex ? { explicit: ex } : {}),
      conditions: f.conditions.map((c) => ({ ...c, expr: oneSign(c.expr) })),
      ...(oneSlip ? { slipTogether: phase.active } : {}),
    };
  });
  return { ...phase, at: both.at, ...(explicit ? { explicit } : {}), ...(friction ? { friction } : {}) };
}

/**
 * Formulas that hold where the given contacts are closed, shortened by their
 * polynomial gaps (core/on-constraint.ts): x² + y² = R² on a billiard's circle.
 */
function onGaps(model: Model, closed: readonly number[]): (e: Expr) => Expr {
  const names = model.coordinates.map((c) => c.q.name);
  const forms = closed.flatMap((j) => leadingForm(model.unilateral[j]!.gap, names) ?? []);
  return (e) => forms.reduce((x, form) => reduceOn(x, form), e);
}

/** A contact phase's accelerations and rates on its closed contacts' gaps. */
function phaseOnGaps(model: Model, phase: ContactPhase): ContactPhase {
  if (!phase.explicit) return phase;
  const on = onGaps(model, phase.active);
  return { ...phase, explicit: { qdd: phase.explicit.qdd.map(on), multipliers: phase.explicit.multipliers.map(on) } };
}

/** An impact map with its modes as printed: at the impact, where the arriving and the closed contacts' gaps vanish. */
function impactOnGaps(model: Model, im: ImpactMap): ImpactMap {
  const on = onGaps(model, [im.scenario.arriving, ...im.scenario.closed]);
  let changed = false;
  const at = (e: Expr): Expr => {
    // At the configuration the scenario fixes the angles are often one (the walker's a₂ = −a₁): its multiples in powers.
    const r = multipleAnglesInPowers(on(e));
    changed ||= r !== e;
    return r;
  };
  const onGapsModes = im.modes.map((mode) => ({
    ...mode,
    qdPlus: mode.qdPlus.map(at),
    impulses: new Map([...mode.impulses].map(([label, x]) => [label, at(x)] as const)),
    conditions: mode.conditions.map((c) => ({ ...c, expr: at(c.expr) })),
  }));
  return changed ? { ...im, onGaps: onGapsModes } : im;
}

/** f = 0 solved for a coordinate (not in `skip`) in which f is affine with a constant coefficient. */
function affineRoot(model: Model, f: Expr, skip: readonly string[]): [string, Expr] | undefined {
  const cs = model.coordinates;
  for (const c of cs) {
    if (skip.includes(c.q.name)) continue;
    const slope = simplify(diff(f, c.q.name));
    if (slope === ZERO || cs.some((o) => dependsOn(slope, o.q.name)) || dependsOn(slope, TIME)) continue;
    return [c.q.name, simplify(add(c.q, neg(div(f, slope))))];
  }
  return undefined;
}

/** A coordinate (not `skip`) whose 0 makes f vanish identically. */
function zeroRoot(model: Model, f: Expr, skip: string): [string, Expr] | undefined {
  const c = model.coordinates.find((o) => o.q.name !== skip && dependsOn(f, o.q.name) && simplify(subs(f, new Map([[o.q.name, ZERO]]))) === ZERO);
  return c && [c.q.name, ZERO];
}

/**
 * A phase whose rows fix every coordinate (rank of their Jacobian = n): the rows at the velocity level give q̇
 * (R q̇ = −∂f/∂t), and the phase's accelerations and densities there are its motion (none for rows without t: q̈ = 0)
 * and its static reactions.
 */
function fixedPhase(model: Model, phase: ContactPhase): ContactPhase['fixed'] {
  if (!phase.explicit) return undefined;
  // Where the phase is reduced to its configuration (a rod lying flat) the rank is the one there.
  const here = (e: Expr): Expr => (phase.at ? simplify(subs(e, phase.at)) : e);
  const hold = affineSolution(
    phase.rows.map((r) => r.row.map(here)),
    phase.rows.map((r) => simplify(neg(here(r.rate)))),
    [],
  );
  if (!hold || hold.free.length) return undefined;
  const qd = hold.particular.map(simplify);
  const velocities = new Map(model.coordinates.map((c, i) => [c.qd.name, qd[i]!] as const));
  const at = (e: Expr): Expr => together(simplify(subs(here(e), velocities)));
  return { qd, qdd: phase.explicit.qdd.map(at), multipliers: phase.explicit.multipliers.map(at) };
}

export function rowsOf(c: ContactKinematics): ContactRow[] {
  return c.tangent ? [c.normal, c.tangent] : [c.normal];
}

/**
 * Contact phase (Kugushev–Sorokina §9, regime 2): M q̈ = f + Rᵀσ̇ with the
 * rows' accelerations R q̈ + bias = 0.
 */
function solvePhase(l2: Lagrange2, rows: readonly ContactRow[]): ContactPhase['explicit'] {
  const sol = constrainedSolve(
    l2.massMatrix,
    l2.forcing,
    rows.map((r) => r.row),
    rows.map((r) => simplify(neg(r.bias))),
    [],
  );
  if (!sol || sol.dropped.length) return undefined;
  return { qdd: sol.y, multipliers: sol.lambda };
}

/**
 * Closed-form impact map for a declared scenario (Kugushev–Sorokina (8.13)):
 * M(q̇⁺ − q̇⁻) = Rᵀ Λ with R q̇⁺ = target (−e·normal velocity for normals,
 * 0 for tangents of sticking contacts), for every mode: the arriving contact
 * engaged, each closed contact either staying (engaged) or leaving
 * (impulse 0). Mode conditions: engaged normal impulses ≥ 0, leaving
 * contacts separate (normal velocity ≥ 0) — Rubanovich–Formalsky (1.17);
 * with one independent velocity, decided per sign (admissibility.ts).
 */
function deriveImpactMap(model: Model, l2: Lagrange2, contacts: readonly ContactKinematics[], sc: ImpactScenario, domain: Domain): ImpactMap {
  const cs = model.coordinates;
  const at = (e: Expr): Expr => simplify(subs(e, sc.at));
  const M = l2.massMatrix.map((r) => r.map(at));
  const rowAt = (r: ContactRow): Expr[] => r.row.map(at);
  const free = cs.map((_c, i) => i).filter((i) => sc.independent.includes(cs[i]!.name));
  // Pre-impact velocities: the closed contacts' rows vanish on q̇⁻, solved
  // for the dependent velocities in terms of the independent ones.
  const vMinus: Sym[] = cs.map((c) => preImpactSymbol(c.q));
  const closedRows = sc.closed.filter((j) => !sc.striking?.includes(j)).flatMap((j) => rowsOf(contacts[j]!));
  const pre = closedRows.length
    ? affineSolution(
        closedRows.map(rowAt),
        closedRows.map((r) => simplify(neg(at(r.rate)))),
        free,
      )
    : undefined;
  const qdMinus: Expr[] = pre
    ? pre.particular.map((p, i) => together(simplify(add(p, ...pre.free.map((f, k) => mul(pre.basis[i]![k]!, vMinus[f]!))))))
    : [...vMinus];
  const modes: ImpactMode[] = [];
  for (let mask = 0; mask < 1 << sc.closed.length; mask++) {
    const stays = sc.closed.filter((_, k) => mask & (1 << k));
    const rows = [sc.arriving, ...stays].flatMap((j) => rowsOf(contacts[j]!));
    const R = rows.map(rowAt);
    const velocityOf = (row: readonly Expr[], rate: Expr, v: readonly Expr[]): Expr => simplify(add(rate, ...row.map((x, i) => mul(x, v[i]!))));
    const target = rows.map((r, k) =>
      r.kind === 'normal' ? simplify(neg(mul(at(contacts[r.contact]!.restitution), velocityOf(R[k]!, at(r.rate), qdMinus)))) : simplify(neg(at(r.rate))),
    );
    const sol = constrainedSolve(M, matVec(M, qdMinus), R, target, free);
    if (!sol) continue;
    const impulses = new Map(rows.map((r, k) => [r.label, sol.lambda[k]!] as const));
    const indeterminate = sol.dropped.map((d) => ({
      labels: [...d.dependsOn.map((k) => rows[k]!.label), rows[d.row]!.label],
      dropped: rows[d.row]!.label,
      weights: d.weights,
    }));
    const conditions: ImpactCondition[] = [];
    for (const r of rows)
      if (r.kind === 'normal')
        conditions.push({
          expr: impulses.get(r.label)!,
          meaning: `impulse of ${contacts[r.contact]!.constraint.name} ≥ 0`,
          states: { kind: 'nonnegative', label: r.label },
        });
    for (const j of sc.closed.filter((k) => !stays.includes(k))) {
      const nr = contacts[j]!.normal;
      conditions.push({
        expr: together(velocityOf(rowAt(nr), at(nr.rate), sol.y)),
        meaning: `${contacts[j]!.constraint.name} separates (normal velocity ≥ 0)`,
      });
    }
    const admissibility = free.length === 1 ? modeAdmissibility(conditions, vMinus[free[0]!]!, domain) : undefined;
    modes.push({ stays, qdPlus: sol.y, impulses, indeterminate, conditions, ...(admissibility ? { admissibility } : {}) });
  }
  const arriving = contacts[sc.arriving]!;
  const approach = together(simplify(add(at(arriving.normal.rate), ...rowAt(arriving.normal).map((x, i) => mul(x, qdMinus[i]!)))));
  if (sc.closed.length === 0 && arriving.friction && arriving.slip?.length === 1 && !arriving.tangent) {
    return { scenario: sc, qdMinus, approach, modes: coulombModes(model, M, arriving, at, qdMinus, free) };
  }
  if ([sc.arriving, ...sc.closed].some((j) => planarCoulomb(contacts[j]!))) {
    return { scenario: sc, qdMinus, approach, modes: coulombImpactModes(model, M, contacts, sc, at, qdMinus) };
  }
  // The sign of v for which the arriving contact does not approach has no impact (the rimless wheel's ψ̇⁻ > 0).
  const approaching = free.length === 1 ? modeAdmissibility([{ expr: neg(approach), meaning: 'approaches' }], vMinus[free[0]!]!, domain) : undefined;
  return { scenario: sc, qdMinus, approach, modes, ...(approaching ? { approaching } : {}) };
}

/**
 * A planar Coulomb contact striking alone: Newton's law on the normal and
 * Coulomb's on the slip, without tangential restitution (the runtime's
 * impact law, src/runtime/contact/impact-law.ts), in two modes.
 * Sticking: ṡ⁺ = 0 besides the normal target, admissible while the
 * impulses lie in the static cone |Δν| ≤ μ_s Δμ. Sliding in the direction
 * d = sgn ṡ (a symbol, as in the sliding phase's (1.3) of smirnov1981 §1):
 * the impulse acts along N − μ_k d S, so M(q̇⁺ − q̇⁻) = (N − μ_k d S)ᵀΔμ
 * with Δμ = −(1 + e) ḟ⁻/(N M⁻¹ (N − μ_k d S)ᵀ), admissible while Δμ ≥ 0
 * and the contact still slides that way, d ṡ⁺ ≥ 0.
 */
function coulombModes(model: Model, M: Matrix, c: ContactKinematics, at: (e: Expr) => Expr, qdMinus: readonly Expr[], free: readonly number[]): ImpactMode[] {
  const name = c.constraint.name;
  const normal = c.normal,
    slip = c.slip![0]!;
  const N = normal.row.map(at),
    S = slip.row.map(at);
  const velocity = (row: readonly Expr[], rate: Expr, v: readonly Expr[]): Expr => simplify(add(at(rate), ...row.map((x, i) => mul(x, v[i]!))));
  const approach = velocity(N, normal.rate, qdMinus);
  const e = at(c.restitution);
  const modes: ImpactMode[] = [];
  const stick = constrainedSolve(M, matVec(M, qdMinus), [N, S], [simplify(neg(mul(e, approach))), simplify(neg(at(slip.rate)))], free);
  if (stick) {
    const [dn, dt] = stick.lambda as [Expr, Expr];
    const cone = at(c.friction!.static);
    const coneSide = (side: 'upper' | 'lower'): ConditionStatement => ({
      kind: 'cone',
      side,
      tangential: [{ label: slip.label, weight: ONE }],
      normals: [{ label: normal.label, coefficient: cone }],
    });
    modes.push({
      stays: [],
      friction: 'stick',
      qdPlus: pinnedForms(model, stick),
      impulses: new Map([
        [normal.label, dn],
        [slip.label, dt],
      ]),
      indeterminate: [],
      conditions: [
        { expr: dn, meaning: `impulse of ${name} ≥ 0`, states: { kind: 'nonnegative', label: normal.label } },
        { expr: together(simplify(add(mul(cone, dn), neg(dt)))), meaning: 'its tangential impulse is inside the static cone', states: coneSide('upper') },
        { expr: together(simplify(add(mul(cone, dn), dt))), meaning: 'on its other side', states: coneSide('lower') },
      ],
    });
  }
  const d = slipSignSymbol(name);
  const mu = at(c.friction!.kinetic);
  const F = N.map((x, i) => simplify(add(x, neg(mul(mu, d, S[i]!)))));
  const w = solveSmall(M, F)?.x;
  if (w) {
    const impulse = together(simplify(div(mul(neg(add(ONE, e)), approach), add(...N.map((x, i) => mul(x, w[i]!))))));
    const qdPlus = qdMinus.map((v, i) => together(simplify(add(v, mul(impulse, w[i]!)))));
    modes.push({
      stays: [],
      friction: 'slide',
      qdPlus,
      impulses: new Map([
        [normal.label, impulse],
        [slip.label, together(simplify(neg(mul(mu, d, impulse))))],
      ]),
      indeterminate: [],
      conditions: [
        { expr: impulse, meaning: `impulse of ${name} ≥ 0`, states: { kind: 'nonnegative', label: normal.label } },
        { expr: together(simplify(mul(d, velocity(S, slip.rate, qdPlus)))), meaning: `${name} keeps sliding the way its sliding equations assume` },
      ],
    });
  }
  return modes;
}

/**
 * The velocities after the impact in the data before it, each one the held
 * rows fix written as they fix it, through the free ones, and those set in:
 * a sticking tip's ẋ⁺ = −l sin θ θ̇⁺ and ẏ⁺ = l cos θ θ̇⁺ − e(ẏ⁻ − l cos θ θ̇⁻)
 * with θ̇⁺ = (lθ̇⁻ − 3ẋ⁻ sin θ + …)/(4l), not the common-denominator forms
 * `together` gives, which divided by ẏ⁻ inside ẏ⁺.
 */
function pinnedForms(model: Model, s: ConstrainedSolution): Expr[] {
  const cs = model.coordinates;
  const a = s.affine;
  const free = new Map(a.free.map((f) => [postImpactSymbol(cs[f]!.q).name, s.y[f]!]));
  return cs.map((_, i) =>
    a.pivots.includes(i) ? subs(add(a.particular[i]!, ...a.free.map((f, k) => mul(a.basis[i]![k]!, postImpactSymbol(cs[f]!.q)))), free) : s.y[i]!,
  );
}
