// The linearization a report prints for a small model: the linearized
// equations about rest (M δq̈ + C δq̇ + K δq = 0, symbolic: derive's
// linearForms) and the equilibria found from the declared initial
// configuration and from q = 0 at the default parameters, each with the
// eigenvalues of its state matrix on the motions its resting contacts allow
// and the verdict (equilibriumSpectrum, which `mechanics linearize` prints too);
// nothing where every configuration is a state of rest.
// Tests: test/studies/linearization.test.ts, test/derive/linearization/equilibria.test.ts (equilibriumSpectrum), test/cli/linearize.test.ts (through the command).
import { children, ZERO, type Expr } from '../core/expr.js';
import { evaluate } from '../core/evaluate.js';
import { memoPass } from '../core/traverse.js';
import { closedFormRest, findEquilibria, linearForms, type Equilibrium, type LinearForms } from '../derive/linearization/equilibria.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import { eigenvalues, type Complex } from '../numeric/eigenvalues.js';

/** An eigenvalue this small is 0: A's differences split a multiple zero into ±√ε, ε ≈ 1e-10 (equilibriumSpectrum). */
const ZERO_EIGENVALUE = 1e-4;

/** Models up to this many coordinates get their linearization studied (and printed: a larger M, C, K is no display). */
const SMALL = 3;

export type EquilibriumVerdict =
  | 'asymptotically stable'
  | 'linearly stable'
  | 'pinned by its contacts'
  | 'stable (pinned by its contacts, every normal reaction positive)'
  | 'neutral (zero eigenvalue: the linearization does not decide)'
  | 'linear drift (zero eigenvalue with a Jordan block: the linearization does not decide)'
  | 'unstable'
  | 'not linearizable'
  | 'on a switching surface (the force is not differentiable there: the linearization does not decide)';

/** An equilibrium with the eigenvalues of its constrained motion and the verdict. */
export interface StudiedEquilibrium extends Equilibrium {
  readonly eigenvalues: readonly Complex[];
  readonly verdict: EquilibriumVerdict;
  /**
   * The eigenvalues (by index) that belong to the realization, not to the motion it realizes: each proportional to
   * 1/τ, τ a patch's slip relaxation time (the parameter named), halved where τ is doubled; `scaled` is λτ. Rolling is realized by
   * relaxing the slip over τ (kuleshov2011 §4 holds it exactly), so such an eigenvalue runs off to −∞ as τ → 0.
   */
  readonly realization?: readonly { readonly index: number; readonly parameter: string; readonly scaled: Complex }[];
}

/** A small model's linearization: the symbolic forms, and the equilibria at the default parameters (none found: empty). */
export interface LinearizationStudy {
  readonly forms: LinearForms;
  readonly equilibria: readonly StudiedEquilibrium[];
  /** The angle coordinate the starts were also turned about, contact by contact (equilibriumStarts), if any. */
  readonly turnedAbout?: string;
  /** The one rest found, free, in closed form (closedFormRest), and C, K there (M kept in q: (l + u)² reads better than its expansion): kozlov1988 Th. 1's hanging pendulum. */
  readonly rest?: { readonly at: ReadonlyMap<string, Expr>; readonly forms: LinearForms };
}

/**
 * Eigenvalues of an equilibrium's A on the motions its resting contacts
 * allow, and the verdict. A held row keeps g̈ = 0, so its (δg, δġ) evolve
 * on their own with eigenvalues 0 (a Jordan block): the spectrum of A is
 * that of the constrained motion plus two zeros per held row, which are
 * removed (the smallest in modulus). Verdict, to 1e-9 of the largest |λ|:
 * some Re λ > 0 unstable; all < 0 asymptotically stable; all on the
 * imaginary axis and none zero linearly stable (a conservative minimum:
 * λ = ±iω); none left at all (resting contacts pin every coordinate):
 * pinned, with nothing to linearize, and stable without friction (its
 * contacts press: V has a strict minimum there on the admissible set). A zero eigenvalue (to 1e-5 of the largest |λ|: A's entries come
 * from differences with an error ε near 1e-10, which splits a double zero
 * into ±√ε) leaves the decision to the nonlinear terms: a free point at
 * rest, a disk on a floor, a cyclic coordinate. It drifts (δq = a + bt) when
 * zero has fewer eigenvectors than its multiplicity (a Jordan block; the
 * eigenvectors counted as the null space of A less one per held row), and
 * is neutral otherwise (a damped free particle: δq̇ decays, δq stays).
 * Not linearizable where A is undefined (M singular at a coordinate
 * singularity).
 */
