// Printed from src/codegen/solvers/impact-modes.ts by `npm run solvers`: edit that file, not this one.
//
// Impact map with mode selection by enumeration. Kugushev–Sorokina (8.13)–
// (8.14) closed by Newton's law per contact; modes as in Rubanovich–Formalsky
// §1. With the normal velocities U = N q̇ + ∂g/∂t of the contacts closed
// before the impact, for every subset S of them (the engaged contacts):
//   M (q̇⁺ − q̇⁻) = R_Sᵀ Λ,   R_S q̇⁺ = c_S,
// where R_S holds the normal rows of S (c = −e·min(U⁻, 0) − ∂g/∂t, i.e.
// U⁺ = −e U⁻), the tangent rows of the sticking contacts in S (c = −∂/∂t of
// the tangent constraint, i.e. tangential velocity 0) and the retaining rows
// (A q̇ + a = 0). S is admissible when every engaged normal impulse is ≥ 0 and
// every closed contact outside S ends with U⁺ + e·min(U⁻, 0) ≥ 0 (it leaves,
// or is resolved by its own law: no penetration). The admissible mode that
// satisfies these conditions best is applied; none, or two that satisfy them
// to rounding and give different velocities, are reported by status.
//
// Generated modules carry the same declarations, printed from the same IR,
// with the Schur solve (./schur.ts) beside them: no module-level state, no
// allocation (every array is passed in).
import { leastNormSplit } from './least-norm.js';
import { schurSolve } from './schur.js';
import type { SchurSystem } from './schur.js';

/** What to do when several contacts arrive at once: report it, or resolve all (the model's `multipleImpacts`). */
export type MultipleImpactRule = 'error' | 'lcp';

/** The impact problem at one state, row-major arrays (all read only). */
export interface ImpactProblem {
  /** Coordinates. */
  readonly n: number;
  /** Unilateral contacts. */
  readonly m: number;
  /** Tangent rows (one per sticking contact). */
  readonly mt: number;
  /** Retaining constraint rows. */
  readonly mr: number;
  /** q̇⁻, n. */
  readonly qdMinus: Float64Array;
  /** Normal rows N = ∂g/∂q, m×n. */
  readonly N: Float64Array;
  /** ∂g/∂t, m. */
  readonly nr: Float64Array;
  /** Restitution e per contact, m (U⁺ = −e U⁻; W² for a w-law, 0 plastic). */
  readonly e: Float64Array;
  /** 1 for the contacts closed before the impact (g ≤ tolerance), m. */
  readonly closed: Uint8Array;
  /** Tangent rows of sticking contacts, mt×n. */
  readonly T: Float64Array;
  /** ∂/∂t of each tangent constraint, mt. */
  readonly tr: Float64Array;
  /** The contact of each tangent row, mt. */
  readonly tangentContact: Int32Array;
  /** Retaining rows A (velocity level A q̇ + a = 0), mr×n. */
  readonly A: Float64Array;
  /** a, mr. */
  readonly ar: Float64Array;
  /** The rule for several contacts arriving at once. */
  readonly multipleImpacts: MultipleImpactRule;
}

/** Results, allocated once by the caller. */
export interface ImpactOutcome {
  /** q̇⁺, n (q̇⁻ on any status but 'ok'). */
  readonly qdPlus: Float64Array;
  /** Normal impulse per contact, m (0 where none). */
  readonly impulses: Float64Array;
  /** Normal velocities before the impact, U⁻ = N q̇⁻ + ∂g/∂t, m. */
  readonly U: Float64Array;
  /** 1 for the closed contacts approaching faster than restVelocity (impacts), m. */
  readonly arriving: Uint8Array;
  /**
   * 1 for the contacts closed after the impact, m: engaged in the chosen
   * mode with a law that ends at U⁺ = 0 (e·min(U⁻, 0) = 0), or not engaged
   * and ending at U⁺ = 0 to the rounding of its own terms (4ε·ν).
   */
  readonly closedAfter: Uint8Array;
}

/** Scratch arrays: row (kMax = m + mt + mr) the contact of each normal row; bit (m) each closed contact's bit in the mode mask. */
export interface ImpactWorkspace {
  /** The contact of each normal row, kMax. */
  readonly row: Int32Array;
  /** Each closed contact's bit in the mode mask (−1: open), m. */
  readonly bit: Int32Array;
}

/** 'too-many-contacts': more than 10 closed contacts (2^k trial solves); solve the impact as an LCP instead. */
export type ImpactModeStatus = 'ok' | 'corner-without-rule' | 'no-admissible-mode' | 'several-admissible-modes' | 'too-many-contacts';

