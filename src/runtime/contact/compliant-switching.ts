// The switching surfaces of a module's compliant contacts, where its
// generated rhs changes branch: the gap f = 0 and, for a contact without
// adhesion, the normal force F_n = 0 inside the obstacle (f ≤ 0). Gap
// potentials act everywhere and switch nothing. The values come from the
// module's compliantContacts ([f, ḟ, F_n] per contact); a crossing is
// a guard (hybrid/guards.ts) located on a step's dense output by the one
// event locator (hybrid/events.ts). Both drivers that integrate
// compliant contacts use it: the stiff simulation (compliant.ts), which
// restarts its steps at the crossings, and the variational flow
// (variational.ts), which puts a saltation matrix there.
// Tests: test/runtime/hybrid/compliant.test.ts, test/runtime/analysis/variational.test.ts.
import type { CompliantInfo, LoadedModule, Params } from '../contract.js';
import { SimulationError } from '../errors.js';
import type { Crossing, Guard } from '../hybrid/guards.js';

/** Whether a compliant contact's force switches where its gap vanishes (a gap potential acts everywhere). */
export const switches = (c: CompliantInfo): boolean => c.kind === 'compliant';

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
    private readonly module: LoadedModule,
    private readonly params: Params,
  ) {
    const contacts = module.model.compliant ?? [];
    if (contacts.length > 0 && !module.compliantContacts) {
      throw new SimulationError('incomplete-module', 'input', 'the module lists compliant contacts but has no compliantContacts; regenerate it', {
        model: module.model.name,
        field: 'compliantContacts',
      });
    }
    this.count = contacts.length;
    this.adhesive = contacts.map((c) => c.adhesion);
    this.switched = contacts.map(switches);
    this.watched = contacts.flatMap((c, j) => (!switches(c) ? [] : c.adhesion ? [3 * j] : [3 * j, 3 * j + 2]));
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
  touchingAfter(c: Crossing, values: ArrayLike<number>): boolean {
    const { contact, entry, a } = c.guard;
    const rising = a < 0;
    if (entry === 3 * contact + 2) return rising;
    return !rising && (this.adhesive[contact]! || values[3 * contact + 2]! >= 0);
  }

  /**
   * The switching surfaces as guards (either direction), from the values a
   * at a step's start and b at its end: f_j = 0 and, without adhesion,
   * F_n,j = 0, a force crossing counting only inside the obstacle.
   */
  guards(a: ArrayLike<number>, b: ArrayLike<number>): Guard[] {
    return this.watched.map((k) => {
      const j = Math.floor(k / 3);
      const inside = k === 3 * j ? {} : { accept: (t: number, y: Float64Array) => this.value(t, y, 3 * j) <= 0 };
      return {
        kind: 'switch',
        contact: j,
        entry: k,
        direction: 'either',
        value: (t: number, y: Float64Array) => this.value(t, y, k),
        a: a[k]!,
        b: b[k]!,
        ...inside,
      };
    });
  }
}
