// Printed from src/codegen/solvers/frictional-impact.ts by `npm run solvers`: edit that file, not this one.
//
// The impact law with Coulomb friction by enumeration of the contacts’ phases
// (kugushev2002 (8.13)–(8.14), rubanovich1981 §1 with Coulomb’s cone). Over the
// rows H of the closed contacts (each one’s normal row, then its slip rows)
// with W = H M⁻¹ Hᵀ and the bias b of the law’s rung, the impulses Λ with
// ξ = W Λ + b such that 0 ≤ Λ_N ⊥ ξ_N ≥ 0 per contact, and on a Coulomb
// contact’s slip rows ξ_T = 0 with |Λ_T| ≤ μ Λ_N (sticking), or
// Λ_T = −μk Λ_N ξ_T/|ξ_T| (sliding: on one slip row either way, on two along
// the direction ξ_T takes, the exact cone); a stick contact has ξ_T = 0. Each
// combination of phases is a linear system but for the directions of the
// spatial slides, found by Newton’s method; every combination is tried, so
// that the chosen one is the admissible one that satisfies the law best.
//
// The runtime’s frictional impact and the C driver’s print the same
// declarations from the same IR: no module-level state, no allocation.

/** One rung of the frictional impact law: the closed contacts, their rows and the bias (all read only). */
export interface FrictionalImpactProblem {
  /** Rows: per contact its normal row, then its slip rows. */
  readonly r: number;
  /** Closed contacts. */
  readonly k: number;
  /** W = H M⁻¹ Hᵀ, r×r. */
  readonly W: Float64Array;
  /** The rows’ velocities before the impact, r. */
  readonly U: Float64Array;
  /** ξ = W Λ + b at Λ = 0: U⁻ + ε∘U⁻ of the rung, r. */
  readonly b: Float64Array;
  /** The size of the terms of b, the scale of a dependent row’s rounding. */
  readonly size: number;
  /** Slip speed below which a contact did not slide before (static μ). */
  readonly restVelocity: number;
  /** The normal row of each contact, k. */
  readonly start: Int32Array;
  /** Slip rows of each contact (0, 1 planar, 2 spatial), k. */
  readonly slips: Int32Array;
  /** Per contact 0 frictionless (or μ = 0), 1 Coulomb with μ > 0, 2 stick, k. */
  readonly kind: Int32Array;
  /** Kinetic μ per contact, k. */
  readonly muK: Float64Array;
  /** Static μ per contact, k. */
  readonly muS: Float64Array;
  /** 1 for the contacts separating before the impact (engaged only where they must be), k. */
  readonly separating: Uint8Array;
}

/** The outcome and the scratch, allocated once by the caller (r rows, k contacts). */
export interface FrictionalImpactWorkspace {
  /** Λ of the chosen phases, r. */
  readonly best: Float64Array;
  /** The chosen phase per contact (0 open, 1 engaged, 2 stuck, 3/4 sliding up/down, 5 sliding on two rows), k. */
  readonly bestPhase: Int32Array;
  /** The phases tried, k. */
  readonly phase: Int32Array;
  /** A spatial slide’s first direction (the slip before), k. */
  readonly dirX: Float64Array;
  /** Its second component, k. */
  readonly dirY: Float64Array;
  /** Its turn from there, k. */
  readonly angle: Float64Array;
  /** The least violated turns, k. */
  readonly bestAngle: Float64Array;
  /** Λ of the phases tried, r. */
  readonly lambda: Float64Array;
  /** ξ = W Λ + b, r. */
  readonly xi: Float64Array;
  /** The size of each ξ’s terms, r. */
  readonly nu: Float64Array;
  /** Λ = F z: the unknowns’ columns, r×r. */
  readonly F: Float64Array;
  /** The phases’ equations, r×r. */
  readonly A: Float64Array;
  /** Their right side, r. */
  readonly rhs: Float64Array;
  /** Their unknowns, r. */
  readonly z: Float64Array;
  /** The row of each equation, r. */
  readonly eq: Int32Array;
  /** The pivoted solve’s columns, r. */
  readonly col: Int32Array;
  /** The contacts sliding on two rows, k. */
  readonly slider: Int32Array;
  /** The quarter turns each one starts from, k. */
  readonly turns: Int32Array;
  /** Their residuals d × ξ_T, k. */
  readonly g: Float64Array;
  /** The same at a turned angle, k. */
  readonly gh: Float64Array;
  /** Their Jacobian, k×k. */
  readonly J: Float64Array;
  /** Newton’s step in the angles, k. */
  readonly step: Float64Array;
}

