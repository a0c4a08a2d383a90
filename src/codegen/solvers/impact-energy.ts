// The energy test of the frictional impact law and its fallback coefficient
// written once, as IR: printed into src/numeric/impact-energy.ts, which the
// runtime's law imports (src/runtime/contact/impact-law.ts, whose header
// states the law and its rungs), and into the C driver's frictional impact
// (src/codegen/c-driver-impact.ts): the work of an impact's impulses beyond
// roundoff, and Glocker's one coefficient e*.
// Tests: test/numeric/impact-energy.test.ts, test/codegen/solvers/sources.test.ts,
// test/codegen/c-driver-impact.test.ts (the driver's runs).
import {
  assign,
  bin,
  constVar,
  forRange,
  idx,
  INFINITY,
  letVar,
  math,
  neg,
  num,
  plus,
  ref,
  ret,
  times,
  when,
  type Decl,
  type JsExpr,
  type ModuleIR,
} from '../ir.js';
import { param } from './dense.js';

const [a, c, j, zero] = [ref('a'), ref('c'), ref('j'), num(0)];
const abs = (x: JsExpr): JsExpr => math('abs', x);

export const impulseWork: Decl = {
  kind: 'function',
  name: 'impulseWork',
  exported: true,
  doc: `The work ½(U⁻ + U⁺)ᵀΛ of impulses Λ on r rows beyond roundoff, 0 when
within it: U⁻ the rows' velocities before the impact (at a time step's
start), U⁺ = U_free + W μ after it (μ = Λ, or the multiplier of a
regularized metric), W r×r row-major, summed over its band: columns
lo[a] ≤ c < hi[a] of row a (the terms outside are exact zeros). Positive:
the impulses raise the energy (Kane's paradox), and the law falls back
(Glocker's coefficient). Roundoff is 1e-14 of Σ(|U⁻| + |U_free| + Σ|W μ|)|Λ|,
the size of the work's terms: a few hundred ulps, far below any real gain
and above the solve's rounding; U⁺ is rounded to a few ulps of its terms,
far above |U⁺| itself at a resting contact under a stack (W μ cancels
U_free there).`,
  params: [
    param('r', 'index'),
    param('uMinus', 'ArrayLike<number>'),
    param('uFree', 'ArrayLike<number>'),
    param('W', 'ArrayLike<number>'),
    param('multiplier', 'ArrayLike<number>'),
    param('impulses', 'ArrayLike<number>'),
    param('lo', 'Int32Array'),
    param('hi', 'Int32Array'),
  ],
  returns: 'number',
  body: [
    letVar('work', zero),
    letVar('scale', zero),
    forRange('a', 0, ref('r'), [
      letVar('uPlus', idx('uFree', a)),
      letVar('size', abs(idx('uFree', a))),
      forRange('c', idx('lo', a), idx('hi', a), [
        constVar('term', times(idx('W', plus(times(a, ref('r')), c)), idx('multiplier', c))),
        assign(ref('uPlus'), ref('term'), '+='),
        assign(ref('size'), abs(ref('term')), '+='),
      ]),
      assign(ref('work'), times(times(num(0.5), plus(idx('uMinus', a), ref('uPlus'))), idx('impulses', a)), '+='),
      assign(ref('scale'), times(plus(abs(idx('uMinus', a)), ref('size')), abs(idx('impulses', a))), '+='),
    ]),
    when(bin(ref('work'), '>', times(num(1e-14), ref('scale'))), [ret(ref('work'))]),
    ret(zero),
  ],
};

export const glockerRestitution: Decl = {
  kind: 'function',
  name: 'glockerRestitution',
  exported: true,
  doc: `Glocker's one coefficient e* of the fallback law, b = U_free + e* U⁻ on
every row: the smallest e of the k closed contacts that arrive (normal
velocity U⁻ below −restVelocity), else of all of them; 0 without contacts.
contact[a] is the a-th closed contact's index into e, row[a] its normal row
in U⁻ (the law and why it dissipates: src/runtime/contact/impact-law.ts).`,
  params: [
    param('k', 'index'),
    param('contact', 'Int32Array'),
    param('row', 'Int32Array'),
    param('uMinus', 'ArrayLike<number>'),
    param('e', 'ArrayLike<number>'),
    param('restVelocity', 'number'),
  ],
  returns: 'number',
  body: [
    letVar('arriving', INFINITY),
    letVar('closed', INFINITY),
    forRange('a', 0, ref('k'), [
      constVar('j', idx('contact', a)),
      when(bin(idx('e', j), '<', ref('closed')), [assign(ref('closed'), idx('e', j))]),
      when(bin(bin(idx('uMinus', idx('row', a)), '<', neg(ref('restVelocity'))), '&&', bin(idx('e', j), '<', ref('arriving'))), [
        assign(ref('arriving'), idx('e', j)),
      ]),
    ]),
    when(bin(ref('arriving'), '<', INFINITY), [ret(ref('arriving'))]),
    when(bin(ref('closed'), '<', INFINITY), [ret(ref('closed'))]),
    ret(zero),
  ],
};

/** src/numeric/impact-energy.ts. */
export const IMPACT_ENERGY: ModuleIR = {
  header: [
    'The energy test of the frictional impact law (Newton–Coulomb, Moreau;',
    'Glocker 2013, "Energetic consistency conditions for standard impacts"):',
    "the work of an impact's impulses beyond roundoff, and the one coefficient",
    "e* of Glocker's law that replaces Newton's where that work is positive",
    "(Kane's paradox). The runtime (src/runtime/contact/impact-law.ts) and the",
    'C driver both decide by these functions, printed from the same IR.',
  ],
  decls: [impulseWork, glockerRestitution],
};

/** The functions the C driver calls. */
export const IMPACT_ENERGY_RULES = IMPACT_ENERGY.decls as (Decl & { kind: 'function' })[];
