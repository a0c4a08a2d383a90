import { defineModel } from '../src/model/index.js';

// A passive compass-gait walker on a slope of angle gamma (Goswami, Thuilot &
// Espiau 1998; Garcia, Chatterjee, Ruina & Coleman 1998, the "simplest
// walking model" as b = l, m/mH → 0): two straight legs of length l joined
// by a free hinge at the hip, a point mass mH at the hip and a point mass m
// on each leg at distance b from the hip. Coordinates in the slope's frame:
// the hip (x down the slope, y normal to it) and the leg angles a1, a2 from
// the slope's normal, positive forward, so foot i is at
// (x + l sin ai, y − l cos ai). The feet are written as in compass.ts and
// hinged-compass.ts: they arrive plastically and stick (Rubanovich–Formalsky
// §3), the standing foot staying or lifting off as the impact decides.
//
// A knee-less walker's swing foot passes through the ground near mid-stance:
// standing on foot j, foot i's gap is l(cos aj − cos ai), negative from
// ai = −aj (the trailing swing foot swinging forward) until the legs pass
// (ai = aj). Compass-gait models neglect that scuffing (Goswami et al.
// 1998; a real walker clears it by a knee or a retracting foot). So the
// constraint fi ≥ 0 is declared only for the leading foot (when: ai > aj):
// there the gap is 2l sin((ai + aj)/2) sin((ai − aj)/2) ≥ 0 up to the heel
// strike ai = −aj, which is the impact; the trailing swing foot's gap is
// not a constraint. A closed (standing) foot stays closed either way.
const foot = (i: 1 | 2, j: 1 | 2) => ({
  name: `foot${i}`,
  description: `foot of leg ${i} on the slope`,
  constraint: `y - l*cos(a${i}) >= 0`,
  law: { stick: `x + l*sin(a${i})` },
  when: `a${i} > a${j}`,
});

/** Leg i's point mass: velocity (ẋ + b cos ai ȧi, ẏ + b sin ai ȧi), height along the slope's normal y − b cos ai. */
const legKinetic = (i: 1 | 2): string => `m*((x' + b*cos(a${i})*a${i}')^2 + (y' + b*sin(a${i})*a${i}')^2)/2`;
const legHeight = (i: 1 | 2): string => `m*((y - b*cos(a${i}))*cos(gamma) - (x + b*sin(a${i}))*sin(gamma))`;

/**
 * Standing on foot 2 (at rest at the origin) with leg angles a2 = −a1 = half
 * and rates (ȧ1, ȧ2): y = l cos a2, x = −l sin a2, and the foot's velocity
 * ẋ + l cos a2 ȧ2 = ẏ + l sin a2 ȧ2 = 0. Goswami et al.'s symmetric gait at
 * b = l/2, mH/m = 2, γ = 3° starts near half = 0.271, ȧ1 = −0.377, ȧ2 = −1.092.
 */
function standingOnFoot2(half: number, a1d: number, a2d: number) {
  return {
    q: { x: `-l*sin(${half})`, y: `l*cos(${half})`, a1: -half, a2: half },
    qd: { x: `-l*cos(${half})*(${a2d})`, y: `-l*sin(${half})*(${a2d})`, a1: a1d, a2: a2d },
    t1: 4,
  };
}

/** Goswami et al. quote the fixed point to four digits: a row agrees to their rounding. */
const QUOTED = 5e-5;

