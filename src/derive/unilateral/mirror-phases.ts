// Contact phases that are mirror images of each other (a walker standing on
// foot 1 or on foot 2: a1 ↔ a2). The simplifier reaches each phase's forms
// on its own, and two mirror images may end in forms of different lengths
// (compass-walker's ν̇₂ too long to print where ν̇₁ is not). Where exchanging
// two coordinates and their rates maps an earlier single-contact phase's q̈
// and densities onto a later one's, the later phase takes the earlier one's
// forms mirrored and says so (ContactPhase.mirror), and the report prints it
// as that mirror image. The mirror is checked numerically at random states
// and parameters (equal to 1e-9 relative), so a form is replaced only by an
// equal one.
// Tests: test/derive/unilateral/unilateral.test.ts.
import { equalAt } from '../../core/equal-at.js';
import type { Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import type { Model } from '../../model/model.js';
import type { ContactPhase } from './unilateral-types.js';

/** The phases, each single-contact phase that mirrors an earlier one in that one's forms, exchanged. */
export function mirroredPhases(model: Model, phases: readonly ContactPhase[]): ContactPhase[] {
  const out = [...phases];
  const single = out.map((_p, k) => k).filter((k) => out[k]!.active.length === 1 && out[k]!.explicit && !out[k]!.friction);
  const cs = model.coordinates;
  for (const target of single)
    search: for (const source of single) {
      if (source >= target) break;
      for (let i = 0; i < cs.length; i++)
        for (let k = i + 1; k < cs.length; k++) {
          const swap = new Map<string, Expr>([
            [cs[i]!.q.name, cs[k]!.q],
            [cs[k]!.q.name, cs[i]!.q],
            [cs[i]!.qd.name, cs[k]!.qd],
            [cs[k]!.qd.name, cs[i]!.qd],
          ]);
          const from = out[source]!.explicit!,
            to = out[target]!.explicit!;
          // q̈ of the target in the order of its coordinates: the source's entry of the exchanged coordinate, mirrored.
          const order = cs.map((_c, m) => (m === i ? k : m === k ? i : m));
          const qdd = order.map((m) => subs(from.qdd[m]!, swap));
          const multipliers = from.multipliers.map((e) => subs(e, swap));
          if (multipliers.length !== to.multipliers.length || !equalAt([...qdd, ...multipliers], [...to.qdd, ...to.multipliers])) continue;
          out[target] = { ...out[target]!, explicit: { qdd, multipliers }, mirror: { of: source, swap: [cs[i]!.name, cs[k]!.name] } };
          break search;
        }
    }
  return out;
}
