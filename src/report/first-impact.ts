// The run's first impact of a contact with Coulomb friction striking alone
// (studies/first-impact.ts), printed in the discussion: which outcomes its
// map admits at the run's state, the impulses of the one taken, and the work
// of the normal and the friction impulse beside the loss of kinetic energy.
// Tests: test/report/falling-rod-outcomes.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import { preImpactName } from '../model/names.js';
import type { FirstImpact, ImpactOutcome } from '../studies/first-impact.js';
import { m, paragraph, ref, type Block, type Inline } from './document.js';
import { fourDigits, mechanicsSymbol, proseName, reportSymbols } from './notation.js';

export function firstImpactBlocks(system: DerivedSystem, fi: FirstImpact): Block[] {
  const { model } = system;
  const j = fi.contact + 1;
  const name = proseName(model.unilateral[fi.contact]!.name);
  const L = `\\Delta${reportSymbols(system).measure}_{${j}}`;
  const N = `\\Delta\\nu_{${j}}`;
  const [s0, s1] = fi.slipVelocity;
  const state = model.coordinates
    .map((c, i) => `${mechanicsSymbol(c.name)} = ${fourDigits(fi.q[i]!)},\\ ${mechanicsSymbol(preImpactName(c.name))} = ${fourDigits(fi.qdMinus[i]!)}`)
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
      m(`t = ${fourDigits(fi.t)}`),
      `, is one of ${name} striking alone (`,
      m(state),
      '), with the slip velocity ',
      m(`\\dot{s}^{-} = ${fourDigits(s0)}`),
      '. ',
      ...(stick && !stick.admissible
        ? [
            'Sticking is not admissible there: it needs ',
            m(`|${N}| = ${fourDigits(Math.abs(stick.tangential))}`),
            ' against ',
            m(`\\mu ${L} = ${fourDigits(fi.mu * stick.normal)}`),
            ' in ',
            tag(stick, 2),
            '. ',
          ]
        : []),
      ...(inadmissible.length ? [`Nor is ${inadmissible.join(' or ')}. `] : []),
      `The ${others ? '' : 'only '}admissible outcome${others ? ' taken' : ''} is ${words}: `,
      m(`${L} = ${fourDigits(t.normal)},\\ ${N} = ${fourDigits(t.tangential)}`),
      ', and after it ',
      m(`\\dot{s}^{+} = ${fourDigits(s1)}`),
      '. The normal impulse does the work ',
      m(`\\tfrac{1}{2}${L}(\\dot{f}^{-}_{${j}} + \\dot{f}^{+}_{${j}}) = ${fourDigits(fi.normalWork)}`),
      ' and the friction impulse ',
      m(`\\tfrac{1}{2}${N}(\\dot{s}^{-} + \\dot{s}^{+}) = ${fourDigits(fi.frictionWork)}`),
      '; together they change the kinetic energy by ',
      m(fourDigits(fi.energyChange)),
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