/**
 * A z = r for k×k A (row-major; A and r are overwritten) by elimination with
 * complete pivoting, where rows may depend on each other (two feet of one
 * body sharing a tangent): a pivot ≤ 1e-10 of A's largest entry ends the
 * elimination, and each row left must hold by itself to 1e-8 of `size`, the
 * size of the terms of r; its unknown is 0. false when one does not. col:
 * scratch, k.
 */
export function pivotedSolve(k: number, A: Float64Array, r: Float64Array, z: Float64Array, size: number, col: Int32Array): boolean {
  let scale = 0;
  for (let i = 0; i < k * k; i++) {
    if (Math.abs(A[i]!) > scale) scale = Math.abs(A[i]!);
  }
  for (let c = 0; c < k; c++) col[c] = c;
  let rank: number = 0;
  let full: boolean = true;
  for (let step = 0; step < k; step++) {
    if (!full) continue;
    let pr: number = step;
    let pc: number = step;
    for (let i = step; i < k; i++) {
      for (let j = step; j < k; j++) {
        if (Math.abs(A[i * k + j]!) > Math.abs(A[pr * k + pc]!)) {
          pr = i;
          pc = j;
        }
      }
    }
    if (!(Math.abs(A[pr * k + pc]!) > 1e-10 * scale)) {
      full = false;
      continue;
    }
    for (let j = 0; j < k; j++) {
      const a = A[step * k + j]!;
      A[step * k + j] = A[pr * k + j]!;
      A[pr * k + j] = a;
    }
    const swap = r[step]!;
    r[step] = r[pr]!;
    r[pr] = swap;
    for (let i = 0; i < k; i++) {
      const a = A[i * k + step]!;
      A[i * k + step] = A[i * k + pc]!;
      A[i * k + pc] = a;
    }
    const c: number = col[step]!;
    col[step] = col[pc]!;
    col[pc] = c;
    for (let i = step + 1; i < k; i++) {
      const f = A[i * k + step]! / A[step * k + step]!;
      for (let j = step; j < k; j++) A[i * k + j]! -= f * A[step * k + j]!;
      r[i]! -= f * r[step]!;
    }
    rank += 1;
  }
  for (let i = rank; i < k; i++) {
    if (!(Math.abs(r[i]!) <= 1e-8 * size)) return false;
  }
  for (let up = 0; up < k; up++) {
    const c: number = k - 1 - up;
    let v = 0;
    if (c < rank) {
      v = r[c]!;
      for (let j = c + 1; j < k; j++) v -= A[c * k + j]! * z[col[j]!]!;
      v = v / A[c * k + c]!;
    }
    z[col[c]!] = v;
  }
  return true;
}

/**
 * Λ of the phases w.phase into w.lambda, ξ = W Λ + b into w.xi, and how far
 * the law is violated relative to its rounding (≤ 1: admissible; NaN where
 * the phases' equations have no solution). Each engaged contact's normal row
 * has ξ_N = 0, and so have a stuck one's slip rows; a planar sliding one's
 * Λ_T is −μk d Λ_N (d = ±1), a spatial one's −μk d Λ_N along its direction d
 * (w.dirX, w.dirY turned by w.angle), admissible where ξ_T is along d
 * (d·ξ_T ≥ 0, d × ξ_T = 0). A stuck Coulomb contact holds |Λ_T| ≤ μ Λ_N,
 * μs where it did not slide before (every slip rate within restVelocity).
 * Each condition is judged to 1e-9 of the size ν of its terms.
 */
