// Smirnov's self-locking in closed form (smirnov1981 §1, §3): where every full variant's determinant tends to one
// Δ₀ as friction → 0, Δ^ε = Δ₀ − (Δ₀ − Δ^ε), so that with Δ₀ > 0 variant ε locks where Δ₀ is no larger than its
// friction part (derive/friction/supports.ts lockingBound; lockingForm, the one form of all variants): printed per
// variant, in the paper's names where it gives them, with what it means where those parts vanish at equal
// coefficients (the planar prism's friction moments of its two faces cancel), and said as a finding.
// Tests: test/report/friction.test.ts.
import type { SupportDerivation } from '../derive/friction/supports.js';
import { equation, equations, m, paragraph, ref, type Block, type Inline } from './document.js';
import { fourDigits, math } from './notation.js';

/** The Δ₀ every variant's determinant tends to, with its value at the defaults, where it is one and not 0 there. */
function commonBase(s: SupportDerivation): { readonly expr: string; readonly value: number } | undefined {
  const vs = s.variants;
  const base = vs?.[0]?.frictionless;
  if (!base || !s.locking || s.locking.frictionless === 0 || !vs.every((v) => v.frictionless === base)) return undefined;
  // A constant determinant (one pair across two planes, Δ^ε = 1) has no friction part to bound.
  if (vs.every((v) => v.det === base)) return undefined;
  return { expr: math(base), value: s.locking.frictionless };
}

/**
 * The variants' conditions Δ^ε ≤ 0 ⇔ Δ₀ ≤ their friction terms (≥ where Δ₀ < 0 at the defaults), each under `names` (the
 * paper's Δ_{ij}, or the report's Δ^{(−,−)}), and, where the friction parts vanish at equal coefficients, what follows.
 */
export function lockingBlocks(s: SupportDerivation, names: readonly string[], named: boolean): Block[] {
  const base = commonBase(s);
  if (!base) return [];
  const rel = base.value > 0 ? '\\le' : '\\ge';
  return [
    paragraph(
      'With ',
      m(`\\Delta_0 ${base.value > 0 ? '>' : '<'} 0`),
      ', as at the default parameters and the initial state (',
      m(`\\Delta_0 = ${fourDigits(base.value)}`),
      `), a variant locks where its determinant${named ? ', printed in the paper’s form in Section ' : ''}`,
      ...(named ? [ref('sec:paper-results'), ','] : []),
      ` is ${base.value > 0 ? 'not positive' : 'not negative'}, that is where `,
      m('\\Delta_0'),
      ` is ${base.value > 0 ? 'no larger' : 'no smaller'} than the friction terms with their sign turned:`,
    ),
    equations(
      ...s.variants!.map((v, j) =>
        equation(
          `supports-locking-${v.variant.map((x) => (x === 1 ? 'p' : 'm')).join('')}`,
          `${names[j]!} ${rel} 0`,
          `${base.expr} ${rel} ${math(v.lockingBound)}`,
          '\\iff',
        ),
      ),
    ),
    ...(s.lockingNeedsUnequal
      ? [
          paragraph(
            'The right-hand sides vanish where the friction coefficients are equal: the friction of the two faces then cancels in the determinant, and no variant locks. A variant locks only with unequal coefficients, and only on a base ',
            m('\\Delta_0'),
            ' shorter than its right-hand side: Smirnov’s remark (§3) that the prism may lock at real coefficients where it is short against its width, made exact.',
          ),
        ]
      : []),
  ];
}

/**
 * The locking condition as a finding: with unequal coefficients only, where Δ₀ is no larger than the variants' friction
 * terms in one form, each pair's coefficient f_{ps} of the face p it bears on (≥ where Δ₀ < 0); and at the defaults.
 */
export function lockingFinding(s: SupportDerivation): Inline[] {
  const base = commonBase(s);
  const general = s.lockingForm;
  if (!base || !general || !s.lockingNeedsUnequal || (s.variants?.length ?? 0) > PRINTED_LOCKING) return [];
  return [
    'a variant of support locks only with unequal friction coefficients: the variant ',
    m(`(${general.faces.join(', ')})`),
    ' locks iff ',
    m(`\\Delta_0 = ${base.expr} ${base.value > 0 ? '\\le' : '\\ge'} ${math(general.bound)}`),
    ', the friction terms of its determinant, pair ',
    m('s'),
    ' bearing on its face ',
    m('p'),
    ' of coefficient ',
    m('f_{ps}'),
    ' (Section ',
    ref('sec:friction'),
    ')',
    s.locking!.least > 0 ? '; none does at the defaults' : '; one does at the defaults',
  ];
}

/** Variants beyond which their conditions are not printed (the spatial prism's 32). */
export const PRINTED_LOCKING = 4;