/**
 * Resolve the impact of `p` into `out`. `s` is the constrained solve's
 * workspace (s.M = M, s.L its Cholesky factor when massFactored; kMax =
 * m + mt + mr rows); its b, c, R are overwritten.
 *
 * Every closed contact with U⁻ < 0 is resolved, however slowly it approaches
 * relative to the others: the enumeration runs unless no closed contact
 * approaches at all. `restVelocity` (≥ 0, absolute, in the problem's units:
 * the caller's threshold between a touchdown and an impact) only decides
 * which contacts count as arriving for the multiple-impacts rule (a contact
 * held at rest drifts by integration error, and counting that drift as an
 * arrival would report every impact next to a held contact as an impact
 * into a corner). Which contacts stay closed is decided by the chosen mode
 * (see ImpactOutcome.closedAfter), not by restVelocity.
 *
 * Each mode is solved for the velocity jump Δ = q̇⁺ − q̇⁻ (M Δ = R_Sᵀ Λ,
 * R_S Δ = c_S − R_S q̇⁻), not for q̇⁺ itself: the solve's rounding then
 * scales with the jump, so a contact the mode leaves alone keeps its U⁻ to
 * the rounding of a dot product. Rounding tolerances, each from the
 * problem's own scale: a closed contact j outside the mode may end at
 * U⁺_j + e·min(U⁻_j, 0) ≥ −(4ε·ν_j + √ε·δ_j), ν_j = |∂g_j/∂t| +
 * Σ_i |N_ji|(|q̇⁻_i| + |q̇⁺_i|) the size of the terms that make up U_j and
 * δ_j = Σ_i |N_ji Δ_i| the size of what the jump changes in it; an impulse
 * Λ_r is judged through W_rr Λ_r, the velocity it produces, against √ε·ν_r.
 * √ε on the jump because Δ carries the conditioning of M (up to ~1e8): a
 * contact that the engaged ones bring to exactly U⁺ = 0 must not be
 * rejected for −1e-12 of rounding (that would make ordinary impacts
 * 'no-admissible-mode'), while a contact that approaches and that the mode
 * does not touch is rejected at any speed above a few ε of its own terms
 * (a relative cut-off let a ball arriving at 5e-6 m/s while sliding at
 * 5.1 m/s keep approaching, and a sticking foot arriving at 1e-8 of its
 * sliding speed pass as untouched).
 */
export function impactModes(
  p: ImpactProblem,
  s: SchurSystem,
  out: ImpactOutcome,
  w: ImpactWorkspace,
  massFactored: boolean,
  restVelocity: number,
): ImpactModeStatus {
  const n = p.n;
  const m = p.m;
  const qdMinus = p.qdMinus;
  const N = p.N;
  const nr = p.nr;
  const closed = p.closed;
  const qdPlus = out.qdPlus;
  const impulses = out.impulses;
  const U = out.U;
  const arriving = out.arriving;
  const closedAfter = out.closedAfter;
  const bit = w.bit;
  let vScale = 0;
  for (let i = 0; i < n; i++) {
    qdPlus[i] = qdMinus[i]!;
    vScale = Math.max(vScale, Math.abs(qdMinus[i]!));
  }
  let nClosed: number = 0;
  let nArriving: number = 0;
  let approaching: boolean = false;
  for (let j = 0; j < m; j++) {
    let v = nr[j]!;
    let nu = Math.abs(nr[j]!);
    for (let i = 0; i < n; i++) {
      v += N[j * n + i]! * qdMinus[i]!;
      nu += Math.abs(N[j * n + i]! * qdMinus[i]!);
    }
    U[j] = v;
    impulses[j] = 0;
    const isClosed: boolean = closed[j]! === 1;
    if (isClosed) {
      bit[j] = nClosed;
      nClosed += 1;
    } else {
      bit[j] = -1;
    }
    arriving[j] = isClosed && v < -restVelocity ? 1 : 0;
    nArriving += arriving[j]!;
    closedAfter[j] = isClosed && Math.abs(v) <= 4 * Number.EPSILON * nu ? 1 : 0;
    if (isClosed && v < 0) approaching = true;
  }
  if (!approaching) return 'ok';
  if (nArriving > 1 && p.multipleImpacts === 'error') return 'corner-without-rule';
  return enumerateImpactModes(p, s, out, w, massFactored, nClosed, vScale);
}

/**
 * The enumeration of `impactModes` over the nClosed closed contacts (their
 * bits in w.bit); writes q̇⁺ and the impulses of the single admissible
 * outcome, or restores q̇⁻ and reports why there is none.
 */