export function phaseImpulses(p: FrictionalImpactProblem, w: FrictionalImpactWorkspace): number {
  const r = p.r;
  const k = p.k;
  const W = p.W;
  const U = p.U;
  const b = p.b;
  const start = p.start;
  const slips = p.slips;
  const kind = p.kind;
  const muK = p.muK;
  const muS = p.muS;
  const phase = w.phase;
  const dirX = w.dirX;
  const dirY = w.dirY;
  const angle = w.angle;
  const lambda = w.lambda;
  const xi = w.xi;
  const nu = w.nu;
  const F = w.F;
  const A = w.A;
  const rhs = w.rhs;
  const z = w.z;
  const eq = w.eq;
  const col = w.col;
  let count: number = 0;
  for (let i = 0; i < r; i++) lambda[i] = 0;
  for (let a = 0; a < k; a++) {
    const ph: number = phase[a]!;
    const row: number = start[a]!;
    if (ph === 0) continue;
    for (let c = 0; c < r; c++) F[count * r + c] = c === row ? 1 : 0;
    eq[count] = row;
    if (ph === 3 || ph === 4) F[count * r + (row + 1)] = -muK[a]! * (ph === 3 ? 1 : -1);
    if (ph === 5) {
      const cosTurn = Math.cos(angle[a]!);
      const sinTurn = Math.sin(angle[a]!);
      const dx = dirX[a]! * cosTurn - dirY[a]! * sinTurn;
      const dy = dirY[a]! * cosTurn + dirX[a]! * sinTurn;
      F[count * r + (row + 1)] = -muK[a]! * dx;
      F[count * r + (row + 2)] = -muK[a]! * dy;
    }
    count += 1;
    if (ph === 2) {
      for (let s = 1; s < slips[a]! + 1; s++) {
        for (let c = 0; c < r; c++) F[count * r + c] = c === row + s ? 1 : 0;
        eq[count] = row + s;
        count += 1;
      }
    }
  }
  // The equations ξ = 0 of the rows in eq, in the unknowns z of Λ = F z.
  for (let e = 0; e < count; e++) {
    for (let u = 0; u < count; u++) {
      let v = 0;
      for (let c = 0; c < r; c++) v += W[eq[e]! * r + c]! * F[u * r + c]!;
      A[e * count + u] = v;
    }
    rhs[e] = -b[eq[e]!]!;
  }
  if (!pivotedSolve(count, A, rhs, z, p.size, col)) return NaN;
  for (let u = 0; u < count; u++) {
    for (let c = 0; c < r; c++) lambda[c]! += F[u * r + c]! * z[u]!;
  }
  for (let i = 0; i < r; i++) {
    let v = b[i]!;
    let size = Math.abs(U[i]!) + Math.abs(b[i]!);
    for (let c = 0; c < r; c++) {
      const term = W[i * r + c]! * lambda[c]!;
      v += term;
      size += Math.abs(term);
    }
    if (!Number.isFinite(v)) return NaN;
    xi[i] = v;
    nu[i] = size;
  }
  let worst = 0;
  for (let a = 0; a < k; a++) {
    const ph: number = phase[a]!;
    const row: number = start[a]!;
    const tangents: number = slips[a]!;
    const normal = ph === 0 ? -xi[row]! : -lambda[row]! * W[row * r + row]!;
    if (normal > 0) {
      const tol = 1e-9 * nu[row]!;
      if ((tol > 0 ? normal / tol : Infinity) > worst) worst = tol > 0 ? normal / tol : Infinity;
    }
    if (tangents === 0) continue;
    let tol = 0;
    let wtt = 0;
    let tangent = 0;
    let slid: boolean = false;
    for (let s = 1; s < tangents + 1; s++) {
      if (1e-9 * nu[row + s]! > tol) tol = 1e-9 * nu[row + s]!;
      if (W[(row + s) * r + (row + s)]! > wtt) wtt = W[(row + s) * r + (row + s)]!;
      tangent += lambda[row + s]! * lambda[row + s]!;
      if (Math.abs(U[row + s]!) > p.restVelocity) slid = true;
    }
    let v = 0;
    if (ph === 2 && kind[a]! === 1) v = (Math.sqrt(tangent) - (slid ? muK[a]! : muS[a]!) * lambda[row]!) * wtt;
    if (ph === 3 || ph === 4) v = -(ph === 3 ? 1 : -1) * xi[row + 1]!;
    if (ph === 5) {
      const cosTurn = Math.cos(angle[a]!);
      const sinTurn = Math.sin(angle[a]!);
      const dx = dirX[a]! * cosTurn - dirY[a]! * sinTurn;
      const dy = dirY[a]! * cosTurn + dirX[a]! * sinTurn;
      const along = -(dx * xi[row + 1]! + dy * xi[row + 2]!);
      const across = Math.abs(dx * xi[row + 2]! - dy * xi[row + 1]!);
      v = along;
      if (across > v) v = across;
    }
    if (v > 0) {
      if ((tol > 0 ? v / tol : Infinity) > worst) worst = tol > 0 ? v / tol : Infinity;
    }
  }
  return worst;
}

/**
 * phaseImpulses where contacts slide on two slip rows: their directions solve
 * d × ξ_T = 0, by Newton's method in the angles turning each one's
 * direction from that of its b_T (the slip before the impact; (1, 0) where
 * there is none), from each one's turns 0, π/2, π, 3π/2 (a start from which
 * Newton finds the slide against ξ_T, d × ξ_T = 0 too, is not the answer), the Jacobian by
 * differences of 1e-7 rad, each step halved until the residuals shrink; the
 * first solution that is admissible, else the least violated.
 */
