// The derivation pipeline: model → DerivedSystem, everything later stages
// (codegen, reports) need, as data. DerivedSystem owns every mathematical
// fact; codegen emits it and reports print it, neither recomputes one:
//   M, forcing, momenta, b, ∂L/∂q, constant M      lagrange2 (lagrange2.ts)
//   H and the canonical equations                 hamilton (hamilton.ts), of L_N where
//   constraints are realized everywhere              realized (realized-lagrangian.ts)
//   retaining rows A, b = ∂φ/∂t, bias Ȧq̇ + ḃ       constraints (lagrange1.ts)
//   gaps, ∂f/∂q, ∂f/∂t, gap biases, restitution   unilateral.contacts (unilateral.ts)
//   contact phases (q̈, σ̇)                         unilateral.phases
//   impact maps, mode conditions                  unilateral.impactMaps[].modes
//   mode admissibility per sign of q̇⁻             modes[].admissibility (admissibility.ts)
//   what those verdicts assume                    unilateral.assumptions (assumptions.ts)
//   critical parameter values, how established    impactMaps[].critical (critical.ts)
//   Smirnov's support pairs: (1.1), (1.3), variants supports (supports.ts)
//   Lagrange II and Hamilton with their reactions    supportEquations (support-equations.ts)
//   the start from rest and rest persistence         supportRest (support-rest.ts)
//   hinges with journal friction: (2.4) vs (2.6)      hinges (hinges.ts)
//   ∂R/∂x, ∂C/∂x for the Jacobian of the rhs         linearization (linearize.ts)
//   the contact rows' pieces of a phase's Jacobian    phaseLinearization (phase-linearize.ts)
//   compliant terms (Kozlov's realizations): V_c, D, T_a, F_n, regions, residual increments, rigid limit   compliant (compliant.ts)
//   distributed contact laws: regimes, resultants, generalized forces, friction sign   patches (patch.ts)
//   a patch's impact scaled free of parameters (kuleshov2011 (6.1)–(6.2))   patches.terms[].universal (universal.ts, patches.ts)
//   a patch's slip in an impact, on an incline, rolling (kuleshov2011 §7, §11–§12)   patches.terms[].slipping (slip.ts, patches.ts)
//   a patch's transverse motion under the load, scaled (kuleshov2011 §8–§9, Prop. 12)   patches.terms[].transverse (transverse.ts, patches.ts)
//   the joints' tree and τ besides inertia and weight   tree (tree.ts)
//   the bodies' pieces M and forcing are assembled from  bodywise (bodywise.ts)
//   T + V, and whether it is conserved            energy, conservative (conservation.ts)
//   whether T + V can ever rise                   passive (conservation.ts)
//   T at q̇ = 0 (T = ½q̇ᵀMq̇ + bᵀq̇ + T₀)             kineticAtRest
//   M, forcing, ∂f/∂q free of the state            constant (lagrange2.freeOfState)
//   M, forcing, bias as numeric studies evaluate them   values (values.ts)
//   coordinates entering only through sin, cos     periodic (periodicity.ts)
// Numeric sanity checks (checks.ts) run here and throw; they add no data.
// Covered by test/derive/* (one file per module) and, end to end, by
// test/unilateral/* and test/report/sections.test.ts.
import { positiveParameters } from './proofs/assumptions.js';
import { add, mul, TWO, type Expr } from '../core/expr.js';
import { collectCoefficients } from '../core/coefficients.js';
import { expandAll } from '../core/expand.js';
import { simplify, simplifyTrig } from '../core/trig.js';
import type { Model } from '../model/model.js';
import { checkDerivation, contactRows, type DerivationChecks } from './checks.js';
import { deriveCompliant, type CompliantDerivation } from './compliant/compliant.js';
import { realizedLagrangian, type RealizedLagrangian } from './compliant/realized-lagrangian.js';
import { energyChanges, isConservative, isPassive, type EnergyChange } from './lagrange/conservation.js';
import { deriveHamilton, type Hamilton } from './lagrange/hamilton.js';
import { deriveConstraints, type RetainingConstraints } from './lagrange/lagrange1.js';
import { deferredLagrange2, deriveLagrange2, freeOfState, keptSums, type Lagrange2 } from './lagrange/lagrange2.js';
import { simplifiedValues, unsimplifiedValues, type DynamicsValues } from './lagrange/values.js';
import { deriveTreeDynamics, type TreeDynamics } from './lagrange/tree.js';
import { deriveBodywise, type Bodywise } from './lagrange/bodywise.js';
import { deriveHinges, type HingeDerivation } from './friction/hinges.js';
import { deriveLinearization, type Linearization } from './linearization/linearize.js';
import { derivePhaseLinearization, type PhaseLinearization } from './linearization/phase-linearize.js';
import { periodicCoordinates } from './periodicity.js';
import { withPatchJacobian } from './compliant/patch.js';
import { derivePatchResults, type Patches } from './compliant/patches.js';
import { deriveSupports, type SupportDerivation } from './friction/supports.js';
import { deriveSupportRest, type SupportRest } from './friction/support-rest.js';
import { deriveSupportEquations, type SupportEquations } from './friction/support-equations.js';
import { onSupportManifold } from './friction/support-manifold.js';
import { deriveUnilateral, type UnilateralDerivation } from './unilateral/unilateral.js';