export function enumerateImpactModes(
  p: ImpactProblem,
  s: SchurSystem,
  out: ImpactOutcome,
  w: ImpactWorkspace,
  massFactored: boolean,
  nClosed: number,
  vScale: number,
): ImpactModeStatus {
  const n = p.n;
  const m = p.m;
  const mt = p.mt;
  const mr = p.mr;
  const qdMinus = p.qdMinus;
  const N = p.N;
  const nr = p.nr;
  const e = p.e;
  const T = p.T;
  const tr = p.tr;
  const tangentContact = p.tangentContact;
  const A = p.A;
  const ar = p.ar;
  const qdPlus = out.qdPlus;
  const impulses = out.impulses;
  const U = out.U;
  const closedAfter = out.closedAfter;
  const row = w.row;
  const bit = w.bit;
  const rtol = Math.sqrt(Number.EPSILON);
  if (nClosed > 10) return 'too-many-contacts';
  const R = s.R;
  const b = s.b;
  const c = s.c;
  const y = s.y;
  const sigma = s.sigma;
  const X = s.X;
  const W = s.W;
  const dep = s.dep;
  let found: number = 0;
  let differs: boolean = false;
  let best = Infinity;
  let bestMask: number = 0;
  let anyMode: number = 0;
  for (let mask = 0; mask < 1 << nClosed; mask++) {
    let k: number = 0;
    for (let j = 0; j < m; j++) {
      if (bit[j]! < 0 || !(mask & (1 << bit[j]!))) continue;
      for (let i = 0; i < n; i++) R[k * n + i] = N[j * n + i]!;
      c[k] = -e[j]! * Math.min(U[j]!, 0) - nr[j]!;
      row[k] = j;
      k += 1;
    }
    const normals: number = k;
    for (let r = 0; r < mt; r++) {
      const j = tangentContact[r]!;
      if (bit[j]! < 0 || !(mask & (1 << bit[j]!))) continue;
      for (let i = 0; i < n; i++) R[k * n + i] = T[r * n + i]!;
      c[k] = -tr[r]!;
      k += 1;
    }
    for (let r = 0; r < mr; r++) {
      for (let i = 0; i < n; i++) R[k * n + i] = A[r * n + i]!;
      c[k] = -ar[r]!;
      k += 1;
    }
    // The jump Δ: M Δ = Rᵀσ, R Δ = c − R q̇⁻; then y = q̇⁻ + Δ.
    for (let r = 0; r < k; r++) {
      let v = c[r]!;
      for (let i = 0; i < n; i++) v -= R[r * n + i]! * qdMinus[i]!;
      c[r] = v;
    }
    b.fill(0, 0, n);
    if (schurSolve(s, k, massFactored) !== 'ok') continue;
    for (let i = 0; i < n; i++) y[i] = qdMinus[i]! + y[i]!;
    // Admissible: engaged normal impulses ≥ 0, no other closed contact
    // penetrating, each to its rounding tolerance; `worst` is the largest
    // violation relative to that tolerance (≤ 1 when admissible). Only a
    // negative value is divided: a contact with nothing moving along its
    // normal (ν = 0) holds exactly at 0, and a NaN makes worst NaN (rejected).
    let worst = 0;
    for (let r = 0; r < normals; r++) {
      const j = row[r]!;
      let wrr = 0;
      let nu = Math.abs(nr[j]!);
      for (let i = 0; i < n; i++) {
        wrr += R[r * n + i]! * X[r * n + i]!;
        nu += Math.abs(N[j * n + i]!) * (Math.abs(qdMinus[i]!) + Math.abs(y[i]!));
      }
      const push = sigma[r]! * wrr;
      if (!(push >= 0)) worst = Math.max(worst, -push / (rtol * nu));
    }
    for (let j = 0; j < m; j++) {
      if (bit[j]! < 0 || mask & (1 << bit[j]!)) continue;
      let v = nr[j]!;
      let nu = Math.abs(nr[j]!);
      let delta = 0;
      for (let i = 0; i < n; i++) {
        v += N[j * n + i]! * y[i]!;
        nu += Math.abs(N[j * n + i]!) * (Math.abs(qdMinus[i]!) + Math.abs(y[i]!));
        delta += Math.abs(N[j * n + i]! * (y[i]! - qdMinus[i]!));
      }
      const slack = v + e[j]! * Math.min(U[j]!, 0);
      if (!(slack >= 0)) worst = Math.max(worst, -slack / (4 * Number.EPSILON * nu + rtol * delta));
    }
    if (!(worst <= 1)) continue;
    // Two modes that satisfy the law to rounding (1e-6 of the tolerance, i.e.
    // 1.5e-14 ≈ 64ε of the terms) and give different q̇⁺ are a genuine
    // ambiguity. A mode admitted only by the tolerance is not: it ignores a
    // contact that arrives slowly but measurably (1e-12 m/s next to 1 m/s),
    // and counting it would report 'several-admissible-modes' where the mode
    // that resolves that contact is the answer.
    if (found > 0 && worst <= 1e-6 && best <= 1e-6) {
      let scale = vScale;
      for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(qdPlus[i]!));
      for (let i = 0; i < n; i++) {
        if (Math.abs(y[i]! - qdPlus[i]!) > rtol * scale) differs = true;
      }
    }
    // Of the admissible modes keep the one that satisfies the law best: the
    // others pass only by the tolerance and would leave an O(√ε) error in q̇⁺.
    if (found === 0 || worst < best) {
      best = worst;
      bestMask = mask;
      for (let i = 0; i < n; i++) qdPlus[i] = y[i]!;
      for (let j = 0; j < m; j++) impulses[j] = 0;
      for (let r = 0; r < normals; r++) impulses[row[r]!] = sigma[r]!;
    }
    // anyMode |= mask, with the operators the IR has.
    anyMode += mask - (mask & anyMode);
    found += 1;
  }
  if (found > 0 && !differs) {
    for (let j = 0; j < m; j++) {
      if (bit[j]! < 0) continue;
      if (bestMask & (1 << bit[j]!)) {
        closedAfter[j] = e[j]! * Math.min(U[j]!, 0) === 0 ? 1 : 0;
        continue;
      }
      let v = nr[j]!;
      let nu = Math.abs(nr[j]!);
      for (let i = 0; i < n; i++) {
        v += N[j * n + i]! * qdPlus[i]!;
        nu += Math.abs(N[j * n + i]! * qdPlus[i]!);
      }
      closedAfter[j] = Math.abs(v) <= 4 * Number.EPSILON * nu ? 1 : 0;
    }
    let k: number = 0;
    for (let j = 0; j < m; j++) {
      if (bit[j]! < 0 || !(anyMode & (1 << bit[j]!))) continue;
      for (let i = 0; i < n; i++) R[k * n + i] = N[j * n + i]!;
      c[k] = -e[j]! * Math.min(U[j]!, 0) - nr[j]!;
      row[k] = j;
      k += 1;
    }
    const normals: number = k;
    for (let r = 0; r < mt; r++) {
      const j = tangentContact[r]!;
      if (bit[j]! < 0 || !(anyMode & (1 << bit[j]!))) continue;
      for (let i = 0; i < n; i++) R[k * n + i] = T[r * n + i]!;
      c[k] = -tr[r]!;
      k += 1;
    }
    const contactRows: number = k;
    for (let r = 0; r < mr; r++) {
      for (let i = 0; i < n; i++) R[k * n + i] = A[r * n + i]!;
      c[k] = -ar[r]!;
      k += 1;
    }
    // The jump Δ: M Δ = Rᵀσ, R Δ = c − R q̇⁻; then y = q̇⁻ + Δ.
    for (let r = 0; r < k; r++) {
      let v = c[r]!;
      for (let i = 0; i < n; i++) v -= R[r * n + i]! * qdMinus[i]!;
      c[r] = v;
    }
    b.fill(0, 0, n);
    if (schurSolve(s, k, massFactored) !== 'ok') return 'ok';
    let dependent: boolean = false;
    for (let r = 0; r < contactRows; r++) {
      if (dep[r]! !== 0) dependent = true;
    }
    if (!dependent) return 'ok';
    // The solve's scratch is free: X (kMax·n) takes the basis, c and W the vectors.
    leastNormSplit(n, contactRows, R, sigma, X, c, W);
    let largest = 0;
    for (let r = 0; r < normals; r++) largest = Math.max(largest, Math.abs(sigma[r]!));
    for (let r = 0; r < normals; r++) {
      if (sigma[r]! < -(4 * Number.EPSILON) * largest) return 'ok';
    }
    // q̇⁺ of the same solve: the best mode's differs from it by the modes' tolerance, and with the split would break Appell's balance M[q̇] = Nᵀλ by as much.
    for (let i = 0; i < n; i++) qdPlus[i] = qdMinus[i]! + y[i]!;
    for (let j = 0; j < m; j++) impulses[j] = 0;
    for (let r = 0; r < normals; r++) impulses[row[r]!] = Math.max(sigma[r]!, 0);
    return 'ok';
  }
  for (let i = 0; i < n; i++) qdPlus[i] = qdMinus[i]!;
  for (let j = 0; j < m; j++) impulses[j] = 0;
  return found === 0 ? 'no-admissible-mode' : 'several-admissible-modes';
}
