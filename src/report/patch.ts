// The report's "Distributed contact law" section: for each
// contact patch of DerivedSystem.patches (src/derive/compliant/patch.ts) the density
// after the small-penetration expansion, the penetration and the patch's
// geometric ends, each regime with its ends, its conditions and its
// resultants (for the disk of Kuleshov et al.: compression (5.3) on the
// whole arc, restitution (5.4) inside it, also for motion along the normal
// alone as §5 prints them), the separation condition, the
// equilibrium half-width ((4.7): ϑ₀ = (3/2)^{1/3}ε), and the friction law.
// Everything printed is derived data, in the law's own symbols, as the paper
// prints it; nothing is recomputed here.
// Tests: test/report/patch.test.ts.
import { sym, ZERO, type Expr } from '../core/expr.js';
import { expand } from '../core/expand.js';
import { mapChildren, memoPass } from '../core/traverse.js';
import type { PatchCondition, PatchRegime, PatchTerm } from '../derive/compliant/patch.js';
import type { DerivedSystem } from '../derive/system.js';
import { equation, equations, list, m, paragraph, type Block, type Inline, type Section } from './document.js';
import { math, mathLines } from './notation.js';
import { SLIP, SLIP_RATE, slipBlocks } from './slip.js';
import { patchHistoryBlocks } from './patch-history.js';
import type { PatchHistory } from '../studies/patch-history.js';

/** The symbol the density's discriminant is printed as. */
const DISCRIMINANT = sym('Delta');

const REL: Readonly<Record<PatchCondition['relation'], string>> = { '>': '>', '>=': '\\ge', '<': '<', '<=': '\\le', '=': '=' };

/** Why each regime's patch is what it is, in words. */
const REGIME_WORDS: Readonly<Record<PatchRegime['name'], string>> = {
  whole: 'the whole geometric arc (the density is ≥ 0 at both ends)',
  'lower-inner': 'from where the density vanishes to the upper geometric end',
  'upper-inner': 'from the lower geometric end to where the density vanishes',
  'both-inner': 'between the two zeros of the density, inside the arc',
};

/** Coordinate i's share of the patches' resultants (their generalized forces where engaged), as signed LaTeX terms. */
export function patchForceTerms(system: DerivedSystem, i: number): string[] {
  return (system.patches?.terms ?? []).flatMap((t) => {
    const e = t.contact.forces[i]!;
    if (e === ZERO) return [];
    const printed = e.kind === 'add' ? `\\left(${math(e)}\\right)` : math(e);
    return [printed.startsWith('-') ? `- ${printed.slice(1)}` : `+ ${printed}`];
  });
}

export function patchSection(system: DerivedSystem, histories: readonly PatchHistory[] = []): Section | undefined {
  const terms = system.patches?.terms ?? [];
  if (terms.length === 0) return undefined;
  return {
    id: 'patch',
    title: 'Distributed contact law',
    blocks: [
      paragraph(
        'The contact force is not given but derived by integrating a force density over the contact patch, after Kuleshov, Treschev, Ivanova and Naimushina (A rigid cylinder on a viscoelastic plane, Nonlinear Dynamics 7(3), 2011): ',
        'the patch ends where the body leaves the foundation or, without adhesion, where the density vanishes (4.4)–(4.5), so the resultants change form with the motion.',
      ),
      ...terms.flatMap((t) => {
        const history = histories.find((h) => h.name === t.name);
        return [...termBlocks(t), ...slipBlocks(system.model, t), ...(history ? patchHistoryBlocks(t, history) : [])];
      }),
    ],
  };
}

export const conditionTex = (c: PatchCondition): string => `${math(c.expr)} ${REL[c.relation]} 0`;
/** 'c₁, c₂, …' as inline math. */
const conditionList = (cs: readonly PatchCondition[]): Inline[] => cs.flatMap((c, i): Inline[] => [i ? ', ' : '', m(conditionTex(c))]);