export function equilibriumSpectrum(eq: Equilibrium): { eigenvalues: Complex[]; verdict: EquilibriumVerdict } {
  const n2 = eq.A.length;
  // A coordinate singularity (the spherical pendulum hanging at its pole: M singular) leaves A undefined.
  if (!eq.A.flat().every(Number.isFinite)) return { eigenvalues: [], verdict: 'not linearizable' };
  const all = eigenvalues(n2, eq.A.flat()).sort((a, b) => Math.hypot(a.re, a.im) - Math.hypot(b.re, b.im));
  const kept = all.slice(2 * eq.heldRank).sort((a, b) => b.re - a.re || b.im - a.im);
  const scale = Math.max(1, ...kept.map((z) => Math.hypot(z.re, z.im)));
  const tol = 1e-9 * scale;
  const isZero = (z: Complex): boolean => Math.hypot(z.re, z.im) <= 1e-5 * scale;
  const zeros = kept.filter(isZero).length;
  // No eigenvalue left (contacts pin every coordinate): the linearization has nothing to say. Without friction the
  // rest is stable all the same: its contacts press (the rest search admits no other, equilibria.ts), so gravity's
  // force lies inside the cone of their normals and V rises along every motion they allow, to first order; a strict
  // minimum of V on the admissible set, and the energy never rises (impacts take it), so the rest is Lyapunov stable.
  // Held by friction (a block sticking on an incline) it may not be a minimum of V: only pinned.
  if (kept.length === 0)
    return { eigenvalues: kept, verdict: eq.friction?.length ? 'pinned by its contacts' : 'stable (pinned by its contacts, every normal reaction positive)' };
  const verdict: EquilibriumVerdict = kept.some((z) => !isZero(z) && z.re > tol)
    ? 'unstable'
    : zeros > 0
      ? zeros > nullity(eq.A) - eq.heldRank
        ? 'linear drift (zero eigenvalue with a Jordan block: the linearization does not decide)'
        : 'neutral (zero eigenvalue: the linearization does not decide)'
      : kept.every((z) => z.re < -tol)
        ? 'asymptotically stable'
        : 'linearly stable';
  return { eigenvalues: kept, verdict };
}

/** The dimension of A's null space: Gaussian elimination with complete pivoting, a pivot below 1e-7 of the largest |entry| taken as zero. */
export function nullity(A: readonly (readonly number[])[]): number {
  const n = A.length;
  const a = A.map((row) => [...row]);
  const small = 1e-7 * Math.max(...a.flat().map(Math.abs));
  let rank = 0;
  for (; rank < n; rank++) {
    let pr = rank,
      pc = rank;
    for (let i = rank; i < n; i++) for (let j = rank; j < n; j++) if (Math.abs(a[i]![j]!) > Math.abs(a[pr]![pc]!)) [pr, pc] = [i, j];
    if (!(Math.abs(a[pr]![pc]!) > small)) break;
    [a[rank], a[pr]] = [a[pr]!, a[rank]!];
    for (const row of a) [row[rank], row[pc]] = [row[pc]!, row[rank]!];
    for (let i = rank + 1; i < n; i++) {
      const f = a[i]![rank]! / a[rank]![rank]!;
      for (let j = rank; j < n; j++) a[i]![j]! -= f * a[rank]![j]!;
    }
  }
  return n - rank;
}

/**
 * Starts of the equilibrium search: the declared initial configuration, and q = 0; where every contact is contact 0
 * turned by a multiple of 2π/m about one angle coordinate (m contacts: the rimless wheel's spokes), the declared one
 * also turned back by each contact's angle, so that every contact's rests are sought near its own image of it.
 */
