// The frictional impact's complementarity solved by the enumeration of the
// contacts' phases (src/numeric/frictional-impact.ts, printed from the IR the
// C driver prints too): the solve friction-impact.ts applies at an impact,
// in the layout of friction-lcp.ts (per contact its normal row, then its slip
// rows). Where the contacts have more phase combinations than
// MAX_MODE_COMBINATIONS, or none is admissible to the enumeration's rounding
// tolerances, it answers undefined and the caller solves the same problem by
// Lemke's method or on the exact cone (friction-lcp.ts).
// Tests: test/numeric/frictional-impact.test.ts, test/runtime/contact/friction-impact.test.ts.

import { frictionalImpactModes, frictionalModeCount, type FrictionalImpactProblem, type FrictionalImpactWorkspace } from '../../numeric/frictional-impact.js';
import type { ContactPhase, FrictionContact, FrictionSolution } from '../complementarity/friction-lcp.js';

/** The enumeration's scratch for r rows and k contacts. */
export function frictionalImpactWorkspace(r: number, k: number): FrictionalImpactWorkspace {
  const reals = (length: number): Float64Array => new Float64Array(length);
  const ints = (length: number): Int32Array => new Int32Array(length);
  return {
    best: reals(r),
    bestPhase: ints(k),
    phase: ints(k),
    dirX: reals(k),
    dirY: reals(k),
    angle: reals(k),
    bestAngle: reals(k),
    lambda: reals(r),
    xi: reals(r),
    nu: reals(r),
    F: reals(r * r),
    A: reals(r * r),
    rhs: reals(r),
    z: reals(r),
    eq: ints(r),
    col: ints(r),
    slider: ints(k),
    turns: ints(k),
    g: reals(k),
    gh: reals(k),
    J: reals(k * k),
    step: reals(k),
  };
}

/**
 * Combinations the runtime enumerates at one impact: three spatial contacts
 * (3³) or three planar ones at rest (4³ = 64 is past it by design). Each
 * costs a dense solve and, per sliding spatial contact, a Newton search:
 * the tumbling box's four resting corners (3⁴ = 81) took 27 ms an impact,
 * Lemke's method on the same problem well under one. Beyond, the LCP
 * (friction-lcp.ts) solves it; the C driver, which has no LCP, enumerates
 * up to MAX_MODE_COMBINATIONS.
 */
const ENUMERATED_COMBINATIONS = 27;

/** The enumeration's phase codes as friction-lcp's phases: open, engaged frictionless, stuck, sliding (3, 4, 5). */
const PHASES: readonly ContactPhase[] = ['open', 'closed', 'stick', 'slip', 'slip', 'slip'];

export interface EnumeratedRows {
  readonly contacts: readonly FrictionContact[];
  /** W = H M⁻¹ Hᵀ, r×r. */
  readonly W: Float64Array;
  /** The rows' velocities before the impact. */
  readonly U: Float64Array;
  /** Static μ per contact of `contacts` (the cone of a contact that did not slide before). */
  readonly staticMu: readonly number[];
  /** Slip speed below which a contact did not slide before. */
  readonly restVelocity: number;
  /** Σ_i |H_ai q̇⁻_i| per row: with |b_a| the size of the terms of a row's velocity, whose largest is the scale of a dependent row's rounding. */
  readonly terms: Float64Array;
}

/** A solve of ξ = W Λ + b for the bias b by enumeration (header); undefined where it has no answer. */
export function enumeratedSolver(rows: EnumeratedRows): (b: Float64Array) => FrictionSolution | undefined {
  const { contacts, W, U } = rows;
  const k = contacts.length;
  const start = new Int32Array(k);
  let r = 0;
  contacts.forEach((c, a) => {
    start[a] = r;
    r += 1 + c.slip;
  });
  const base = {
    r,
    k,
    W,
    U,
    restVelocity: rows.restVelocity,
    start,
    slips: Int32Array.from(contacts, (c) => c.slip),
    kind: Int32Array.from(contacts, (c) => (c.mu === Infinity ? 2 : c.mu > 0 && c.slip > 0 ? 1 : 0)),
    muK: Float64Array.from(contacts, (c) => c.mu),
    muS: Float64Array.from(rows.staticMu),
    separating: Uint8Array.from(contacts, (c) => (c.separating ? 1 : 0)),
  };
  const work = frictionalImpactWorkspace(r, k);
  return (b) => {
    let size = 0;
    for (let a = 0; a < r; a++) size = Math.max(size, Math.abs(b[a]!) + rows.terms[a]!);
    const problem: FrictionalImpactProblem = { ...base, b, size };
    const combinations = frictionalModeCount(problem, ENUMERATED_COMBINATIONS);
    if (combinations > ENUMERATED_COMBINATIONS || !frictionalImpactModes(problem, work, combinations)) return undefined;
    const impulses = Float64Array.from(work.best);
    const velocities = Float64Array.from(b, (v, a) => {
      for (let c = 0; c < r; c++) v += W[a * r + c]! * impulses[c]!;
      return v;
    });
    const phases = Array.from(work.bestPhase, (code) => PHASES[code]!);
    return {
      status: 'ok',
      impulses,
      velocities,
      phases,
      pivots: 0,
      sweeps: 0,
      solves: 1,
      residual: residual(contacts, start, impulses, velocities, phases),
      regularized: false,
    };
  };
}

/**
 * The law's residual in the original unknowns: |min(Λ_N, ξ_N)| of every
 * contact, |ξ_T| of a stuck one, |Λ_T| − μΛ_N of a sliding one, the largest.
 */
function residual(contacts: readonly FrictionContact[], start: Int32Array, lam: Float64Array, xi: Float64Array, phases: readonly ContactPhase[]): number {
  let worst = 0;
  contacts.forEach((c, a) => {
    const row = start[a]!;
    worst = Math.max(worst, Math.abs(Math.min(lam[row]!, xi[row]!)));
    let tangent = 0,
      slip = 0;
    for (let s = 1; s <= c.slip; s++) {
      tangent += lam[row + s]! ** 2;
      slip += xi[row + s]! ** 2;
    }
    if (phases[a] === 'stick') worst = Math.max(worst, Math.sqrt(slip));
    if (phases[a] === 'slip' && c.mu < Infinity) worst = Math.max(worst, Math.abs(Math.sqrt(tangent) - c.mu * lam[row]!));
  });
  return worst;
}
