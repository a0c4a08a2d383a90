// A hinge with journal friction at one state (smirnov1981 §2, examples 3
// and 4), from what a generated module exports (massMatrix, forcing,
// hingeRows). Two modes:
//  - turning with ω of sign s: the round journal's (★), friction force
//    f s J₉₀N on the pin and moment −f_r r s |N| about it, solved with the
//    accelerations by the shared kernel (src/numeric/journal.ts): |N|
//    depends on q̈, and the kernel takes the root of the quadratic in |N|
//    that keeps its determinant's sign as friction → 0 (§3), or reports
//    self-locking when there is none;
//  - held (ω̇ = 0): the moment μ the bearing must supply, a multiplier of
//    the row w beside the pin's reaction R:
//      [M  −Jᵀ −w] [q̈]   [Q      ]
//      [J   0   0] [R] = [−bias  ]
//      [wᵀ  0   0] [μ]   [−ω-bias],
//    and the margin f_r r |R|/√(1 + f²) − |μ| by which friction can hold it
//    (the driver, hybrid/hinges.ts, keeps it held while that is ≥ 0).
// Tests: test/runtime/hybrid/hinges.test.ts
import { hingeReduce, roundJournal, type RoundJournal } from '../../numeric/journal.js';
import { luFactor, luSolve } from '../../numeric/lu.js';

/** One hinge at one state: M (n×n row-major), forcing, and that hinge's block of hingeRows. */
export interface HingeAtState {
  readonly n: number;
  readonly mass: Float64Array;
  readonly forcing: Float64Array;
  readonly rows: Float64Array;
}

/** Length of one hinge's block of hingeRows for n coordinates (contract.ts). */
export const hingeRowsLength = (n: number): number => 3 * n + 7;

/** Where hingeRows keeps each value of one hinge. */
const layout = (n: number) => ({ pin: (i: number) => i * n, moment: 2 * n, bias: 3 * n, rate: 3 * n + 2, rateBias: 3 * n + 3, journal: 3 * n + 4 });

/** ω, the joint's rate. */
export const hingeRate = (h: HingeAtState): number => h.rows[layout(h.n).rate]!;

/** The journal: radius r, sliding friction f, reduced f_r. */
function journalOf(h: HingeAtState): { readonly radius: number; readonly friction: number; readonly reduced: number } {
  const j = layout(h.n).journal;
  return { radius: h.rows[j]!, friction: h.rows[j + 1]!, reduced: h.rows[j + 2]! };
}

/** The motion while the joint turns with ω of sign s: q̈, N, the friction moment, or self-locking. */
export function turningMotion(h: HingeAtState, s: 1 | -1): RoundJournal {
  const { n, rows } = h;
  const at = layout(n);
  const mass = Array.from({ length: n }, (_, r) => Array.from(h.mass.subarray(r * n, (r + 1) * n)));
  const reduced = hingeReduce(
    mass,
    h.forcing,
    [rows.subarray(at.pin(0), at.pin(0) + n), rows.subarray(at.pin(1), at.pin(1) + n)],
    rows.subarray(at.moment, at.moment + n),
  );
  // A mass matrix that is not positive definite has no motion to offer: the same outcome as no consistent reaction.
  if (!reduced) return { kind: 'self-locking' };
  const j = journalOf(h);
  return roundJournal(reduced, [-rows[at.bias]!, -rows[at.bias + 1]!], s, j.radius, j.friction, j.reduced);
}

/** The held hinge: q̈, the pin's reaction R, the moment μ the bearing supplies, and what friction can give beyond it. */
export interface HeldHinge {
  readonly qdd: Float64Array;
  readonly reaction: [number, number];
  readonly moment: number;
  /**
   * f_r r |N| − |μ| at the onset of turning, where q̈ is still the held one:
   * R = N + f s J₉₀N, so |N| = |R|/√(1 + f²). ≥ 0 where the hinge may stay held.
   */
  readonly margin: number;
}

/** The held motion; undefined when the system is singular. */
export function heldMotion(h: HingeAtState): HeldHinge | undefined {
  const { n, rows } = h;
  const at = layout(n);
  const size = n + 3;
  const K = new Float64Array(size * size);
  const b = new Float64Array(size);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) K[r * size + c] = h.mass[r * n + c]!;
    b[r] = h.forcing[r]!;
  }
  const border = [at.pin(0), at.pin(1), at.moment];
  const right = [-rows[at.bias]!, -rows[at.bias + 1]!, -rows[at.rateBias]!];
  border.forEach((start, j) => {
    for (let c = 0; c < n; c++) {
      K[c * size + n + j] = -rows[start + c]!;
      K[(n + j) * size + c] = rows[start + c]!;
    }
    b[n + j] = right[j]!;
  });
  const piv = new Int32Array(size);
  if (luFactor(size, K, piv, size * Number.EPSILON) >= 0) return undefined;
  const x = new Float64Array(size);
  luSolve(size, K, piv, b, 0, x, 0);
  const reaction: [number, number] = [x[n]!, x[n + 1]!];
  const moment = x[n + 2]!;
  const j = journalOf(h);
  const margin = (j.reduced * j.radius * Math.hypot(...reaction)) / Math.sqrt(1 + j.friction * j.friction) - Math.abs(moment);
  return { qdd: x.slice(0, n), reaction, moment, margin };
}