function termBlocks(t: PatchTerm): Block[] {
  const v = math(sym(t.law.variable));
  const label = (what: string): string => `patch-${what}-${t.name}`;
  // The density's discriminant, the base of every root of the inner regimes, printed once as Δ.
  // A sum is the discriminant when it expands to the same polynomial (the roots' bases are built apart from it).
  const D = t.law.separation;
  const expanded = D && expand(D);
  const named = D
    ? memoPass<Expr>((u, go) => (u === D || (u.kind === 'add' && expand(u) === expanded) ? DISCRIMINANT : mapChildren(u, go)))
    : (e: Expr): Expr => e;
  const span = (r: PatchRegime): Inline => m(`${math(named(r.lower.value))} \\le ${v} \\le ${math(named(r.upper.value))}`);
  const blocks: Block[] = [
    paragraph(
      `Patch ${t.name}${t.contact.description ? ` (${t.contact.description})` : ''}: in its state, `,
      ...[...t.contact.state].flatMap(([name, e], i): Inline[] => [i ? ', ' : '', m(`${math(sym(name))} = ${math(e)}`)]),
      ' (the depth ',
      m(math(sym(t.contact.depth))),
      '), along ',
      m(v),
      ' the normal force density, after the small-penetration expansion, and the penetration are',
    ),
    equations(
      equation(label('density'), `\\Phi(${v})`, mathLines(t.law.density)),
      ...(t.law.penetration ? [equation(label('penetration'), `Y(${v})`, mathLines(t.law.penetration))] : []),
    ),
    paragraph(
      'so the body touches the foundation on ',
      m(`${math(t.law.from)} \\le ${v} \\le ${math(t.law.to)}`),
      '. Each regime below holds where its conditions do; its resultants are the integrals of their weights times ',
      m('\\Phi'),
      ' over its patch',
      ...(D ? [', with the density’s discriminant'] : []),
      ':',
    ),
    ...(D ? [equations(equation(label('discriminant'), math(DISCRIMINANT), mathLines(D)))] : []),
  ];
  for (const r of t.law.regimes) {
    blocks.push(
      paragraph(
        `Regime ${r.name}: the patch runs ${REGIME_WORDS[r.name]}, `,
        span(r),
        ...(r.conditions.length ? [', where ', ...conditionList(r.conditions.map((c) => ({ ...c, expr: named(c.expr) })))] : [', always']),
        ':',
      ),
      equations(...Object.entries(r.resultants).map(([name, e]) => equation(label(`${r.name}-${name}`), math(sym(name)), mathLines(named(e))))),
    );
  }
  if (t.law.separation) {
    blocks.push(paragraph('The inner patch shrinks to a point, and the body separates from the foundation, where ', m(`${math(DISCRIMINANT)} = 0`), '.'));
  }
  const along = t.normalMotion;
  if (along) {
    const zero = along.zero.map((s) => `${math(sym(s))} = 0`).join(',\\ ');
    blocks.push(paragraph('For motion along the normal only (', m(zero), ', the depth ', m(`${math(sym(t.contact.depth))} > 0`), ') the regimes reduce to'));
    for (const r of along.law.regimes) {
      const F = r.resultants[t.contact.normal]!;
      blocks.push(
        paragraph(`${r.name}: `, span(r), ...(r.conditions.length ? [' where ', ...conditionList(r.conditions)] : []), ','),
        equations(equation(label(`normal-${r.name}`), math(sym(t.contact.normal)), mathLines(F))),
      );
    }
    if (along.law.separation) blocks.push(paragraph('and the body separates where ', m(`${math(along.law.separation)} = 0`), '.'));
  }
  if (t.equilibrium) {
    blocks.push(
      paragraph('At rest under the load ', m(math(t.contact.load!)), ' the normal resultant balances it at the depth and half-width'),
      equations(
        equation(label('depth'), `${math(sym(t.contact.depth))}_{0}`, mathLines(t.equilibrium.depth)),
        equation(label('half-width'), `${v}_{0}`, mathLines(t.equilibrium.halfWidth)),
      ),
    );
  }
  const f = t.contact.friction;
  blocks.push(
    paragraph(
      'In the equations of motion the resultants act as the generalized forces ',
      ...t.contact.forces.flatMap((e, i): Inline[] => [i ? ', ' : '', m(`Q_{${i + 1}} = ${math(e)}`)]),
      ' of the active regime, added to the forcing of Section ',
      { ref: 'sec:lagrange2' },
      '.',
    ),
  );
  if (f) {
    blocks.push(
      list(
        [
          'sliding: ',
          m(`${math(sym(f.sign))} = \\operatorname{sgn} ${SLIP}`),
          ' with the slip velocity ',
          m(`${SLIP} = ${math(f.slip)}`),
          ' (Coulomb, ',
          // Upright subscripts, here and in the cone below: T names the kinetic energy.
          m('|\\mathrm{d}F_{\\mathrm{t}}| \\le \\lambda|\\mathrm{d}F_{\\mathrm{n}}|'),
          ')',
        ],
        [
          'rolling without slip: ',
          m(`${math(sym(f.sign))}`),
          ' is the value that keeps ',
          m(`${SLIP_RATE} = 0`),
          ' while it lies in ',
          m('[-1, 1]'),
          ' (',
          m('|F_{\\mathrm{t}}| \\le \\lambda F_{\\mathrm{n}}'),
          '); a slip the friction can stop relaxes to zero over ',
          m(math(f.relaxation)),
          ', and beyond the cone the body slides',
        ],
      ),
    );
  }
  return blocks;
}
