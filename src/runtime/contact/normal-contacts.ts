// The frictionless contact problem of one Moreau–Jean step (moreau-jean.ts),
// and the complementarity statistics of a run. With I the step's index set,
// W_II = G_I M⁻¹ G_Iᵀ (delassus-cache.ts) and b = U_free + e∘U_k, Newton's
// law at velocity level (impact-law.ts, every driver's, with U⁻ = U_k) is the LCP
//   0 ≤ W_II P + b ⊥ P ≥ 0,   v⁺ = v_free + M⁻¹ G_Iᵀ P
// (Acary & Brogliato 2008, §10.1; Jean 1999, eq. (38) without friction).
// Its impulses do the work ½(1 − e)U_k,N P_N on each contact, positive on one
// separating at U_k that the step's forces pull back (the bouncing ball at
// e = ½ from random states: up to +9.9e-4 of T + V in a step of 1e-2,
// 2.5e-6 at 1e-3, 1.9e-8 at 1e-4), so the law's ladder goes on there as
// with friction: Glocker's one e* (work Σ½(1 − e*)U_k,N P_N, no better on
// normals alone), then the
// midpoint rung, e = 1 on the separating contacts, whose work is ≤ 0. Each
// LCP is solved by warm-started pivoting (pivoting-lcp.ts) from the support
// of the impulses of the last solve, and by Lemke's method (friction-lcp.ts)
// where that fails: W_II singular (dependent contacts, where the law has several
// solutions and friction-lcp picks one that does not engage a separating
// contact) or a residual above 1e-12 of the velocity scale. Every buffer is
// allocated once per run (each rung of the law its own impulses).
// Tests: test/runtime/contact/normal-contacts.test.ts.

import type { GapKinematics } from './contacts.js';
import { applyImpactLaw, type LawRows, type LawSolve } from './impact-law.js';
import type { DelassusCache } from '../complementarity/delassus-cache.js';
import { solveFrictionLcp, type FrictionSolution } from '../complementarity/friction-lcp.js';
import { PivotingLcp, type Band } from '../complementarity/pivoting-lcp.js';

/** Complementarity solves of a run (MoreauJeanTrajectory.stats.lcp). */
export class LcpTally {
  solves = 0;
  /** Lemke pivots (fallbacks and frictional problems). */
  pivots = 0;
  /** Supports tried by the pivoting solver plus Lemke pivots. */
  iterations = 0;
  /** Solves whose warm start (the previous impulses' support) was the answer's. */
  warmStartHits = 0;
  /** Frictionless problems handed to Lemke. */
  fallbacks = 0;
  /** Largest natural-map residual max|min(P, ξ)| of any solve. */
  worstResidual = 0;

  /** A solve by friction-lcp (Lemke, or the exact cone's iterations). */
  lemke(sol: Pick<FrictionSolution, 'pivots' | 'sweeps' | 'residual'>): void {
    this.solves++;
    this.pivots += sol.pivots;
    this.iterations += sol.pivots + sol.sweeps;
    this.worstResidual = Math.max(this.worstResidual, sol.residual);
  }
}

export class NormalContacts {
  /** The index set (its first `count` entries). */
  readonly I: Int32Array;
  count = 0;
  /** U_k,N of each contact while it is in I. */
  readonly U: Float64Array;
  private readonly rates: Float64Array;
  private readonly W: Float64Array;
  /** U_k and U_free of the contacts of I, in I's order. */
  private readonly uMinus: Float64Array;
  private readonly uFree: Float64Array;
  /** The law's biases, and each rung's impulses (the law compares the rungs' answers: impact-law.ts). */
  private readonly bias: Float64Array;
  private readonly z: Float64Array[] = [];
  private readonly w: Float64Array;
  private readonly pivoting: PivotingLcp;
  /** W_II's key for the pivoting solver's factor reuse: it changes with the index set or the cache's M and G. */
  private key = 0;
  private readonly keyI: Int32Array;
  private keyCount = -1;
  private keyVersion = -1;
  /**
   * The law's rows per index set's size k, made on the first step with that
   * size: a bouncing stack's set changes size from step to step, and views
   * and arrays made again on each change were a tenth of its step. Each
   * holds its own packed array of the contacts of I, written every solve.
   */
  private readonly rowsOf: (LawRows & { readonly contacts: number[] })[] = [];
  /** Each rung's impulses, its first k entries: the views kept while k stays. */
  private zk: Float64Array[] = [];
  /** W_II's non-zero columns per row, from the cache when its key changes (a chain's or a stack's W_II is tridiagonal). */
  private readonly band: { readonly lo: Int32Array; readonly hi: Int32Array } & Band;

  constructor(
    m: number,
    private readonly cache: DelassusCache,
    /** The gap rates ġ = G q̇ + ∂g/∂t (an object, not a closure: a call target that stays the same from run to run keeps the JIT's code). */
    private readonly kin: GapKinematics,
    private readonly e: ArrayLike<number>,
    private readonly restVelocity: number,
    private readonly warmStart: boolean,
    readonly tally: LcpTally,
  ) {
    this.I = new Int32Array(m);
    this.U = new Float64Array(m);
    this.rates = new Float64Array(m);
    this.W = new Float64Array(m * m);
    this.uMinus = new Float64Array(m);
    this.uFree = new Float64Array(m);
    this.bias = new Float64Array(m);
    this.w = new Float64Array(m);
    this.pivoting = new PivotingLcp(m);
    this.keyI = new Int32Array(m);
    this.band = { lo: new Int32Array(m), hi: new Int32Array(m) };
  }