export function slideImpulses(p: FrictionalImpactProblem, w: FrictionalImpactWorkspace): number {
  const k = p.k;
  const b = p.b;
  const start = p.start;
  const phase = w.phase;
  const dirX = w.dirX;
  const dirY = w.dirY;
  const angle = w.angle;
  const bestAngle = w.bestAngle;
  const xi = w.xi;
  const slider = w.slider;
  const turns = w.turns;
  const g = w.g;
  const gh = w.gh;
  const J = w.J;
  const step = w.step;
  const col = w.col;
  let ns: number = 0;
  for (let a = 0; a < k; a++) {
    if (phase[a]! === 5) {
      slider[ns] = a;
      ns += 1;
      const row: number = start[a]!;
      const length = Math.sqrt(b[row + 1]! * b[row + 1]! + b[row + 2]! * b[row + 2]!);
      dirX[a] = length > 0 ? b[row + 1]! / length : 1;
      dirY[a] = length > 0 ? b[row + 2]! / length : 0;
    }
  }
  if (ns === 0) return phaseImpulses(p, w);
  let best = NaN;
  // Starts: every slider turned by its own quarter turns, as odometer digits, at most 256 of them.
  let starts: number = 1;
  for (let u = 0; u < ns; u++) {
    turns[u] = 0;
    if (starts < 256) starts *= 4;
  }
  for (let attempt = 0; attempt < starts; attempt++) {
    if (attempt > 0) {
      let carry: boolean = true;
      for (let u = 0; u < ns; u++) {
        if (!carry) continue;
        turns[u] = turns[u]! + 1;
        if (turns[u]! < 4) {
          carry = false;
        } else {
          turns[u] = 0;
        }
      }
    }
    for (let u = 0; u < ns; u++) angle[slider[u]!] = turns[u]! * 1.5707963267948966;
    let going: boolean = true;
    for (let iteration = 0; iteration < 50; iteration++) {
      if (!going) continue;
      if (!Number.isFinite(phaseImpulses(p, w))) {
        going = false;
        continue;
      }
      for (let u = 0; u < ns; u++) {
        const a: number = slider[u]!;
        const row: number = start[a]!;
        const cosTurn = Math.cos(angle[a]!);
        const sinTurn = Math.sin(angle[a]!);
        const dx = dirX[a]! * cosTurn - dirY[a]! * sinTurn;
        const dy = dirY[a]! * cosTurn + dirX[a]! * sinTurn;
        g[u] = dx * xi[row + 2]! - dy * xi[row + 1]!;
      }
      // Column s of the Jacobian: the residuals at angle s turned by 1e-7.
      for (let s = 0; s < ns; s++) {
        if (!going) continue;
        const turned: number = slider[s]!;
        angle[turned]! += 1e-7;
        if (!Number.isFinite(phaseImpulses(p, w))) going = false;
        for (let u = 0; u < ns; u++) {
          const a: number = slider[u]!;
          const row: number = start[a]!;
          const cosTurn = Math.cos(angle[a]!);
          const sinTurn = Math.sin(angle[a]!);
          const dx = dirX[a]! * cosTurn - dirY[a]! * sinTurn;
          const dy = dirY[a]! * cosTurn + dirX[a]! * sinTurn;
          gh[u] = dx * xi[row + 2]! - dy * xi[row + 1]!;
        }
        angle[turned]! -= 1e-7;
        for (let u = 0; u < ns; u++) J[u * ns + s] = (gh[u]! - g[u]!) / 1e-7;
      }
      if (!going) continue;
      let before = 0;
      for (let u = 0; u < ns; u++) {
        before += g[u]! * g[u]!;
        g[u] = -g[u]!;
      }
      if (!pivotedSolve(ns, J, g, step, p.size, col)) {
        going = false;
        continue;
      }
      // The step halved until the residuals shrink (a full step may overshoot a turn far from the answer).
      let fraction = 1;
      let accepted: boolean = false;
      for (let halving = 0; halving < 30; halving++) {
        if (accepted) continue;
        for (let u = 0; u < ns; u++) angle[slider[u]!]! += fraction * step[u]!;
        if (Number.isFinite(phaseImpulses(p, w))) {
          for (let u = 0; u < ns; u++) {
            const a: number = slider[u]!;
            const row: number = start[a]!;
            const cosTurn = Math.cos(angle[a]!);
            const sinTurn = Math.sin(angle[a]!);
            const dx = dirX[a]! * cosTurn - dirY[a]! * sinTurn;
            const dy = dirY[a]! * cosTurn + dirX[a]! * sinTurn;
            gh[u] = dx * xi[row + 2]! - dy * xi[row + 1]!;
          }
          let after = 0;
          for (let u = 0; u < ns; u++) after += gh[u]! * gh[u]!;
          if (after < before) {
            accepted = true;
            continue;
          }
        }
        for (let u = 0; u < ns; u++) angle[slider[u]!]! -= fraction * step[u]!;
        fraction *= 0.5;
      }
      let largest = 0;
      for (let u = 0; u < ns; u++) {
        if (Math.abs(fraction * step[u]!) > largest) largest = Math.abs(fraction * step[u]!);
      }
      if (!accepted || !(largest > 1e-14)) going = false;
    }
    const worst = phaseImpulses(p, w);
    if (worst <= 1) return worst;
    if (!(worst >= best)) {
      best = worst;
      for (let u = 0; u < ns; u++) bestAngle[u] = angle[slider[u]!]!;
    }
  }
  if (Number.isNaN(best)) return NaN;
  for (let u = 0; u < ns; u++) angle[slider[u]!] = bestAngle[u]!;
  return phaseImpulses(p, w);
}

