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
import { evaluate } from '../../core/evaluate.js';
import { freeSymbols, type Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import type { Model } from '../../model/model.js';
import type { ContactPhase } from './unilateral-types.js';

/** Random points the mirror is checked at. */
const POINTS = 4;
const TOL = 1e-9;

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

/**
 * Whether e is unchanged by exchanging two coordinates and their rates (a mirror phase's D, l²(m_H + m sin²(a₁ − a₂)) +
 * m(l − b)², is the compass walker's on either foot: one name, not a primed twin).
 */
export function mirrorInvariant(model: Model, [a, b]: readonly [string, string], e: Expr): boolean {
  const [ca, cb] = [a, b].map((n) => model.coordinates.find((c) => c.name === n)!);
  const swap = new Map<string, Expr>([
    [ca!.q.name, cb!.q],
    [cb!.q.name, ca!.q],
    [ca!.qd.name, cb!.qd],
    [cb!.qd.name, ca!.qd],
  ]);
  return equalAt([e], [subs(e, swap)]);
}

/** Whether each a equals its b at POINTS random values of their symbols (a fixed seed: the same answer every run). */
function equalAt(as: readonly Expr[], bs: readonly Expr[]): boolean {
  const names = [...new Set([...as, ...bs].flatMap((e) => [...freeSymbols(e)]))];
  let seed = 12345;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 0.2 + seed / 2147483648;
  };
  for (let p = 0; p < POINTS; p++) {
    const env = Object.fromEntries(names.map((n) => [n, random()]));
    for (let j = 0; j < as.length; j++) {
      const a = evaluate(as[j]!, env),
        b = evaluate(bs[j]!, env);
      if (!(Math.abs(a - b) <= TOL * Math.max(1, Math.abs(a), Math.abs(b)))) return false;
    }
  }
  return true;
}
