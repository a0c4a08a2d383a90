import { defineModel, type ModelSpec } from '../src/model/index.js';

/**
 * Rubanovich & Formalsky 1981, §2: the "wheel with legs" (rimless wheel).
 * k spokes of length l, total mass 2m with the centre of mass at the hub,
 * moment of inertia I = 2 m l² I* about the hub (I* ∈ [0, 1]), on a line
 * inclined at gamma. Spoke j's tip is at (x + l sin(psi + 2πj/k),
 * y − l cos(psi + 2πj/k)); alpha = π/k is half the angle between spokes.
 * The tips arrive plastically and stick.
 */
export function rimlessWheel(k: number): ModelSpec {
  const angle = (j: number): string => (j === 0 ? 'psi' : `psi + ${2 * j}*pi/${k}`);
  return defineModel({
    name: k === 6 ? 'rimless-wheel' : `rimless-wheel-${k}`,
    title: `Rimless wheel with ${k} spokes (Rubanovich–Formalsky §2)`,
    description: 'A hub with rigid spokes rolling down a slope by rocking from spoke to spoke.',
    coordinates: [
      { name: 'x', description: 'hub, along the slope', unit: 'm' },
      { name: 'y', description: 'hub, normal to the slope', unit: 'm' },
      { name: 'psi', description: 'angle of spoke 0 from the slope normal', unit: 'rad' },
    ],
    parameters: {
      m: { default: 1, description: 'half the total mass', unit: 'kg' },
      l: { default: 1, description: 'spoke length', unit: 'm' },
      Istar: { default: 0.5, description: 'I* = I/(2 m l²), reduced moment of inertia' },
      g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
      gamma: { default: 0.1, description: 'slope angle', unit: 'rad' },
    },
    kinetic: "m*(x'^2 + y'^2) + m*l^2*Istar*psi'^2",
    potential: '2*m*g*(y*cos(gamma) - x*sin(gamma))',
    unilateral: Array.from({ length: k }, (_, j) => ({
      name: `spoke${j}`,
      constraint: `y - l*cos(${angle(j)}) >= 0`,
      law: { stick: `x + l*sin(${angle(j)})` },
    })),
    impactScenarios: [
      { name: 'spoke 1 strikes while spoke 0 stands', arriving: 'spoke1', closed: ['spoke0'], at: { psi: `-pi/${k}`, y: `l*cos(pi/${k})` }, independent: ['psi'] },
    ],
    // Standing on spoke 0 (tip at rest, for every l) and rocking forward:
    // y = l cos ψ, and the tip's velocity ẋ + l cos ψ ψ̇ = ẏ + l sin ψ ψ̇ = 0 at ψ̇ = −1.
    initial: { q: { psi: 0.2, y: 'l*cos(0.2)' }, qd: { x: 'l*cos(0.2)', y: 'l*sin(0.2)', psi: -1 }, t1: 4 },
    // The steady rolling on a slope of 0.2 rad (its speed is the fixed point of the stride
    // map (2.6)), from a stance on spoke 0 at ψ = 0.9α turning at ψ̇ = −1.5 (tip at rest, l = 1).
    orbit: {
      q0: { y: Math.cos(0.9 * Math.PI / k), psi: 0.9 * Math.PI / k },
      qd0: { x: 1.5 * Math.cos(0.9 * Math.PI / k), y: 1.5 * Math.sin(0.9 * Math.PI / k), psi: -1.5 },
      params: { gamma: 0.2 },
      section: { contact: 'spoke1' },
    },
  });
}

export default rimlessWheel(6);
