// The start from rest of a model with Smirnov's support pairs (smirnov1981 §2), said where the abstract, the
// discussion and the conclusion state what is found: the friction bound of each full variant beside the condition
// that realizes it, the rule |P| > Φ for sliding from rest, and its values at the defaults (derive/friction/
// support-rest.ts) with the starts as run (studies/support-starts.ts). It prints; it computes nothing.
// Tests: test/report/friction.test.ts.
import { fn, neg, type Expr } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { dropPositiveSignFactors } from '../core/sign-arguments.js';
import type { DerivedSystem } from '../derive/system.js';
import type { SupportStarts } from '../studies/support-starts.js';
import { m, type Inline } from './document.js';
import { fourDigits, math, mechanicsSymbol } from './notation.js';

/**
 * "N ≥ 0", or "X ≤ 0" where N = −X prints shorter so (the point's F_z ≤ 0, not −F_z ≥ 0), N's positive factors
 * divided out (cos ωt ≤ 0, not F cos ωt ≤ 0, for F > 0).
 */
export function nonNegative(N: Expr, positive: ReadonlySet<string> = new Set()): string {
  // sgn(−x) is kept as −sgn x: N's own sign or its negative's, whichever stays an sgn.
  const freed = (x: Expr): Expr | undefined => {
    const s = dropPositiveSignFactors(fn('sign', x), positive);
    return s.kind === 'fn' && s.name === 'sign' ? s.args[0] : undefined;
  };
  const negated = freed(neg(N));
  const core = freed(N) ?? (negated && neg(negated)) ?? N;
  const [as, turned] = [math(core), math(neg(core))];
  return turned.length < as.length ? `${turned} \\le 0` : `${as} \\ge 0`;
}

/**
 * "the friction bound is Φ = f₂F_z for F_z ≥ 0 and −f₁F_z for F_z ≤ 0; from rest the system slides iff |F_x| > Φ: at the
 * defaults |F_x| = 3 > Φ = 1, and it slides with ẍ = 2 (…)"; nothing where the model has no start from rest.
 */
export function supportRestFinding(system: DerivedSystem, starts?: SupportStarts): Inline[] {
  const rest = system.supportRest;
  if (!rest) return [];
  const vs = system.supports?.variants ?? [];
  const c = system.model.coordinates.find((x) => x.name === rest.coordinate)!;
  // The variants' bounds with their conditions where one pair has two sides (the point's Φ(F_z)); the prism's four are the paper's Φ.
  const cases = vs.length === 2 && rest.reactions.every((r) => r.length === 1);
  const loaded = new Map([[c.qd.name, rest.load]]);
  const P = `|${math(rest.load)}|`;
  const { load, bound, slide } = rest.atDefaults;
  const slides = Math.abs(load) > bound;
  const runs = starts?.starts.filter((s) => s.until === undefined) ?? [];
  return [
    ...(cases
      ? [
          'the friction bound is ',
          ...vs.flatMap((v, j): Inline[] => [
            ...(j ? [' and '] : []),
            m(`${j ? '' : '\\Phi = '}${math(subs(v.friction, loaded))}`),
            ' for ',
            m(nonNegative(rest.reactions[j]![0]!, system.positive)),
          ]),
          ', the variant whose reaction is non-negative; ',
        ]
      : []),
    'from rest the system slides iff ',
    m(`${P} > \\Phi`),
    ': at the defaults ',
    m(`${P} = ${fourDigits(Math.abs(load))} ${slides ? '>' : '\\le'} \\Phi = ${fourDigits(bound)}`),
    slides ? ', and it slides with ' : ', and it stays',
    ...(slides ? [m(`\\ddot{${mechanicsSymbol(c.name)}} = ${fourDigits(slide)}`)] : []),
    ...(runs.length
      ? [
          ' (run from rest: ',
          ...runs.flatMap((s, k): Inline[] => [
            ...(k ? [', '] : []),
            m(`${mechanicsSymbol(starts!.parameter)} = ${fourDigits(s.load)}`),
            s.moved ? ' slides' : ' stays',
          ]),
          ')',
        ]
      : []),
  ];
}
