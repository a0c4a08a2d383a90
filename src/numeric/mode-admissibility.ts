// Printed from src/codegen/solvers/mode-admissibility.ts by `npm run solvers`: edit that file, not this one.
//
// The tests of one contact's mode at an event, at the acceleration level
// (rubanovich1981 §1, with Coulomb's cone where the contact has friction): a
// contact held pushes (σ̇ > 0), one left open does not penetrate (g̈ ≥ 0), one
// sticking stays inside its cone (|τ| ≤ μs σ̇), and one sliding from rest does
// so only where sticking would leave the cone, opposite to the sticking force,
// with a slip acceleration along its direction; of the admissible modes, only
// different motions are an ambiguity (motionsDiffer). The runtime enumerates
// the modes (src/runtime/hybrid/hybrid.ts without friction,
// src/runtime/contact/friction-modes.ts with it) and so does the C driver; both
// test each contact by these functions, printed from the same IR.
//
// A phase output is what frictionPhase returns for n coordinates and m
// contacts: q̈, σ̇ per contact, τ per slip row, the determinant. Mode codes:
// 0 open, 2 held sticking, otherwise held (±1 sliding, planar).

/**
 * Add to acc[0] w J_row (q̈ − q̈_alone), the change of a row's acceleration from
 * the mode with the contact held alone (its drift terms cancel), and to acc[1]
 * the size of its terms, Σ |J_row,i| (|q̈_i| + |q̈_alone,i|), for a tolerance
 * relative to it. J has n columns; q̈ is qdd's first n entries.
 */
export function accelerationChange(
  n: number,
  J: ArrayLike<number>,
  row: number,
  w: number,
  qdd: ArrayLike<number>,
  alone: ArrayLike<number>,
  acc: Float64Array,
): void {
  let value = acc[0]!;
  let scale = acc[1]!;
  for (let i = 0; i < n; i++) {
    const x = J[row * n + i]!;
    value += w * x * (qdd[i]! - alone[i]!);
    scale += Math.abs(x) * (Math.abs(qdd[i]!) + Math.abs(alone[i]!));
  }
  acc[0] = value;
  acc[1] = scale;
}

/**
 * Whether contact j left open does not penetrate: g̈_j = G_j (q̈ − q̈_alone) ≥ 0,
 * within roundoff (at a release σ̇ = 0 and g̈ = 0 at once, and without the
 * tolerance neither mode would pass). G has n columns; acc is scratch (2).
 */
export function gapAdmissible(n: number, G: ArrayLike<number>, j: number, qdd: ArrayLike<number>, alone: ArrayLike<number>, acc: Float64Array): boolean {
  acc[0] = 0;
  acc[1] = 0;
  accelerationChange(n, G, j, 1, qdd, alone, acc);
  return acc[0]! >= -1e-9 * acc[1]!;
}

/**
 * Whether two admissible modes are different motions: their q̈ (the first n
 * entries of a and b) apart by more than 1e-8 relative to b, far above the
 * roundoff of one solve, far below a real difference. Holding a contact with
 * σ̇ = 0 or not is the same motion.
 */
export function motionsDiffer(n: number, a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let i = 0; i < n; i++) {
    if (Math.abs(a[i]! - b[i]!) > 1e-8 * (1 + Math.abs(b[i]!))) return true;
  }
  return false;
}

/** |τ_j| in a phase output, the Euclidean norm of the force along contact j's slip rows (`rows` of them from `row`). */
export function stickForce(n: number, m: number, row: number, rows: number, out: ArrayLike<number>): number {
  let s = 0;
  for (let r = 0; r < rows; r++) s += out[n + m + row + r]! * out[n + m + row + r]!;
  return Math.sqrt(s);
}

/**
 * Whether Coulomb contact j at rest in its tangent (ṡ_j = 0) may slide in the
 * mode with code `code`, from `stick`, the phase output of the same mode with
 * j sticking; into d (`rows` entries) the slide's direction −τ/|τ|. Sticking
 * inside the cone (|τ| ≤ μs σ̇) excludes the slide, except at the cone's edge
 * just crossed (`leaving`), where roundoff decides the side; there the slide
 * goes opposite to τ, so τ must give a direction and, planar, the code's.
 */
export function slideFromRest(
  n: number,
  m: number,
  j: number,
  row: number,
  rows: number,
  muS: number,
  code: number,
  leaving: boolean,
  stick: ArrayLike<number>,
  d: Float64Array,
): boolean {
  const t = stickForce(n, m, row, rows, stick);
  if (!leaving && t <= muS * stick[n + j]!) return false;
  let finite: boolean = true;
  for (let r = 0; r < rows; r++) {
    d[r] = -stick[n + m + row + r]! / t;
    finite = finite && Number.isFinite(d[r]!);
  }
  if (!finite && (leaving || rows > 1)) return false;
  // A planar direction is ±1, or NaN where τ gives none.
  return !(rows === 1 && leaving && !(d[0]! === code));
}

/**
 * Whether contact j's code in a mode is admissible at the acceleration level,
 * from the mode's phase output `out`, the gap Jacobian G and slip Jacobian S
 * (n columns) and q̈ with j held alone (`alone`): open, g̈_j ≥ 0; held,
 * σ̇_j > 0; and where its law is Coulomb's (`coulomb`), sticking, |τ_j| ≤ μs σ̇_j;
 * sliding from rest (`fromRest`, along d, `rows` entries from slip row `row`),
 * s̈_j·d > 0, or ≥ 0 within roundoff and `skew` (how far the friction's
 * direction turned off d) at the cone's edge just crossed (`leaving`). A slide
 * going on has its direction from ṡ and needs no test. acc is scratch (2).
 */
export function contactAdmissible(
  n: number,
  m: number,
  j: number,
  code: number,
  coulomb: boolean,
  muS: number,
  row: number,
  rows: number,
  out: ArrayLike<number>,
  G: ArrayLike<number>,
  S: ArrayLike<number>,
  d: ArrayLike<number>,
  fromRest: boolean,
  leaving: boolean,
  skew: number,
  alone: ArrayLike<number>,
  acc: Float64Array,
): boolean {
  if (code === 0) return gapAdmissible(n, G, j, out, alone, acc);
  if (!(out[n + j]! > 0)) return false;
  if (!coulomb) return true;
  if (code === 2) return stickForce(n, m, row, rows, out) <= muS * out[n + j]!;
  if (!fromRest) return true;
  acc[0] = 0;
  acc[1] = 0;
  for (let r = 0; r < rows; r++) accelerationChange(n, S, row + r, d[r]!, out, alone, acc);
  const tol = (1e-9 + skew) * acc[1]!;
  return leaving ? acc[0]! >= -tol : acc[0]! > 0;
}
