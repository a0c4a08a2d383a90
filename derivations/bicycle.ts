import { defineModel } from '../src/model/index.js';

// The Whipple bicycle from its geometry: a rear frame with the rider (B),
// a front frame with the fork and handlebar (H), and two knife-edge wheels
// rolling without slipping on level ground, with the benchmark parameters
// of Meijaard, Papadopoulos, Ruina and Schwab (Proc. R. Soc. A 463 (2007)
// 1955–1982, Table 1) as defaults.
//
// Ground axes: x forward, y to the left, z up (the benchmark's z points
// down: its heights zB, zH are negative and enter as −zB, −zH; its products
// of inertia about x and z change sign, Ixz → −Ixz, under that half-turn
// about x). The rear contact point (x, y, 0), the yaw psi and roll phi turn
// the lean frame L; the rear wheel's centre stands rR above the contact
// along L's z, so the rear wheel stays on the ground by its coordinates.
// The rear frame B is L pitched by theta about the rear axle (L's y); the
// steer axis, fixed in B, is B's z tilted back by lam, and the front frame
// H is B turned by the steer angle delta about it (H = B·R_y(−lam)·R_z(δ)·
// R_y(lam), so H = B at δ = 0 and the benchmark's inertia of the front
// frame holds in H). Each wheel turns about its frame's y axis.
//
// The front wheel's contact on the ground is the one relation the
// coordinates do not keep: the rolling adds it as the holonomic
// constraint front_n, which fixes the pitch theta from the roll and the
// steer (theta = 0 upright, the benchmark's reference configuration). The
// rolling adds four no-slip constraints; left are three degrees of
// freedom in velocity (roll, steer and the forward speed).
export default defineModel({
  name: 'bicycle',
  title: 'Whipple bicycle',
  description:
    'The Whipple bicycle: rear frame with rider, front frame, two knife-edge wheels rolling without slipping on level ground; rear contact point (x, y), yaw psi, roll phi, pitch theta, steer delta and the wheel angles. Benchmark parameters of Meijaard et al. (2007), Table 1.',
  coordinates: [
    { name: 'x', description: 'rear contact point, x (forward)', unit: 'm' },
    { name: 'y', description: 'rear contact point, y (to the left)', unit: 'm' },
    { name: 'psi', description: 'yaw: the rear frame’s heading from the x axis', unit: 'rad' },
    { name: 'phi', description: 'roll of the rear frame (positive to the right)', unit: 'rad' },
    { name: 'theta', description: 'pitch of the rear frame about the rear axle', unit: 'rad' },
    { name: 'delta', description: 'steer: the front frame about the steer axis', unit: 'rad' },
    { name: 'thR', description: 'rear wheel rotation relative to the rear frame', unit: 'rad' },
    { name: 'thF', description: 'front wheel rotation relative to the front frame', unit: 'rad' },
  ],
  parameters: {
    w: { default: 1.02, description: 'wheel base', unit: 'm' },
    c: { default: 0.08, description: 'trail', unit: 'm' },
    lam: { default: Math.PI / 10, description: 'steer axis tilt from the vertical', unit: 'rad' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    rR: { default: 0.3, description: 'rear wheel radius', unit: 'm' },
    mR: { default: 2, description: 'rear wheel mass', unit: 'kg' },
    IRxx: { default: 0.0603, description: 'rear wheel moment about a diameter', unit: 'kg m^2' },
    IRyy: { default: 0.12, description: 'rear wheel moment about its axle', unit: 'kg m^2' },
    xB: { default: 0.3, description: 'rear body centre, forward of the rear contact', unit: 'm' },
    zB: { default: -0.9, description: 'rear body centre, benchmark z (down)', unit: 'm' },
    mB: { default: 85, description: 'rear body mass', unit: 'kg' },
    IBxx: { default: 9.2, description: 'rear body inertia, xx', unit: 'kg m^2' },
    IByy: { default: 11, description: 'rear body inertia, yy', unit: 'kg m^2' },
    IBzz: { default: 2.8, description: 'rear body inertia, zz', unit: 'kg m^2' },
    IBxz: { default: 2.4, description: 'rear body product of inertia, xz (benchmark axes; kg m^2, of either sign)' },
    xH: { default: 0.9, description: 'front frame centre, forward of the rear contact', unit: 'm' },
    zH: { default: -0.7, description: 'front frame centre, benchmark z (down)', unit: 'm' },
    mH: { default: 4, description: 'front frame mass', unit: 'kg' },
    IHxx: { default: 0.05892, description: 'front frame inertia, xx', unit: 'kg m^2' },
    IHyy: { default: 0.06, description: 'front frame inertia, yy', unit: 'kg m^2' },
    IHzz: { default: 0.00708, description: 'front frame inertia, zz', unit: 'kg m^2' },
    IHxz: { default: -0.00756, description: 'front frame product of inertia, xz (benchmark axes; kg m^2, of either sign)' },
    rF: { default: 0.35, description: 'front wheel radius', unit: 'm' },
    mF: { default: 3, description: 'front wheel mass', unit: 'kg' },
    IFxx: { default: 0.1405, description: 'front wheel moment about a diameter', unit: 'kg m^2' },
    IFyy: { default: 0.28, description: 'front wheel moment about its axle', unit: 'kg m^2' },
  },
  geometry: {
    frames: [
      { name: 'L', axes: 'zx', angles: ['psi', 'phi'] },
      { name: 'B', parent: 'L', axes: 'y', angles: ['theta'] },
      { name: 'H', parent: 'B', axes: 'yzy', angles: ['-lam', 'delta', 'lam'] },
      { name: 'RW', parent: 'B', axes: 'y', angles: ['thR'] },
      { name: 'FW', parent: 'H', axes: 'y', angles: ['thF'] },
    ],
    points: [
      { name: 'PR', position: ['x', 'y', 0] },
      { name: 'GR', from: 'PR', frame: 'L', position: [0, 0, 'rR'] },
      // Where the steer axis meets the ground in the reference configuration: w + c ahead of the rear contact.
      { name: 'S', from: 'GR', frame: 'B', position: ['w + c', 0, '-rR'] },
      { name: 'GB', from: 'GR', frame: 'B', position: ['xB', 0, '-zB - rR'] },
      { name: 'GH', from: 'S', frame: 'H', position: ['xH - w - c', 0, '-zH'] },
      { name: 'GF', from: 'S', frame: 'H', position: ['-c', 0, 'rF'] },
    ],
    bodies: [
      { name: 'rearWheel', mass: 'mR', centre: 'GR', frame: 'RW', inertia: ['IRxx', 'IRyy', 'IRxx'] },
      {
        name: 'rear',
        mass: 'mB',
        centre: 'GB',
        frame: 'B',
        inertia: [
          ['IBxx', 0, '-IBxz'],
          [0, 'IByy', 0],
          ['-IBxz', 0, 'IBzz'],
        ],
      },
      {
        name: 'front',
        mass: 'mH',
        centre: 'GH',
        frame: 'H',
        inertia: [
          ['IHxx', 0, '-IHxz'],
          [0, 'IHyy', 0],
          ['-IHxz', 0, 'IHzz'],
        ],
      },
      { name: 'frontWheel', mass: 'mF', centre: 'GF', frame: 'FW', inertia: ['IFxx', 'IFyy', 'IFxx'] },
    ],
    gravity: [0, 0, '-g'],
    rolling: [
      { name: 'rearContact', body: 'rearWheel', shape: 'disk', radius: 'rR', axis: 'y' },
      { name: 'frontContact', body: 'frontWheel', shape: 'disk', radius: 'rF', axis: 'y' },
    ],
  },
  // Upright running at 4.6 m/s, inside the self-stable range.
  initial: { qd: { x: 4.6, thR: '4.6/rR', thF: '4.6/rF' }, t1: 5 },
});