/** The phase combinations frictionalImpactModes tries, or cap + 1 where there are more. */
export function frictionalModeCount(p: FrictionalImpactProblem, cap: number): number {
  const k = p.k;
  const kind = p.kind;
  const slips = p.slips;
  let count: number = 1;
  for (let a = 0; a < k; a++) {
    if (count <= cap) count *= kind[a]! === 1 ? 5 - slips[a]! : 2;
    if (count > cap) count = cap + 1;
  }
  return count;
}

/**
 * Every combination of the contacts' phases (combinations of them, as
 * frictionalModeCount counts) solved by slideImpulses; of the admissible
 * ones, fewest contacts engaged that separate before the impact, then the one
 * that satisfies the law best (the others pass by the tolerance). Its Λ into
 * w.best and phases into w.bestPhase; false where none is admissible.
 */
export function frictionalImpactModes(p: FrictionalImpactProblem, w: FrictionalImpactWorkspace, combinations: number): boolean {
  const r = p.r;
  const k = p.k;
  const kind = p.kind;
  const slips = p.slips;
  const separating = p.separating;
  const phase = w.phase;
  const lambda = w.lambda;
  const best = w.best;
  const bestPhase = w.bestPhase;
  let bestSeparating: number = k + 1;
  let bestWorst = Infinity;
  // The combination as digits, one per contact (its choice of phase), counted up like an odometer.
  for (let a = 0; a < k; a++) phase[a] = 0;
  for (let combination = 0; combination < combinations; combination++) {
    if (combination > 0) {
      let carry: boolean = true;
      for (let a = 0; a < k; a++) {
        if (!carry) continue;
        phase[a] = phase[a]! + 1;
        if (phase[a]! < (kind[a]! === 1 ? 5 - slips[a]! : 2)) {
          carry = false;
        } else {
          phase[a] = 0;
        }
      }
    }
    let separatingEngaged: number = 0;
    // Digits to phases, back after the solve.
    for (let a = 0; a < k; a++) {
      const choice: number = phase[a]!;
      phase[a] = kind[a]! === 2 ? 2 : 1;
      if (kind[a]! === 1) {
        phase[a] = slips[a]! === 1 ? choice + 1 : 5;
        if (choice === 1) phase[a] = 2;
      }
      if (choice === 0) phase[a] = 0;
      if (choice > 0 && separating[a]! === 1) separatingEngaged += 1;
    }
    const worst = slideImpulses(p, w);
    const fewer: boolean = separatingEngaged < bestSeparating;
    const closer: boolean = separatingEngaged === bestSeparating && worst < bestWorst;
    const better: boolean = worst <= 1 && (fewer || closer);
    if (better) {
      bestSeparating = separatingEngaged;
      bestWorst = worst;
      for (let i = 0; i < r; i++) best[i] = lambda[i]!;
      for (let a = 0; a < k; a++) bestPhase[a] = phase[a]!;
    }
    for (let a = 0; a < k; a++) {
      const ph: number = phase[a]!;
      if (ph === 0) continue;
      // Engaged or stuck without a choice, stuck, sliding up, down, on two rows: the digits 1, 1, 2, 3, 2.
      phase[a] = 1;
      if (kind[a]! === 1 && ph > 2) phase[a] = ph === 5 ? 2 : ph - 1;
    }
  }
  return bestSeparating <= k;
}