export default defineModel({
  name: 'compass-walker',
  title: 'Passive compass-gait walker on a slope (Goswami et al. 1998)',
  // Its impact is the hinged compass's of Rubanovich–Formalsky §3 (hinged-compass.ts), on a slope.
  sources: ['goswami1998', 'rubanovich1981'],
  description:
    'Two straight legs with point masses, hinged at the hip, walking down a slope; the swing foot strikes the slope ahead of the standing one. Like every compass-gait model it neglects foot scuffing (Goswami et al. 1998): a foot is held above the slope only while it leads, and the trailing swing foot, which a knee-less leg cannot lift, passes a few millimetres through the slope before the legs pass each other (a walker clears it by bending a knee or shortening the leg).',
  coordinates: [
    { name: 'x', description: 'hip, down the slope', unit: 'm' },
    { name: 'y', description: 'hip, normal to the slope', unit: 'm' },
    { name: 'a1', description: 'angle of leg 1 from the slope normal, forward positive', unit: 'rad' },
    { name: 'a2', description: 'angle of leg 2 from the slope normal, forward positive', unit: 'rad' },
  ],
  parameters: {
    mH: { default: 10, description: 'hip mass', unit: 'kg' },
    m: { default: 5, description: 'mass of one leg, a point mass on the leg', unit: 'kg' },
    l: { default: 1, description: 'leg length', unit: 'm' },
    b: { default: 0.5, description: 'distance of a leg’s point mass from the hip', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    gamma: { default: Math.PI / 60, description: 'angle of the slope to the horizontal (3°)', unit: 'rad' },
  },
  kinetic: `mH*(x'^2 + y'^2)/2 + ${legKinetic(1)} + ${legKinetic(2)}`,
  potential: `g*(mH*(y*cos(gamma) - x*sin(gamma)) + ${legHeight(1)} + ${legHeight(2)})`,
  unilateral: [foot(1, 2), foot(2, 1)],
  // The heel strike in closed form at the symmetric stance a2 = −a1, both feet on
  // the slope: its two outcomes, the standing foot leaving or staying (rubanovich1981 §3).
  impactScenarios: [
    {
      name: 'foot 1 strikes while foot 2 stands',
      arriving: 'foot1',
      closed: ['foot2'],
      at: { a2: '-a1', y: 'l*cos(a1)' },
      independent: ['a1', 'a2'],
      // Which outcome, by the direction of (ȧ1⁻, ȧ2⁻), at the heel strike of Goswami et al.'s symmetric gait.
      directionsAt: { a1: 0.271 },
    },
  ],
  // In the slope's frame (x down the slope, y normal to it): the hip with its mass mH, the legs to their feet, the
  // slope, and each leg's mass m at b from the hip (m1, m2: each named m).
  drawing: {
    points: {
      mH: ['x', 'y'],
      foot1: ['x + l*sin(a1)', 'y - l*cos(a1)'],
      foot2: ['x + l*sin(a2)', 'y - l*cos(a2)'],
      m1: ['x + b*sin(a1)', 'y - b*cos(a1)'],
      m2: ['x + b*sin(a2)', 'y - b*cos(a2)'],
    },
    // The hip to leg 1's mass drawn over the leg: its length b named beside it, as Goswami et al. name the leg's
    // upper part; gravity's angle from the slope's normal is the slope's γ.
    segments: [
      ['mH', 'foot1'],
      ['mH', 'foot2'],
      ['mH', 'm1'],
    ],
    ground: 'y = 0',
    annotations: { gravityAngle: 'gamma' },
  },
  // Started off the gait, the swing leg at rest (on the gait it swings back at 0.377 rad/s), so that the run's figures
  // show the approach to the gait: its impacts' losses differ, and the phase portrait winds onto the limit cycle.
  initial: standingOnFoot2(0.271, 0, -1.092),
  // Goswami et al.'s period-one gait: two steps return the legs to their roles, foot 1 striking once, x advanced.
  // Newton starts off the gait (rates 0.02–0.03 rad/s away, 4 iterations), so that the returns from there show its
  // approach (0.08 rad/s slower the walker falls before foot 1 strikes).
  orbit: {
    q0: { x: -Math.sin(0.271), y: Math.cos(0.271), a1: -0.271, a2: 0.271 },
    qd0: { x: -Math.cos(0.271) * -1.12, y: -Math.sin(0.271) * -1.12, a1: -0.4, a2: -1.12 },
    section: { contact: 'foot1' },
    // One step: standing on foot 1 to foot 2's strike, the legs then exchanging roles (Goswami et al.'s fixed point).
    step: { section: { contact: 'foot2' }, relabel: { a1: 'a2', a2: 'a1' } },
  },
  // Goswami et al.'s symmetric gait at a = b = l/2, mH/m = 2, γ = 3°, just after the heel strike: the legs' angles θs,
  // θns from the vertical and their rates, as the literature quotes them (four digits), each to the quote's rounding.
  // The rates differ by more; a gait's rates scale as √g and its angles not, and the rates taken to g = 9.8 agree.
  paper: {
    source: 'goswami1998',
    corrects:
      'The quoted rates of the fixed point are not this model’s at $g = 9.81\\ \\mathrm{m/s^2}$: they differ from the derived ones by more than the rounding of four digits, while the quoted angles agree to it. A gait’s rates scale as $\\sqrt{g}$ and its angles do not; the derived rates taken to $g = 9.8\\ \\mathrm{m/s^2}$ agree with the quote to its rounding (the rows at $g = 9.8$ of the table), so the paper’s rates fit that value of $g$.',
    scope: 'the fixed point of their symmetric gait just after the heel strike, at $b = l/2$, $m_H = 2m$, $\\gamma = 3^\\circ$, quoted to four digits',
    formulas: [
      {
        eq: 'fixed point',
        name: '\\theta_s',
        formula: 'A - gamma = 0.2187',
        where: { A: 'orbit.a1' },
        tolerance: QUOTED,
        note: 'Goswami et al. measure the legs from the vertical, $\\theta_s = a_1 - \\gamma$ for the stance leg (foot 1 just after it strikes) and $\\theta_{ns} = a_2 - \\gamma$ for the swing leg, forward positive as here; each row is compared to the rounding of a four-digit quote, $5 \\cdot 10^{-5}$.',
      },
      {
        eq: 'fixed point',
        name: '\\theta_{ns}',
        formula: 'A - gamma = -0.3234',
        where: { A: 'orbit.a2' },
        tolerance: QUOTED,
      },
      {
        eq: 'fixed point',
        name: '\\dot{\\theta}_s',
        formula: '-1.0918',
        derived: "orbit.a1'",
        tolerance: QUOTED,
      },
      { eq: 'fixed point', name: '\\dot{\\theta}_{ns}', formula: '-0.3772', derived: "orbit.a2'", tolerance: QUOTED },
      {
        eq: 'fixed point',
        name: '\\dot{\\theta}_s|_{g = 9.8}',
        formula: 'A*sqrt(980/981) = -1.0918',
        where: { A: "orbit.a1'" },
        tolerance: QUOTED,
        origin: 'reduction',
        note: 'the derived rates taken to $g = 9.8$ by the factor $\\sqrt{9.8/9.81}$: the stride’s time scales as $1/\\sqrt{g}$, so a gait’s rates scale as $\\sqrt{g}$ and its angles do not.',
      },
      {
        eq: 'fixed point',
        name: '\\dot{\\theta}_{ns}|_{g = 9.8}',
        formula: 'A*sqrt(980/981) = -0.3772',
        where: { A: "orbit.a2'" },
        tolerance: QUOTED,
        origin: 'reduction',
      },
    ],
    notDerived: [
      {
        eq: 'slope',
        name: '\\text{period doubling and chaos as } \\gamma \\text{ grows}',
        reason:
          'the cascade of period-doubling bifurcations of the gait as the slope steepens, and the chaotic gait beyond it, the paper’s main result. This report finds the one symmetric gait at $\\gamma = 3^\\circ$ by Newton on the step map and its multipliers there; following the gait in $\\gamma$ to the step multiplier $-1$, and the period-two gaits and the attractor beyond, needs a bifurcation diagram the toolkit’s orbit study does not compute.',
      },
      {
        eq: 'ratios',
        name: '\\text{the gait against } m_H/m \\text{ and } b/l',
        reason:
          'how the gait and its bifurcations depend on the mass ratio and the leg’s length ratio: the model fixes the paper’s nominal $m_H = 2m$, $b = l/2$, and the report studies the gait there only.',
      },
    ],
  },
});
