import { defineModel } from '../src/model/index.js';

// kozlov1988 §4, (4.2): the heavy point bouncing vertically on the floor of
// §4 with the unilateral constraint replaced by the elastic potential
// mN(y − f)²/2 below it (per unit mass here; on the axis x = 0 of
// y = f(x), f(0) = f′(0) = 0, the floor is y ≥ 0). Struck at the speed v, it
// swings in the spring y₀ = gN⁻¹(cos √N t − 1) − vN^{−1/2} sin √N t until
// τ = 2N^{−1/2} arcctg(−g v⁻¹N^{−1/2}), leaves at the speed v and flies for
// 2v/g: the periodic solution of period T = τ + 2v/g, which tends to the
// rigid bouncing of parabolic-billiard as N → ∞.
export default defineModel({
  name: 'kozlov-stiff-bouncing',
  title: 'Vertical bouncing on a stiff floor (Kozlov §4)',
  sources: ['kozlov1988'],
  description: 'A heavy point bouncing vertically on a floor realized by a stiff spring: the periodic solution (4.2) of Kozlov §4.',
  coordinates: [{ name: 'y', description: 'height above the floor', unit: 'm' }],
  parameters: {
    g: { default: 1, description: 'gravitational acceleration', unit: 'm/s^2' },
    v: { default: 1, description: 'speed at the strike', unit: 'm/s' },
    N: { default: 100, description: 'stiffness of the floor per unit mass', unit: '1/s^2' },
  },
  kinetic: "y'^2/2",
  potential: 'g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'N' } }, description: 'the floor y = f(0) = 0, realized by a spring' }],
  drawing: { points: { P: [0, 'y'] }, ground: 'y = 0' },
  initial: { q: { y: 0 }, qd: { y: '-v' }, t1: 2.5 },
  // kozlov1988 (4.2) against the motion derived in closed form from the strike: the swing in
  // the spring, its end where the spring lifts the point back to y = 0, the flight, the period.
  paper: {
    source: 'kozlov1988',
    formulas: [
      { eq: '(4.2)', name: 'y_0(t),\\ 0 \\le t < \\tau', formula: 'g*N^(-1)*(cos(sqrt(N)*t) - 1) - v*N^(-1/2)*sin(sqrt(N)*t)', derived: 'trajectory1.y' },
      {
        eq: '(4.2)',
        name: '\\tau',
        formula: '2*N^(-1/2)*acos(-g*v^(-1)*N^(-1/2)/sqrt(1 + g^2*v^(-2)*N^(-1)))',
        derived: 'trajectory1.end',
        note: 'the paper’s $\\tau = 2N^{-1/2}\\operatorname{arcctg}(-g v^{-1}N^{-1/2})$, with $\\operatorname{arcctg} x = \\arccos(x/\\sqrt{1 + x^2}) \\in (0, \\pi)$; the root of $y_0 = 0$ after the strike, $\\cot(\\sqrt{N}\\tau/2) = -g v^{-1}N^{-1/2}$ (the scan shows $\\operatorname{arctg}(-g v^{-1}N^{1/2})$, which is negative).',
      },
      {
        eq: '(4.2)',
        name: 'y_0(t),\\ \\tau \\le t \\le T',
        formula: 'v*(t - tau) - g*(t - tau)^2/2',
        derived: 'trajectory2.y',
        where: { tau: 'trajectory1.end' },
        note: 'the flight after the spring, which the paper writes $vt - gt^2/2$ with its clock restarted at $\\tau$: it leaves the floor at the speed $v$ it struck it with.',
      },
      {
        eq: '(4.2)',
        name: 'T',
        formula: 'tau + 2*v*g^(-1)',
        derived: 'trajectory2.end',
        where: { tau: 'trajectory1.end' },
        note: 'the period: the next strike, after the flight of $2v/g$.',
      },
    ],
  },
});
