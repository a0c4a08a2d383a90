import { defineModel } from '../src/model/index.js';

// A ball dropped onto a plate on a soft mount: the plate is a free rigid
// body (centre X, Y, Z; Tait–Bryan angles psi, theta, phi, 'zyx', singular
// only at theta = ±π/2), each of its four corners K held to a fixed point A
// at height h above by a spring of zero natural length (a pull k·(A − K)),
// so that it sags to Z = h − Mg/(4k) and turns back towards level after the
// ball strikes it off centre. The ball (a particle P) meets the plate's top
// face, the plane through T (the face's centre, fixed in the plate's frame
// B) with normal B's z axis: a contact against a plane fixed in a moving
// body, with Newton's restitution and Coulomb friction on its two slip rows,
// fixed in B (the ball's sliding relative to the plate). The face is taken
// as unbounded: the runs keep the ball over it.
const corners = [-1, 1].flatMap((i) => [-1, 1].map((j) => [i, j] as const));

export default defineModel({
  name: 'ball-on-plate',
  title: 'Ball bouncing on a spring-mounted plate',
  description:
    'A ball (a particle of mass m) dropped onto the top face of a free plate (mass M, half sides a, a, c) whose four corners are held to fixed points at height h by zero-length springs (stiffness k): a spatial contact against a plane fixed in the moving plate, with restitution e and Coulomb friction mu.',
  coordinates: [
    { name: 'x', description: 'ball, horizontal', unit: 'm' },
    { name: 'y', description: 'ball, horizontal', unit: 'm' },
    { name: 'z', description: 'ball, height', unit: 'm' },
    { name: 'X', description: 'plate centre, horizontal', unit: 'm' },
    { name: 'Y', description: 'plate centre, horizontal', unit: 'm' },
    { name: 'Z', description: 'plate centre, height', unit: 'm' },
    { name: 'psi', description: 'plate yaw, about the vertical', unit: 'rad' },
    { name: 'theta', description: 'plate pitch (singular at ±π/2)', unit: 'rad' },
    { name: 'phi', description: 'plate roll', unit: 'rad' },
  ],
  parameters: {
    m: { default: 0.2, description: 'ball mass', unit: 'kg' },
    M: { default: 1, description: 'plate mass', unit: 'kg' },
    a: { default: 0.3, description: 'plate half side (body x and y)', unit: 'm' },
    c: { default: 0.02, description: 'plate half thickness (body z)', unit: 'm' },
    k: { default: 50, description: 'stiffness of each corner spring', unit: 'N/m' },
    h: { default: 0.5, description: 'height of the corners’ anchors', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    e: { default: 0.3, range: [0, 1], description: 'restitution', unit: '1' },
    mu: { default: 0.3, range: [0, 2], description: 'Coulomb friction', unit: '1' },
  },
  geometry: {
    frames: [{ name: 'B', axes: 'zyx', angles: ['psi', 'theta', 'phi'] }],
    points: [
      { name: 'P', position: ['x', 'y', 'z'] },
      { name: 'G', position: ['X', 'Y', 'Z'] },
      { name: 'T', from: 'G', frame: 'B', position: [0, 0, 'c'] },
      ...corners.map(([i, j], n) => ({ name: `K${n}`, from: 'G', frame: 'B', position: [`${i}*a`, `${j}*a`, 0] as const })),
      ...corners.map(([i, j], n) => ({ name: `A${n}`, position: [`${i}*a`, `${j}*a`, 'h'] as const })),
    ],
    bodies: [
      { name: 'ball', mass: 'm', centre: 'P' },
      { name: 'plate', mass: 'M', centre: 'G', frame: 'B', inertia: ['M*(a^2 + c^2)/3', 'M*(a^2 + c^2)/3', '2*M*a^2/3'] },
    ],
    gravity: [0, 0, '-g'],
    springs: corners.map((_, n) => ({ between: [`A${n}`, `K${n}`] as const, stiffness: 'k' })),
    contacts: [
      {
        name: 'face',
        description: 'the ball on the plate’s top face',
        point: 'P',
        plane: { frame: 'B', through: 'T', normal: [0, 0, 1] },
        law: { newton: 'e', coulomb: 'mu' },
      },
    ],
  },
  drawing: { points: { P: ['x', 'z'], G: ['X', 'Z'] } },
  initial: { q: { x: 0.1, y: 0.05, z: 0.8, Z: 0.45, theta: 0.1 }, qd: { x: 0.1, y: -0.05, psi: 2 }, t1: 2 },
});