  /**
   * A key that stays the same exactly while W_II does (same contacts, same M
   * and G); W_II and its band are taken from the cache only when it changes.
   */
  private matrixKey(): number {
    const { I, keyI, count } = this;
    let same = count === this.keyCount && this.cache.version === this.keyVersion;
    for (let a = 0; a < count && same; a++) same = I[a] === keyI[a];
    if (!same) {
      this.key++;
      this.keyCount = count;
      this.keyVersion = this.cache.version;
      keyI.set(I.subarray(0, count));
      this.cache.delassus(I, count, this.W, this.band);
    }
    return this.key;
  }

  /** Rung r's impulses, the first k entries of its buffer (made on the rung's first use). */
  private zView(r: number, k: number): Float64Array {
    if (this.zk[r]?.length !== k) this.zk[r] = (this.z[r] ??= new Float64Array(this.I.length)).subarray(0, k);
    return this.zk[r]!;
  }

  /** U_k = ġ(t_{k+1}, q_k, v_k) of the contacts of I. */
  approach(t: number, q: ArrayLike<number>, v: ArrayLike<number>): void {
    const { I, U } = this;
    this.kin.rates(t, q, v, this.rates);
    for (let a = 0; a < this.count; a++) U[I[a]!] = this.rates[I[a]!]!;
  }

  /**
   * Solve the step's contact problem at v_free = vf (impact-law.ts's law
   * with U⁻ = U_k) and add M⁻¹G_IᵀP to vf. P (one entry per contact) holds
   * the last solve's impulses on entry (the warm start) and this one's on
   * exit. Returns friction-lcp's status when Lemke fails too ('ok' otherwise).
   */
  impulses(t: number, q: ArrayLike<number>, vf: Float64Array, P: Float64Array): FrictionSolution['status'] {
    const { I, U, W, uMinus, uFree, e } = this;
    const k = this.count;
    const key = this.matrixKey();
    this.kin.rates(t, q, vf, this.rates);
    const rows = (this.rowsOf[k] ??= {
      uMinus: uMinus.subarray(0, k),
      uFree: uFree.subarray(0, k),
      W: W.subarray(0, k * k),
      band: this.band,
      bias: this.bias.subarray(0, k),
      e,
      contacts: Array.from(I.subarray(0, k)),
      slipCount: () => 0,
      // None pinned: without slip rows a 'stick' law acts on its normal only (moreau-jean.ts).
      pinned: Array.from({ length: k }, () => false),
      restVelocity: this.restVelocity,
    });
    const { contacts } = rows;
    for (let a = 0; a < k; a++) {
      const j = I[a]!;
      contacts[a] = j;
      uMinus[a] = U[j]!;
      uFree[a] = this.rates[j]!;
    }
    const start = (out: Float64Array): Float64Array => {
      for (let a = 0; a < k; a++) out[a] = this.warmStart ? P[I[a]!]! : 0;
      return out;
    };
    // Only a step whose Newton impulses gain solves again (a contact separating at U_k that the forces pull back).
    let rung = 0;
    const sol = applyImpactLaw(rows, (b) => this.solve(k, key, b, start(this.zView(rung++, k)))).solved.sol;
    if (sol.status !== 'ok') return sol.status;
    P.fill(0);
    for (let a = 0; a < k; a++) P[I[a]!] = sol.impulses[a]!;
    this.cache.addImpulses(I, k, sol.impulses, vf);
    return 'ok';
  }

  /** The LCP 0 ≤ W_II z + b ⊥ z ≥ 0 by pivoting from z's support, by Lemke where that fails; z holds the warm start on entry. */
  private solve(k: number, key: number, b: Float64Array, z: Float64Array): LawSolve & { readonly sol: { readonly status: FrictionSolution['status'] } } {
    const { W, w, tally } = this;
    let vScale = 1;
    for (let a = 0; a < k; a++) vScale = Math.max(vScale, Math.abs(b[a]!));
    const { pivoting } = this;
    if (pivoting.solve(k, W, b, z, w, key, this.band) === 'ok' && pivoting.residual <= 1e-12 * vScale) {
      tally.solves++;
      tally.iterations += pivoting.iterations;
      if (pivoting.warmHit) tally.warmStartHits++;
      tally.worstResidual = Math.max(tally.worstResidual, pivoting.residual);
      return { sol: { status: 'ok', impulses: z }, mu: z };
    }
    tally.fallbacks++;
    const contacts = Array.from(this.I.subarray(0, k), (j) => ({ slip: 0, mu: 0, separating: this.U[j]! > this.restVelocity }));
    const sol = solveFrictionLcp({ contacts, W: W.slice(0, k * k), b: b.slice() });
    if (sol.status === 'ok') tally.lemke(sol);
    return { sol, mu: sol.impulses };
  }
}
