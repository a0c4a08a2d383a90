// Figures of a declared periodic orbit, printed from its study
// (studies/orbit.ts): one period of the limit cycle in the phase plane of
// its angles with the orbit's impact jumps drawn, and the
// step-to-step (return) map's iterates from the declared start as a cobweb
// (goswami1998 show the compass gait by both). Printing only.
// Tests: test/studies/orbit.test.ts (the compass walker's two figures, the rimless wheel's cycle).
import type { Model } from '../model/types.js';
import type { OrbitStudy } from '../studies/orbit.js';
import { m, type Figure } from './document.js';
import { fourDigits, mechanicsSymbol, proseName, unitLatex } from './notation.js';
import { curveScene, seriesStyle, type AxisLabel } from './plot.js';
import { sceneFigure } from './scene-figure.js';
import { rateUnit, unitText } from './motion.js';
import { plainSymbol } from './sketch-marks.js';

const axis = (text: string, tex: string, unit: string | undefined): AxisLabel =>
  unit ? { text: `${text} [${unitText(unit)}]`, tex: `$${tex}$ [$${unitLatex(unit)}$]` } : { text, tex: `$${tex}$` };

/** The jumps' and the diagonal's line: black, dashed, past the coordinates' styles (at most four curves). */
const JUMP_STYLE = 6;

/** The third return's distance to the fixed point, relative to the first's, below which the cobweb shows no turns. */
const VISIBLE = 0.02;

/** Four significant digits. */

/** A whole number of turns, to this relative accuracy: an angle that turns (ψ of a rolling wheel) returns to its place. */
const TURN_TOL = 1e-6;

/**
 * The coordinates the phase figure shows: the periodic ones and the angles
 * that advance whole turns per period, of the unit most of them share (on a
 * tie, the angles), as the legs' angles of a walker or a wheel's rotation.
 */
function cycleCoordinates(model: Model, study: OrbitStudy): number[] {
  const { periodicity, shift } = study.orbit!;
  const turns = (name: string, unit: string | undefined): boolean => {
    const k = (shift[name] ?? 0) / (2 * Math.PI);
    return unit === 'rad' && k !== 0 && Math.abs(k - Math.round(k)) < TURN_TOL * Math.abs(k);
  };
  const shown = model.coordinates.flatMap((c, i) => (!(c.name in periodicity) || turns(c.name, c.unit) ? [i] : []));
  const count = (u: string | undefined): number => shown.filter((i) => model.coordinates[i]!.unit === u).length;
  const angle = (u: string | undefined): number => (u === 'rad' ? 1 : 0);
  const unit = shown.map((i) => model.coordinates[i]!.unit).sort((a, b) => count(b) - count(a) || angle(b) - angle(a))[0];
  return shown.filter((i) => model.coordinates[i]!.unit === unit).slice(0, 4);
}

/** The limit cycle: one period of the orbit in (q, q̇) of its angles, with each of its impact jumps q̇⁻ → q̇⁺ drawn. */
function cycleFigure(model: Model, study: OrbitStudy): Figure | undefined {
  const orbit = study.orbit!;
  const tr = study.cycle;
  const chosen = cycleCoordinates(model, study);
  if (!tr || chosen.length === 0 || orbit.impacts.length === 0) return undefined;
  const unit = model.coordinates[chosen[0]!]!.unit;
  // Each jump a vertical segment at the impact's configuration, NaN between them (a break in the polyline).
  const jumps = chosen.flatMap((i) => orbit.impacts.flatMap((im) => [im.q[i]!, im.q[i]!, Number.NaN]));
  const jumpRates = chosen.flatMap((i) => orbit.impacts.flatMap((im) => [im.qdMinus[i]!, im.qdPlus[i]!, Number.NaN]));
  const scene = curveScene({
    id: 'plot-limit-cycle',
    title: `${model.title}: limit cycle with its impact jumps`,
    xLabel: axis('q', 'q', unit),
    yLabel: axis('dq/dt', '\\dot{q}', unit && rateUnit(unit)),
    curves: [
      ...chosen.map((i) => ({ label: model.coordinates[i]!.name, x: tr.q.map((r) => r[i]!), y: tr.qd.map((r) => r[i]!), style: i })),
      { label: 'impact jumps', x: jumps, y: jumpRates, start: false, style: JUMP_STYLE },
    ],
  });
  const c = model.coordinates;
  return sceneFigure(
    scene,
    0.75,
    [
      ...chosen.map((i) => ({ label: `(${mechanicsSymbol(c[i]!.name)}, ${mechanicsSymbol(c[i]!.qd.name)})`, ...seriesStyle(i) })),
      { label: '\\text{impact jump}', ...seriesStyle(JUMP_STYLE) },
    ],
    [
      'Limit cycle: one period of the orbit in the phase plane of ',
      m(chosen.map((i) => mechanicsSymbol(c[i]!.name)).join(', ')),
      ', and the orbit’s ',
      `${orbit.impacts.length} impact jump${orbit.impacts.length === 1 ? '' : 's'} per period (black dashes, from `,
      m('\\dot{q}^{-}'),
      ' to ',
      m('\\dot{q}^{+}'),
      ' at ',
      m(`t = ${orbit.impacts.map((im) => fourDigits(im.t)).join(',\\ ')}`),
      ' after the section); the dot is the orbit on the section, ',
      m(
        chosen
          .map((i) => `(${mechanicsSymbol(c[i]!.name)}, ${mechanicsSymbol(c[i]!.qd.name)}) = (${fourDigits(orbit.q[i]!)}, ${fourDigits(orbit.qd[i]!)})`)
          .join(',\\ '),
      ),
      '.',
    ],
  );
}