export interface DerivedSystem {
  readonly model: Model;
  /** The parameters assumed > 0 (a declared range above 0, else a positive default: proofs/assumptions.ts), for forms that take them out of sgn and roots. */
  readonly positive: ReadonlySet<string>;
  readonly lagrange2: Lagrange2;
  readonly hamilton: Hamilton;
  /** L_N = T_N − V_N's parts and momenta where constraints are realized everywhere (kozlov1988 (1.2)); Hamilton's equations are L_N's. */
  readonly realized?: RealizedLagrangian;
  /** What the numeric checks accepted (checks.ts): M positive definite, or singular alone and pinned by the contacts. */
  readonly checks: DerivationChecks;
  readonly constraints?: RetainingConstraints;
  readonly unilateral?: UnilateralDerivation;
  /** Non-ideal retaining constraints (Smirnov): the reaction system of every support variant and the friction forces. */
  readonly supports?: SupportDerivation;
  /** Lagrange II and Hamilton's ṗ with the support reactions N_k and their friction (1.3) in place of Aᵀλ; with supports only. */
  readonly supportEquations?: SupportEquations;
  /** The start from rest and rest persistence of support pairs leaving one freedom (support-rest.ts). */
  readonly supportRest?: SupportRest;
  /** Constraints realized by forces (compliant contacts, gap potentials, Theorem 1 realizations); absent without. */
  readonly compliant?: CompliantDerivation;
  /** Distributed contact laws (patch.ts): the law, its regimes' generalized forces (added to forcing by the generated code), their Jacobian increments; absent without. */
  readonly patches?: Patches;
  /**
   * M, the forcing and the constraint bias as numeric studies evaluate them
   * (steady motions): lagrange2's and constraints', or for a bodywise model,
   * whose simplified ones are derived on first access, the same functions
   * unsimplified (values.ts).
   */
  readonly values: DynamicsValues;
  /** The residuals' Jacobians behind rhsJacobian. */
  readonly linearization: Linearization;
  /** Per contact row, the pieces a contact phase adds to it (phase-linearize.ts); absent without contacts. */
  readonly phaseLinearization?: PhaseLinearization;
  /** Hinges with journal friction (Smirnov's examples 3, 4); empty without. */
  readonly hinges: readonly HingeDerivation[];
  /** The joints' tree and the generalized forces besides inertia and weight, for the O(n) route to q̈; absent unless the model is a tree. */
  readonly tree?: TreeDynamics;
  /** Per frame, point and body of the geometry, the pieces M and the forcing are assembled from at run time; absent unless the bodies make T. */
  readonly bodywise?: Bodywise;
  /** T + V where a potential exists. */
  readonly energy?: Expr;
  /** T₀ = T at q̇ = 0 = L₀ + V (non-zero in a moving frame), where T and V were given. */
  readonly kineticAtRest?: Expr;
  /**
   * T + V is conserved by the smooth motion (between impacts): Q = 0, a
   * potential, L autonomous, retaining constraints scleronomic
   * (conservation.ts). The generated module's `model.conservative`.
   */
  readonly conservative: boolean;
  /** Why T + V is not conserved (conservation.ts): applied forces outside V, friction, a realization's damping, …; none when conservative. */
  readonly energyChanges: readonly EnergyChange[];
  /** T + V never rises, impacts (e ≤ 1) and friction included: natural, and no contact surface moves (conservation.ts). */
  readonly passive: boolean;
  /**
   * Which of M, forcing and the gaps' Jacobian ∂f/∂q are free of the state
   * (M and ∂f/∂q of q and t, forcing of q, q̇ and t), so a time-stepper
   * evaluates them once (Siconos' LagrangianLinearTIDS/TIR): the generated
   * module's `model.constant`. Compliant and patch forces make the forcing
   * state-dependent, an added mass M.
   */
  readonly constant: { readonly massMatrix: boolean; readonly forcing: boolean; readonly gapJacobian: boolean };
  /**
   * Per coordinate, whether the equations are 2π-periodic in it: it occurs
   * only in sin and cos of integer multiples of it (periodicity.ts), so the
   * runtime integrates it reduced to (−π, π]. The generated module's
   * `model.periodic`.
   */
  readonly periodic: readonly boolean[];
}