export function equilibriumStarts(system: DerivedSystem): number[][] {
  const q0 = [...system.model.initial.q0];
  const zero = q0.map(() => 0);
  const starts = q0.every((v) => v === 0) ? [zero] : [q0, zero];
  const turned = contactTurns(system);
  if (!turned) return starts;
  // The declared start turned (q = 0 once: its turns add solves, not rests).
  return [...turned.turns.map((d) => q0.map((v, i) => (i === turned.coordinate ? v - d : v))), ...starts.slice(1)];
}

/** The angle coordinate and each contact's turn (0 for contact 0) that carries contact 0's gap onto its own; undefined where none does. */
function contactTurns(system: DerivedSystem): { coordinate: number; turns: number[] } | undefined {
  const { model } = system;
  const m = model.unilateral.length;
  if (m < 3) return undefined;
  const params = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const names = model.coordinates.map((c) => c.q.name);
  // A few configurations away from every symmetry of the gaps.
  const probes = [0.31, -1.17, 2.03].map((x, k) => names.map((_, i) => x + 0.37 * i - 0.11 * k));
  const gap = (j: number, q: readonly number[]): number =>
    evaluate(model.unilateral[j]!.gap, { ...params, ...Object.fromEntries(names.map((n, i) => [n, q[i]!])) });
  for (let c = 0; c < names.length; c++) {
    if (model.coordinates[c]!.unit !== 'rad') continue;
    const turnOf = (j: number): number | undefined =>
      Array.from({ length: m }, (_, k) => (2 * Math.PI * k) / m).find((d) =>
        probes.every(
          (q) =>
            Math.abs(
              gap(j, q) -
                gap(
                  0,
                  q.map((v, i) => (i === c ? v + d : v)),
                ),
            ) < 1e-9,
        ),
      );
    const turns = Array.from({ length: m }, (_, j) => turnOf(j));
    if (turns.every((d) => d !== undefined) && new Set(turns).size === m) return { coordinate: c, turns: turns as number[] };
  }
  return undefined;
}

/**
 * The linearization of a small model without retaining constraints (linearForms does not handle them); undefined for
 * any other, and for one without isolated equilibria: where K ≡ 0 the forcing at rest is the same at every
 * configuration, so one free equilibrium with only zero eigenvalues makes every configuration one (a free particle in
 * a billiard), a continuum whose linearization decides nothing.
 */
export function linearizationStudy(system: DerivedSystem): LinearizationStudy | undefined {
  if (system.model.coordinates.length > SMALL || system.constraints) return undefined;
  const params = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  let found: Equilibrium[] = [];
  try {
    found = findEquilibria(system, params, equilibriumStarts(system));
  } catch (err) {
    // No equilibrium from either start: the report says so.
    if (!(err instanceof MechanicsError)) throw err;
  }
  const forms = linearForms(system);
  const spectrum = equilibriumSpectra(system, params);
  const turned = contactTurns(system);
  // Starts turned contact by contact find the rests in the starts' order: listed by the contacts they rest on instead.
  const order = (a: Equilibrium, b: Equilibrium): number => a.held.length - b.held.length || (a.held.map((j, k) => j - b.held[k]!).find((d) => d !== 0) ?? 0);
  const sorted = turned ? [...found].sort(order) : found;
  const equilibria = sorted.map((eq) => withRealization(system, params, { ...eq, ...spectrum(eq) }));
  // K ≡ 0 and every rest found free with only zero eigenvalues (a realized contact's force is in A, not in K).
  const continuum =
    equilibria.length > 0 &&
    forms.K.every((r) => r.every((k) => k === ZERO)) &&
    equilibria.every((eq) => eq.held.length === 0 && eq.eigenvalues.every((z) => Math.hypot(z.re, z.im) < ZERO_EIGENVALUE));
  if (continuum) return undefined;
  const at = equilibria.length === 1 && equilibria[0]!.held.length === 0 ? closedFormRest(system, equilibria[0]!.q, params) : undefined;
  const there = (rows: readonly (readonly Expr[])[]): Expr[][] => rows.map((r) => r.map((e) => simplify(subs(e, at!))));
  return {
    forms,
    equilibria,
    ...(turned ? { turnedAbout: system.model.coordinates[turned.coordinate]!.name } : {}),
    ...(at ? { rest: { at, forms: { M: forms.M, C: there(forms.C), K: there(forms.K) } } } : {}),
  };
}