/**
 * The step-to-step map as a cobweb: the component of the returns that moves
 * most, x_{k+1} against x_k with the diagonal, approaching the fixed point.
 */
function stepMapFigure(model: Model, study: OrbitStudy): Figure | undefined {
  const orbit = study.orbit!;
  const returns = study.returns;
  if (!returns || returns.length < 3) return undefined;
  const n = model.coordinates.length;
  const fixed = [...orbit.q, ...orbit.qd];
  const names = [...model.coordinates.map((c) => c.name), ...model.coordinates.map((c) => `${c.name}'`)];
  const periodic = [...fixed.keys()].filter((k) => !(names[k]! in orbit.periodicity));
  const k = periodic.reduce((best, j) => (Math.abs(returns[0]![j]! - fixed[j]!) > Math.abs(returns[0]![best]! - fixed[best]!) ? j : best), periodic[0]!);
  if (k === undefined || Math.abs(returns[0]![k]! - fixed[k]!) < 1e-9) return undefined;
  const x = returns.map((r) => r[k]!);
  // A cobweb needs a few visible turns: the rimless wheel's returns (multiplier 0.008) sit on the fixed point from the second.
  if (Math.abs(x[2]! - fixed[k]!) < VISIBLE * Math.abs(x[0]! - fixed[k]!)) return undefined;
  const coordinate = model.coordinates[k % n]!;
  const symbol = mechanicsSymbol(k < n ? coordinate.name : coordinate.qd.name);
  const unit = k < n ? coordinate.unit : coordinate.unit && rateUnit(coordinate.unit);
  const plain = k < n ? plainSymbol(coordinate.name) : `d${plainSymbol(coordinate.name)}/dt`;
  const lo = Math.min(...x, fixed[k]!);
  const hi = Math.max(...x, fixed[k]!);
  const cobweb = x.slice(0, -1).flatMap((v, i) => [v, v, x[i + 1]!]);
  const cobwebY = x.slice(0, -1).flatMap((v, i) => [v, x[i + 1]!, x[i + 1]!]);
  const largest = Math.max(...orbit.multipliers.map((z) => Math.hypot(z.re, z.im)));
  const scene = curveScene({
    id: 'plot-step-map',
    title: `${model.title}: step-to-step map`,
    xLabel: axis(`${plain} (return k)`, `${symbol}^{(k)}`, unit),
    yLabel: axis(`${plain} (return k+1)`, `${symbol}^{(k+1)}`, unit),
    curves: [
      { label: 'cobweb', x: cobweb, y: cobwebY, style: 0 },
      { label: 'diagonal', x: [lo, hi], y: [lo, hi], start: false, style: JUMP_STYLE },
    ],
    width: 420,
    height: 320,
  });
  const section = 'contact' in study.declaration.section ? `just after each impact of ${proseName(study.declaration.section.contact)}` : 'on the section';
  return sceneFigure(
    scene,
    0.6,
    [
      { label: `\\text{cobweb of } (${symbol}^{(k)}, ${symbol}^{(k+1)})`, ...seriesStyle(0) },
      { label: `${symbol}^{(k+1)} = ${symbol}^{(k)}`, ...seriesStyle(JUMP_STYLE) },
    ],
    [
      'Step-to-step map: ',
      m(symbol),
      ` ${section}, at each of ${returns.length} returns from the declared start against the one before, drawn as a cobweb (from the dot: up or down to the next return, across to the diagonal); the returns approach the fixed point `,
      m(`${symbol} = ${fourDigits(fixed[k]!)}`),
      ', their distance shrinking by about the largest multiplier’s modulus, ',
      m(fourDigits(largest)),
      ', per return.',
    ],
  );
}

/** The figures of an asymptotically stable orbit: the limit cycle (one period of it, the study's) and the step-to-step map. */
export function orbitFigures(model: Model, study: OrbitStudy): Figure[] {
  // A limit cycle only where the orbit attracts: a conservative billiard's orbit is one of a family.
  if (!study.orbit?.asymptotic) return [];
  const cycle = cycleFigure(model, study);
  const map = stepMapFigure(model, study);
  return [...(cycle ? [cycle] : []), ...(map ? [map] : [])];
}
