// Smirnov's variants with free pairs (smirnov1981 §2: of the planar prism's
// 9 variants, 4 rest on one support and 1 on none, "in the absence of load
// except Pₓ"). With m < k pairs bearing, (1.1) has k rows and m unknowns: it
// is solvable only on a surface of the loads, the boundary between full
// variants where the free pairs' reactions vanish (F(s) = 2⁻ᵐ there). The
// reactions are solved from the first m rows whose minor is regular, in
// the rows' order (for the prism: the balance along y, (2.1)'s first row);
// each other row leaves a residual bⱼ − Σᵢ aᵢⱼNᵢ, zero exactly on that
// surface, where every choice of rows gives the same reactions.
// Tests: test/derive/friction/support-partial.test.ts
import { add, mul, sub, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { solveSmall } from '../matrix.js';
import type { ReactionSystem } from './support-reactions.js';
import type { Variant } from './support-variants.js';

/** A variant with free pairs: the bearing pairs' reactions (0 for the free ones), Φ = Σ fᵢNᵢ, and the residual of each row not solved. */
export interface PartialVariant {
  readonly variant: Variant;
  readonly reactions: readonly Expr[];
  readonly friction: Expr;
  /** Row index j and bⱼ − Σᵢ aᵢⱼNᵢ: the variant is realized where all vanish. */
  readonly residuals: readonly { readonly row: number; readonly value: Expr }[];
}

/** The variant in closed form, or undefined where no m rows determine its reactions. */
export function partialVariant(
  system: ReactionSystem,
  friction: readonly { readonly positive: Sym; readonly negative: Sym }[],
  v: Variant,
  tidy: (e: Expr) => Expr = simplify,
): PartialVariant | undefined {
  const bearing = v.flatMap((s, i) => (s === 0 ? [] : [i]));
  const column = (i: number): readonly Expr[] => (v[i] === 1 ? system.pairs[i]!.positive : system.pairs[i]!.negative);
  const k = system.rhs.length;
  const rows = subsets(k, bearing.length).find((r) => bearing.length === 0 || solvable(r));
  if (!rows) return undefined;
  const solved = bearing.length
    ? solveSmall(
        minor(rows),
        rows.map((j) => system.rhs[j]!),
      )!.x.map(tidy)
    : [];
  const reactions = v.map((_, i) => (bearing.includes(i) ? solved[bearing.indexOf(i)]! : ZERO));
  const residuals = Array.from({ length: k }, (_, j) => j)
    .filter((j) => !rows.includes(j))
    .map((j) => ({ row: j, value: tidy(sub(system.rhs[j]!, add(...bearing.map((i) => mul(column(i)[j]!, reactions[i]!))))) }));
  const coefficient = (i: number): Sym => (v[i] === 1 ? friction[i]!.positive : friction[i]!.negative);
  const bound = tidy(add(...bearing.map((i) => mul(coefficient(i), reactions[i]!))));
  return { variant: v, reactions, friction: bound, residuals };

  function minor(r: readonly number[]): Expr[][] {
    return r.map((j) => bearing.map((i) => column(i)[j]!));
  }
  function solvable(r: readonly number[]): boolean {
    return (
      solveSmall(
        minor(r),
        r.map(() => ZERO),
      ) !== undefined
    );
  }
}

/** The n-element subsets of 0…k−1 in lexicographic order. */
function subsets(k: number, n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (let first = 0; first <= k - n; first++) for (const rest of subsets(k - first - 1, n - 1)) out.push([first, ...rest.map((j) => j + first + 1)]);
  return out;
}
