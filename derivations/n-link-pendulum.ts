import { add, cos, mul, neg, sin, sym, ZERO, type Expr } from '../src/core/expr.js';
import { defineModel, type ModelSpec } from '../src/model/index.js';

/**
 * The planar n-link pendulum of point masses, built in a loop: absolute
 * angles q_i from the downward vertical, x_i = Σ_{k≤i} l_k sin q_k,
 * y_i = −Σ_{k≤i} l_k cos q_k.
 */
export function nLinkPendulum(n: number, names: { q: string; m: string; l: string } = { q: 'q', m: 'm', l: 'l' }): ModelSpec {
  const q = (i: number): Expr => sym(`${names.q}${i}`);
  const l = (i: number): Expr => sym(`${names.l}${i}`);
  const m = (i: number): string => `${names.m}${i}`;
  const particles = [];
  const points: Record<string, readonly [Expr, Expr]> = { O: [ZERO, ZERO] };
  const potential: Expr[] = [];
  let x: Expr = ZERO;
  let y: Expr = ZERO;
  for (let i = 1; i <= n; i++) {
    x = add(x, mul(l(i), sin(q(i))));
    y = add(y, neg(mul(l(i), cos(q(i)))));
    particles.push({ mass: m(i), position: [x, y] });
    points[`P${i}`] = [x, y];
    potential.push(mul(sym(m(i)), sym('g'), y));
  }
  const parameters: Record<string, { default: number; description: string; unit: string }> = {
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  };
  for (let i = 1; i <= n; i++) {
    parameters[m(i)] = { default: 1, description: `mass of bob ${i}`, unit: 'kg' };
    parameters[`${names.l}${i}`] = { default: 1, description: `length of link ${i}`, unit: 'm' };
  }
  return defineModel({
    name: n === 4 ? 'n-link-pendulum' : `pendulum-${n}-links`,
    title: `${n}-link pendulum`,
    description: `A planar chain of ${n} point masses on massless rods; absolute angles from the downward vertical.`,
    coordinates: Array.from({ length: n }, (_, k) => ({ name: `${names.q}${k + 1}`, description: `angle of link ${k + 1}`, unit: 'rad' })),
    parameters,
    particles,
    potential: add(...potential),
    drawing: { points, segments: Array.from({ length: n }, (_, k) => [k === 0 ? 'O' : `P${k}`, `P${k + 1}`] as const) },
    initial: { q: Object.fromEntries(Array.from({ length: n }, (_, k) => [`${names.q}${k + 1}`, 0.5])), t1: 10 },
  });
}

/**
 * The same chain written with its geometry: link i turns on a revolute joint
 * about z at the end of link i − 1, its bob at (0, −l_i) in the link's axes.
 * The joint angles are relative, q_i = θ_i − θ_{i−1} in the absolute angles
 * θ of nLinkPendulum; the toolkit forms T and V, and the generated module
 * evaluates q̈ by the articulated-body recursion over the joints.
 */
export function nLinkChain(n: number, names: { q: string; m: string; l: string } = { q: 'q', m: 'm', l: 'l' }): ModelSpec {
  const link = (i: number): string => `L${i}`;
  const hand = nLinkPendulum(n, names);
  return defineModel({
    name: `chain-${n}-links`,
    title: `${n}-link chain on revolute joints`,
    description: `A planar chain of ${n} point masses on massless rods; each angle relative to the link above.`,
    coordinates: Array.from({ length: n }, (_, k) => ({ name: `${names.q}${k + 1}`, description: `angle of link ${k + 1} from link ${k}`, unit: 'rad' })),
    parameters: hand.parameters!,
    geometry: {
      joints: Array.from({ length: n }, (_, k) => ({
        type: 'revolute' as const,
        ...(k > 0 ? { parent: link(k), at: [0, `-${names.l}${k}`, 0] } : {}),
        child: link(k + 1),
        axes: 'z',
        coordinates: [`${names.q}${k + 1}`],
      })),
      points: Array.from({ length: n }, (_, k) => ({ name: `P${k + 1}`, from: link(k + 1), frame: link(k + 1), position: [0, `-${names.l}${k + 1}`, 0] })),
      bodies: Array.from({ length: n }, (_, k) => ({ name: `bob${k + 1}`, mass: `${names.m}${k + 1}`, centre: `P${k + 1}` })),
      gravity: [0, '-g', 0],
    },
    initial: { q: { [`${names.q}1`]: 0.5 }, t1: 10 },
  });
}

export default nLinkPendulum(4);
