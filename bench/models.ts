// The many-contact models (the 50-ball chain, the 20-block stack), built in a loop like
// derivations/n-link-pendulum.ts (bench/peers/siconos_moreau_jean.py builds
// the same ones in Siconos):
//  - a chain of balls on a line (Newton's cradle): x_i the centres,
//    contacts x_{i+1} − x_i − d ≥ 0 with d the diameter, Newton restitution
//    e; at rest 1 mm apart, the first ball moving at v₀ = 1 m/s towards the
//    others;
//  - a stack of blocks under gravity: y_i the bottoms, contacts y₁ ≥ 0 (the
//    floor) and y_{i+1} − y_i − h ≥ 0 with h the block height; released
//    1 mm apart, they fall onto each other and settle into a resting stack.
import { defineModel, type ModelSpec } from '../src/model/index.js';

const params = (extra: Record<string, { default: number; description: string; unit?: string }>) => ({
  m: { default: 1, description: 'mass of every body', unit: 'kg' },
  e: { default: 0.9, description: 'coefficient of restitution' },
  ...extra,
});

export function ballChain(n: number): ModelSpec {
  const x = Array.from({ length: n }, (_, i) => `x${i + 1}`);
  return defineModel({
    name: `ball-chain-${n}`,
    title: `Chain of ${n} balls`,
    coordinates: x,
    parameters: params({ d: { default: 0.05, description: 'ball diameter', unit: 'm' } }),
    kinetic: x.map((c) => `m*${c}'^2/2`).join(' + '),
    unilateral: x.slice(1).map((c, i) => ({ name: `c${i + 1}`, constraint: `${c} - ${x[i]} - d >= 0`, law: { newton: 'e' } })),
    initial: { q: Object.fromEntries(x.map((c, i) => [c, i * 0.051])), qd: { x1: 1 }, t1: 1 },
  });
}

export function blockStack(n: number): ModelSpec {
  const y = Array.from({ length: n }, (_, i) => `y${i + 1}`);
  return defineModel({
    name: `block-stack-${n}`,
    title: `Stack of ${n} blocks`,
    coordinates: y,
    parameters: params({
      h: { default: 0.1, description: 'block height', unit: 'm' },
      g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    }),
    kinetic: y.map((c) => `m*${c}'^2/2`).join(' + '),
    potential: y.map((c) => `m*g*${c}`).join(' + '),
    unilateral: [
      { name: 'floor', constraint: 'y1 >= 0', law: { newton: 'e' } },
      ...y.slice(1).map((c, i) => ({ name: `c${i + 1}`, constraint: `${c} - ${y[i]} - h >= 0`, law: { newton: 'e' } })),
    ],
    initial: { q: Object.fromEntries(y.map((c, i) => [c, 0.001 + i * 0.101])), t1: 1 },
  });
}
