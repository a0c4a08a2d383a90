// The run's first impact of a contact with Coulomb friction striking alone
// (studies/first-impact.ts), printed in the discussion: which outcomes its
// map admits at the run's state, the impulses of the one taken, and the work
// of the normal and the friction impulse beside the loss of kinetic energy.
// Tests: test/report/falling-rod-outcomes.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import { preImpactName } from '../model/names.js';
import type { FirstImpact, ImpactOutcome } from '../studies/first-impact.js';
import { m, paragraph, ref, type Block, type Inline } from './document.js';
import { mechanicsSymbol, proseName, reportSymbols } from './notation.js';

const four = (x: number): string => `${Number(x.toPrecision(4))}`;

export function firstImpactBlocks(system: DerivedSystem, fi: FirstImpact): Block[] {
  const { model } = system;
  const j = fi.contact + 1;
  const name = proseName(model.unilateral[fi.contact]!.name);
  const L = `\\Delta${reportSymbols(system).measure}_{${j}}`;
  const N = `\\Delta\\nu_{${j}}`;
  const [s0, s1] = fi.slipVelocity;
  const state = model.coordinates
    .map((c, i) => `${mechanicsSymbol(c.name)} = ${four(fi.q[i]!)},\\ ${mechanicsSymbol(preImpactName(c.name))} = ${four(fi.qdMinus[i]!)}`)
    .join(',\\ ');
  const tag = (o: ImpactOutcome, line: number): Inline => ref(`impact-${fi.map + 1}-mode-${o.mode + 1}-condition-${line}`);
  const stick = fi.outcomes.find((o) => o.friction === 'stick');
  const along = Math.sign(s0);
  const slides = (o: ImpactOutcome): string => (o.direction === along ? 'sliding on in the direction of the slip before' : 'sliding in the reverse direction');
  const inadmissible = fi.outcomes.filter((o) => !o.admissible && o.friction === 'slide').map(slides);
  const t = fi.taken;
  const words = t.friction === 'stick' ? 'sticking' : slides(t);
  const others = fi.outcomes.filter((o) => o.admissible && (o.mode !== t.mode || o.direction !== t.direction)).length;
  return [
    paragraph(
      'The run’s first impact, at ',
      m(`t = ${four(fi.t)}`),
      `, is one of ${name} striking alone (`,
      m(state),
      '), with the slip velocity ',
      m(`\\dot{s}^{-} = ${four(s0)}`),
      '. ',
      ...(stick && !stick.admissible
        ? [
            'Sticking is not admissible there: it needs ',
            m(`|${N}| = ${four(Math.abs(stick.tangential))}`),
            ' against ',
            m(`\\mu ${L} = ${four(fi.mu * stick.normal)}`),
            ' in ',
            tag(stick, 2),
            '. ',
          ]
        : []),
      ...(inadmissible.length ? [`Nor is ${inadmissible.join(' or ')}. `] : []),
      `The ${others ? '' : 'only '}admissible outcome${others ? ' taken' : ''} is ${words}: `,
      m(`${L} = ${four(t.normal)},\\ ${N} = ${four(t.tangential)}`),
      ', and after it ',
      m(`\\dot{s}^{+} = ${four(s1)}`),
      '. The normal impulse does the work ',
      m(`\\tfrac{1}{2}${L}(\\dot{f}^{-}_{${j}} + \\dot{f}^{+}_{${j}}) = ${four(fi.normalWork)}`),
      ' and the friction impulse ',
      m(`\\tfrac{1}{2}${N}(\\dot{s}^{-} + \\dot{s}^{+}) = ${four(fi.frictionWork)}`),
      '; together they change the kinetic energy by ',
      m(four(fi.energyChange)),
      ...(fi.frictionWork > 0 && fi.energyChange < 0
        ? [
            '. The friction impulse does positive work because the slip reverses within the impact: it opposes the slip after, as Coulomb’s law applied to the impulses demands, and so points along the slip before. A friction force acting during the impact could not do that (its power ',
            m('-\\mu\\,\\dot{\\sigma}\\,|\\dot{s}|'),
            ' is never positive); the algebraic law admits it, and the impact as a whole still dissipates, so the simulation keeps the outcome',
          ]
        : []),
      '.',
    ),
  ];
}
