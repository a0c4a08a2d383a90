// The switching surfaces of a module's compliant contacts, where its
// generated rhs changes branch: the gap f = 0 and, for a contact without
// adhesion, the normal force F_n = 0 inside the obstacle (f ≤ 0). Gap
// potentials act everywhere and switch nothing. The values come from the
// module's compliantContacts ([f, ḟ, F_n] per contact); a crossing is
// located on a step's dense output (events.ts). Both drivers that integrate
// compliant contacts use it: the stiff simulation (compliant.ts), which
// restarts its steps at the crossings, and the variational flow
// (variational.ts), which puts a saltation matrix there.
// Tests: test/runtime/hybrid/compliant.test.ts, test/runtime/analysis/variational.test.ts.
import type { GeneratedModel, Params } from '../contract.js';
import { SimulationError } from '../errors.js';
import { crosses, locateOnInterval, type DenseInterval, type EventLocation } from '../hybrid/events.js';

export interface SwitchCrossing {
  readonly at: EventLocation;
  /** Index in model.compliant. */
  readonly contact: number;
  /** The crossed entry of compliantContacts: 3j (f_j) or 3j + 2 (F_n,j). */
  readonly entry: number;
  /** The crossed switching function: the gap f or the normal force F_n. */
  readonly surface: 'gap' | 'force';
  /** Whether it crossed upwards (negative before). */
  readonly rising: boolean;
}

export class CompliantSwitching {
  /** Compliant contacts of the model (switched or not). */
  readonly count: number;
  private readonly adhesive: readonly boolean[];
  private readonly switched: readonly boolean[];
  /** The compliantContacts entries watched: 3j (f_j) and, without adhesion, 3j + 2 (F_n,j). */
  private readonly watched: readonly number[];
  private readonly n: number;
  private readonly q: Float64Array;
  private readonly qd: Float64Array;
  private readonly scratch: Float64Array;

  constructor(
    private readonly module: GeneratedModel,
    private readonly params: Params,
  ) {
    const contacts = module.model.compliant ?? [];
    if (contacts.length > 0 && !module.compliantContacts) {
      throw new SimulationError('incomplete-module', 'input', 'the module lists compliant contacts but has no compliantContacts; regenerate it', { model: module.model.name, field: 'compliantContacts' });
    }
    this.count = contacts.length;
    this.adhesive = contacts.map((c) => c.adhesion);
    this.switched = contacts.map((c) => c.kind === 'compliant');
    this.watched = contacts.flatMap((c, j) => (c.kind !== 'compliant' ? [] : c.adhesion ? [3 * j] : [3 * j, 3 * j + 2]));
    this.n = module.model.coordinates.length;
    this.q = new Float64Array(this.n);
    this.qd = new Float64Array(this.n);
    this.scratch = new Float64Array(3 * this.count);
  }

  /** [f, ḟ, F_n] per compliant contact at (t, x) into out (x's first 2n entries: a variational state carries Φ after them). */
  at(t: number, x: ArrayLike<number>, out: Float64Array): Float64Array {
    if (this.count === 0) return out;
    for (let i = 0; i < this.n; i++) {
      this.q[i] = x[i]!;
      this.qd[i] = x[this.n + i]!;
    }
    return this.module.compliantContacts!(t, this.q, this.qd, this.params, out);
  }

  /** Entry k of compliantContacts at (t, x). */
  value(t: number, x: ArrayLike<number>, k: number): number {
    return this.at(t, x, this.scratch)[k]!;
  }

  /** Whether contact j's terms act where compliantContacts gave `values`: a switched contact with f ≤ 0 and, without adhesion, F_n ≥ 0 (closed sets, Kozlov (2.3)). */
  touching(values: ArrayLike<number>, j: number): boolean {
    return this.switched[j]! && values[3 * j]! <= 0 && (this.adhesive[j]! || values[3 * j + 2]! >= 0);
  }

  /** touching at (t, x). */
  touchingAt(t: number, x: ArrayLike<number>, j: number): boolean {
    return this.touching(this.at(t, x, this.scratch), j);
  }

  /**
   * Whether contact j touches just after crossing c, with `values` there (the
   * crossed function is on its new side, perhaps exactly 0, so only the
   * direction tells): leaving through f = 0 ends it; entering starts it
   * where the force pushes (always with adhesion); F_n = 0 crossed inside
   * starts it when rising, ends it when falling.
   */
  touchingAfter(c: SwitchCrossing, values: ArrayLike<number>): boolean {
    if (c.surface === 'force') return c.rising;
    return !c.rising && (this.adhesive[c.contact]! || values[3 * c.contact + 2]! >= 0);
  }

  /** The earliest switching crossing on a step, from the values a at its start and b at its end; a force crossing counts only inside the obstacle. */
  firstCrossing(step: DenseInterval, a: ArrayLike<number>, b: ArrayLike<number>): SwitchCrossing | undefined {
    let best: SwitchCrossing | undefined;
    for (const k of this.watched) {
      if (!crosses(a[k]!, b[k]!, 'either')) continue;
      const at = locateOnInterval((s, y) => this.value(s, y, k), step, step.tPrev, a[k]!, step.t, b[k]!);
      const j = Math.floor(k / 3);
      const surface = k === 3 * j ? 'gap' : 'force';
      if (surface === 'force' && this.value(at.t, at.y, 3 * j) > 0) continue;
      if (!best || at.t < best.at.t) best = { at, contact: j, entry: k, surface, rising: a[k]! < 0 };
    }
    return best;
  }
}