/**
 * T + V = L + 2V with L = T − V: Lagrange II's L, the compact sum
 * ½q̇ᵀMq̇ + bᵀq̇ + L₀ (exact, as L is quadratic in q̇), gives the same
 * simplified form as simplify(T + V) without expanding T's squares of sums
 * first (on the 40-link pendulum alone 260 → 55 ms), and M's mass sums
 * kept as factors (keptSums).
 */
function totalEnergy(model: Model, lagrange2: Lagrange2, V: Expr): Expr {
  const free = keptSums(model);
  // Collected: L₀ = −V has the mass sums (collectCoefficients), 2V not.
  return collectCoefficients(simplifyTrig(expandAll([lagrange2.L, mul(TWO, V)], free)), free);
}

export function deriveSystem(model: Model): DerivedSystem {
  const bodywise = deriveBodywise(model);
  // A bodywise model's simplified M and forcing are derived where printed (the report, the generated module), not here.
  const lagrange2 = bodywise ? deferredLagrange2(model) : deriveLagrange2(model);
  const constraints = deriveConstraints(model, lagrange2);
  const values = bodywise ? unsimplifiedValues(model, constraints) : simplifiedValues(model, lagrange2, constraints);
  const checks = checkDerivation(model, values.massMatrix, constraints?.A, contactRows(model));
  const compliant = deriveCompliant(model, lagrange2);
  const realized = realizedLagrangian(model, lagrange2, compliant);
  const hamilton = deriveHamilton(model, realized ?? lagrange2, checks.massMatrix, realized?.Q);
  const unilateral = deriveUnilateral(model, lagrange2);
  const held = constraints && onSupportManifold(model, constraints);
  const supports = deriveSupports(model, lagrange2, held);
  const supportEquations = supports && held && deriveSupportEquations(model, lagrange2, held, supports, hamilton.explicit?.qdot);
  const supportRest = supports && deriveSupportRest(model, lagrange2, supports);
  const hinges = deriveHinges(model, lagrange2, constraints);
  const patches = derivePatchResults(model, lagrange2);
  // Derived on first use (the generated Jacobian): the bicycle's takes minutes to simplify, and a study needs only its values (steady.ts).
  let linearization: Linearization | undefined;
  // Made of lagrange2's L: on first use where that is deferred, else now (the bench's deriveMs counts it).
  let energy: Expr | undefined;
  const energyNow = (): Expr | undefined => (energy ??= model.T && model.V ? totalEnergy(model, lagrange2, model.V) : undefined);
  if (!bodywise) energyNow();
  const kineticAtRest = model.T && model.V ? simplify(add(lagrange2.L0, model.V)) : undefined;
  let changes: readonly EnergyChange[] | undefined;
  const conservative = isConservative(model, lagrange2, constraints) && !compliant?.dissipative && !patches;
  const passive = isPassive(model, lagrange2, constraints) && !patches;
  const gapJacobian = (unilateral?.contacts ?? []).every((c) => c.normal.row.every((e) => freeOfState(e, model)));
  // Getters: lagrange2's flags are derived with its M and forcing.
  const constant = {
    get massMatrix() {
      return lagrange2.constantMass && !compliant?.terms.some((t) => t.inertia);
    },
    get forcing() {
      return lagrange2.constantForcing && !compliant && !patches;
    },
    gapJacobian,
  };
  return {
    model,
    positive: positiveParameters(model),
    lagrange2,
    hamilton,
    ...(realized ? { realized } : {}),
    checks,
    ...(constraints ? { constraints } : {}),
    ...(unilateral ? { unilateral, phaseLinearization: derivePhaseLinearization(model, unilateral) } : {}),
    ...(supports ? { supports } : {}),
    ...(supportEquations ? { supportEquations } : {}),
    ...(supportRest ? { supportRest } : {}),
    ...(compliant ? { compliant } : {}),
    ...(patches ? { patches } : {}),
    hinges,
    ...(model.tree ? { tree: deriveTreeDynamics(model, model.tree) } : {}),
    ...(bodywise ? { bodywise } : {}),
    values,
    get linearization(): Linearization {
      linearization ??= withPatchJacobian(deriveLinearization(model, lagrange2, constraints, compliant), patches);
      return linearization;
    },
    get energy(): Expr | undefined {
      return energyNow();
    },
    ...(kineticAtRest ? { kineticAtRest } : {}),
    conservative,
    // On first use: the symmetry test of Q differentiates it n² times.
    get energyChanges(): readonly EnergyChange[] {
      changes ??= energyChanges(model, lagrange2, constraints, compliant, patches !== undefined);
      return changes;
    },
    passive,
    constant,
    periodic: periodicCoordinates(model),
  };
}