/** Relative agreement asked of an eigenvalue and twice its counterpart at the doubled relaxation time (A from differences: about 1e-7). */
const SCALING = 1e-5;

/**
 * The rest's eigenvalues proportional to 1/τ, τ each patch's slip relaxation time that is a parameter: the rest found
 * again with τ doubled, an eigenvalue λ is the relaxation's where 2λ' = λ for one λ' there and λ itself is not there
 * (viscoelastic-disk: −1/t_r, the slip ẋ + rφ̇ relaxed at rest).
 */
function withRealization(system: DerivedSystem, params: Readonly<Record<string, number>>, eq: StudiedEquilibrium): StudiedEquilibrium {
  const names = new Set(system.model.parameters.map((p) => p.name));
  const relaxations = (system.model.patches ?? []).flatMap((p) => {
    const tau = p.friction?.relaxation;
    return tau?.kind === 'sym' && names.has(tau.name) ? [tau.name] : [];
  });
  const near = (a: Complex, b: Complex): boolean => Math.hypot(a.re - b.re, a.im - b.im) <= SCALING * Math.hypot(a.re, a.im);
  const found = [...new Set(relaxations)].flatMap((parameter) => {
    const doubled = { ...params, [parameter]: 2 * params[parameter]! };
    const again = findEquilibria(system, doubled, [eq.q]).find((e) => e.held.join() === eq.held.join());
    if (!again) return [];
    const other = equilibriumSpectra(system, doubled)(again).eigenvalues;
    return eq.eigenvalues.flatMap((z, index) =>
      Math.hypot(z.re, z.im) > ZERO_EIGENVALUE && !other.some((w) => near(z, w)) && other.some((w) => near(z, { re: 2 * w.re, im: 2 * w.im }))
        ? [{ index, parameter, scaled: { re: z.re * params[parameter]!, im: z.im * params[parameter]! } }]
        : [],
    );
  });
  return found.length ? { ...eq, realization: found } : eq;
}

const SWITCHING: EquilibriumVerdict = 'on a switching surface (the force is not differentiable there: the linearization does not decide)';

/**
 * The functions whose zero set is a switching surface of the forces: the
 * arguments of sgn and |·| in the forcing (a discontinuous or kinked force,
 * kozlov1988 §2's g sgn x) and the gaps of contacts realized by forces
 * where they engage (their force switches on at the gap's zero).
 */
function switchingFunctions(system: DerivedSystem): Expr[] {
  const found = new Set<Expr>();
  const visit = memoPass<void>((u, go) => {
    if (u.kind === 'fn' && (u.name === 'sign' || u.name === 'abs')) found.add(u.args[0]!);
    for (const c of children(u)) go(c);
  });
  for (const f of system.lagrange2.forcing) visit(f);
  for (const t of system.compliant?.terms ?? []) if (!t.everywhere) found.add(t.gap);
  for (const t of system.patches?.terms ?? []) found.add(t.gap);
  return [...found];
}

/**
 * The eigenvalues and verdict of each equilibrium of the system at `params`
 * and time t (the report's and `mechanics linearize`'s, one rule): none
 * where the rest lies on a switching surface, else equilibriumSpectrum's.
 */
export function equilibriumSpectra(
  system: DerivedSystem,
  params: Readonly<Record<string, number>>,
  t = 0,
): (eq: Equilibrium) => { eigenvalues: Complex[]; verdict: EquilibriumVerdict } {
  const switching = switchingFunctions(system);
  return (eq) => (onSwitchingSurface(system, switching, eq.q, params, t) ? { eigenvalues: [], verdict: SWITCHING } : equilibriumSpectrum(eq));
}

/** Whether a rest at q (q̇ = 0) lies on a switching surface: a switching function within 1e-9 of zero there. */
function onSwitchingSurface(
  system: DerivedSystem,
  switching: readonly Expr[],
  q: readonly number[],
  params: Readonly<Record<string, number>>,
  t: number,
): boolean {
  const env: Record<string, number> = { ...params, t };
  system.model.coordinates.forEach((c, i) => {
    env[c.q.name] = q[i]!;
    env[c.qd.name] = 0;
  });
  return switching.some((f) => Math.abs(evaluate(f, env)) <= 1e-9);
}
