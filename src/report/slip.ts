// The patch section's account of what the friction does to the slip
// (PatchResults.slipping, src/derive/compliant/slip.ts): during an impact the slip
// changes with the depth's rate and one velocity combination is conserved
// (kuleshov2011 (7.5), Proposition 9); on the incline the friction sign that
// holds the slip (the sliding stops iff it lies in (−1, 1): (2.3)); rolling
// without slip with the rolling resistance of the viscous foundation ((12.2)–
// (12.5)). Everything printed is derived; nothing is recomputed here.
// Tests: test/report/patch.test.ts.
import { sym } from '../core/expr.js';
import type { PatchResults } from '../derive/compliant/patches.js';
import type { Model } from '../model/model.js';
import { REFERENCES } from '../model/sources.js';
import { equation, equations, list, m, paragraph, type Block } from './document.js';
import { math, mathLines, mechanicsSymbol } from './notation.js';

/** The slip velocity's symbol: s is the paper's scaled depth (kuleshov2011 §8). */
export const SLIP = 'u_{s}';
export const SLIP_RATE = '\\dot{u}_{s}';

export function slipBlocks(model: Model, t: PatchResults): Block[] {
  const s = t.slipping;
  const f = t.contact.friction;
  if (!s || !f) return [];
  const label = (what: string): string => `patch-${what}-${t.name}`;
  const depthRate = `\\dot{${math(sym(t.contact.depth))}}`;
  const cs = model.coordinates;
  const paper = REFERENCES.kuleshov2011.short;
  const blocks: Block[] = [
    paragraph(
      'In the whole patch the friction resultants are ',
      m(math(sym(f.sign))),
      ` times fixed multiples of the normal one (their part from the patch’s tilt dropped, as ${paper} do in (7.3)), so every velocity changes in proportion to the normal force. During an impact the slip `,
      m(`${SLIP} = ${math(f.slip)}`),
      ' changes with the depth’s rate as ',
      m(`d${SLIP} = ${math(sym(f.sign))}\\,\\rho\\,d${depthRate}`),
      ', and with ',
      m('\\rho'),
      ' the slip stops within the impact iff ',
      m(`|${SLIP}^{-}| \\le \\rho\\,(${depthRate}^{-} - ${depthRate}^{+})`),
      ':',
    ),
    equations(equation(label('slip-rate'), '\\rho', mathLines(s.slipPerDepthRate))),
  ];
  if (s.invariant) {
    blocks.push(
      paragraph('One combination of the velocities is unchanged by the impact:'),
      equations(equation(label('invariant'), '\\ell', mathLines(s.invariant))),
    );
  }
  if (s.after) {
    const S = math(s.after.slip);
    blocks.push(
      paragraph(
        'so an impact that leaves the slip ',
        m(`${S} = \\operatorname{sgn}(${SLIP}^{-})\\max(0, |${SLIP}^{-}| - \\rho\\,(${depthRate}^{-} - ${depthRate}^{+}))`),
        ' (0 where the slip stopped) ends with',
      ),
      equations(
        ...s.after.velocities.flatMap((e, i) =>
          e.kind === 'sym' ? [] : [equation(label(`after-${cs[i]!.name}`), `${mechanicsSymbol(cs[i]!.qd.name)}^+`, mathLines(e))],
        ),
      ),
    );
  }
  if (s.holding) {
    blocks.push(
      paragraph(
        // No letters for the two coefficients: a is the paper's depth scale (ζ = ah).
        'At rest depth the normal force balances the load and the slip’s acceleration ',
        m(SLIP_RATE),
        ' is affine in ',
        m(math(sym(f.sign))),
        '; the friction holds it at zero with',
      ),
      equations(equation(label('holding'), `${math(sym(f.sign))}_*`, mathLines(s.holding))),
      paragraph('so a sliding body stops slipping iff ', m(`|${math(sym(f.sign))}_*| < 1`), ', and slides on otherwise.'),
    );
  }
  const r = s.rolling;
  if (r) {
    const u = math(sym(r.velocity));
    blocks.push(
      paragraph('Rolling without slip at rest depth, to first order in ', m(u), ' (the foundation’s viscosity resists the rolling: the rolling resistance):'),
      equations(
        ...cs.flatMap((c, i) => {
          const a = r.acceleration[i]!;
          const b = r.perVelocity[i]!;
          return a.kind === 'num' && b.kind === 'num' && a.value.n === 0 && b.value.n === 0
            ? []
            : [equation(label(`rolling-${c.name}`), mechanicsSymbol(c.qdd.name), [`${math(a)} + \\left(${math(b)}\\right) ${u}`])];
        }),
      ),
      ...(r.steady ? [paragraph('and it rolls steadily at'), equations(equation(label('steady'), u, mathLines(r.steady)))] : []),
      paragraph('Not derived or not compared here:'),
      list(
        [
          `the rolling resistance as ${paper} print it, (3.1)–(3.2): the source text has lost their formulas; in the paper check their terms linear in the speed are derived from the rolling above as the text says (`,
          m('m\\dot{u}_x = -2F_x/3'),
          ', ',
          m('u_x + r\\omega = 0'),
          '), and the first-order terms are checked against the term of (12.3) linear in the speed and through the steady speed they give (§2, (12.5));',
        ],
        ['the correction of second order in the speed that (3.1) and (12.3) add;'],
        [
          'the constant part of Proposition 14’s forcing, from the patch’s ends moved by the horizontal speed ((10.4)), which enters the resultants at second order (the paper check measures Proposition 14’s relaxation for a forcing of that form, and has Propositions 12–13 and Corollaries 2–5).',
        ],
      ),
    );
  }
  return blocks;
}
