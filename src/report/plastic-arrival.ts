// kugushev2002 §9's regimes after a plastic impact, as run (studies/plastic-arrival.ts, plastic-slide.ts): the
// default run's first impact, where the contact holds or releases at once, and the run from an arrival where §9's
// condition σ̇ ≥ 0 holds, a contact phase up to the release where σ̇ falls through 0; or, where σ̇ at rest is
// nowhere positive along the constraint, that the model cannot slide after such an arrival. Only prints.
// Tests: test/report/plastic-arrival.test.ts.
import { sym } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { postImpactSymbol, preImpactSymbol } from '../model/names.js';
import type { PlasticArrival } from '../studies/plastic-arrival.js';
import type { PlasticSlide } from '../studies/plastic-slide.js';
import { countWord, m, paragraph, type Block } from './document.js';
import { fourDigits, mechanicsSymbol } from './notation.js';

/** A state's number to four decimals (a rounding residue of 1e−16 prints 0), at most four digits. */
const decimals = (v: number): string => fourDigits(Number(v.toFixed(4)));

/** The paragraphs on the plastic arrival and, where studied, the slide after one. */
export function plasticArrivalBlocks(system: DerivedSystem, a: PlasticArrival, slide: PlasticSlide | undefined): Block[] {
  return [arrivalParagraph(system, a), ...(slide ? [slideParagraph(system, a, slide)] : [])];
}

/** `name = value` of each coordinate's symbol (named by `symbol`), as one formula. */
function state(system: DerivedSystem, values: readonly number[], symbol: (name: string) => string = (x) => x): string {
  return system.model.coordinates.map((c, i) => `${mechanicsSymbol(symbol(c.name))} = ${decimals(values[i]!)}`).join(',\\ ');
}

/** The contact phase's σ̇ just after the default run's first impact at e = 0, and whether the contact then holds (regime 2) or releases at once (regime 1). */
function arrivalParagraph(system: DerivedSystem, a: PlasticArrival): Block {
  const e = mechanicsSymbol(a.parameter);
  return paragraph(
    'The contact phase (regime 2 of Kugushev–Sorokina §9, the body sliding along the constraint) follows an impact only where it is plastic, ',
    m(`${e} = 0`),
    ', and leaves the reaction density ',
    m('\\dot{\\sigma}_1 \\ge 0'),
    '. Run with ',
    m(`${e} = 0`),
    ' from the same initial state, the first impact is at ',
    m(`t = ${fourDigits(a.t)}`),
    ' (',
    m(state(system, a.q)),
    '), and there ',
    m(`\\dot{\\sigma}_1 = ${fourDigits(a.density)}`),
    a.density >= 0
      ? ': the contact holds, and the body moves along the constraint'
      : ': the contact releases at once (regime 1), and the body leaves the constraint',
    '; to ',
    m(`t = ${fourDigits(a.t1)}`),
    ` the run records ${countWord(a.impacts)} impact${a.impacts === 1 ? '' : 's'} and ${a.contacts ? countWord(a.contacts) : 'no'} contact phase${a.contacts === 1 ? '' : 's'}.`,
  );
}

/** The run from the arrival where σ̇ at rest is largest along the constraint: its slide and release, or why there is none. */
function slideParagraph(system: DerivedSystem, a: PlasticArrival, s: PlasticSlide): Block {
  const e = mechanicsSymbol(a.parameter);
  const where = [
    'Along the constraint from that impact, the density at rest (the constraint bearing the load alone) is largest at ',
    m(state(system, s.q)),
    ', where ',
    m(`\\dot{\\sigma}_1 = ${fourDigits(s.restDensity)}${s.run ? '' : ' \\le 0'}`),
  ];
  if (!s.run)
    return paragraph(
      ...where,
      ': even there a plastic arrival that leaves the body at rest is followed by no contact phase, so the model as defined does not slide along its constraint after such an arrival near that impact.',
    );
  const { run } = s;
  const released = run.release;
  return paragraph(
    ...where,
    '. Arriving there with the first impact’s normal velocity, along the normal in the metric of the kinetic energy (',
    m(state(system, run.qdMinus, (x) => preImpactSymbol(sym(x)).name)),
    '), the body leaves the impact at ',
    m(`${e} = 0`),
    ' with ',
    m(state(system, run.qdPlus, (x) => postImpactSymbol(sym(x)).name)),
    ', and there ',
    m(`\\dot{\\sigma}_1 = ${fourDigits(run.density)} ${run.density > 0 ? '>' : '\\le'} 0`),
    ...(run.held
      ? released
        ? [
            ': run from there, the body slides along the constraint (a contact phase) for ',
            m(`t = ${fourDigits(released.t)}`),
            ', to ',
            m(state(system, released.q)),
            ', where ',
            m('\\dot{\\sigma}_1'),
            ' falls through 0 and it leaves the constraint (regime 1) with ',
            m(state(system, released.qd, (x) => system.model.coordinates.find((c) => c.name === x)!.qd.name)),
            '.',
          ]
        : [': run from there, the body slides along the constraint (a contact phase) to ', m(`t = ${fourDigits(run.t1)}`), ' without leaving it.']
      : [': yet the run does not hold the contact after the impact.']),
  );
}
