// Frames turned by rotation sequences: the direction-cosine matrix is a
// rotation (RᵀR = I), the angular velocity is the one Ṙ·Rᵀ = [ω]× defines,
// and Euler's zxz angles give the space-frame ω every textbook writes.
import { describe, expect, it } from 'vitest';
import { add, mul, neg, sub, sym, ZERO, type Expr } from '../../../src/core/expr.js';
import { simplify } from '../../../src/core/trig.js';
import { parseExpr } from '../../../src/core/parse.js';
import { groundFrame, pointPosition, rateOf, turnedFrame, velocityOf } from '../../../src/model/geometry/kinematics.js';
import { IDENTITY, mapMat, matMul, transpose, type Axis, type Mat3 } from '../../../src/model/geometry/vectors.js';
import { buildModel } from '../../../src/model/index.js';

const model = buildModel({ name: 'angles', coordinates: ['a', 'b', 'c'], kinetic: "a'^2 + b'^2 + c'^2" });
const rate = rateOf(model.coordinates);
const [a, b, c] = model.coordinates.map((k) => k.q) as [Expr, Expr, Expr];
const ground = groundFrame('N');
const turned = (axes: string): ReturnType<typeof turnedFrame> =>
  turnedFrame(
    'B',
    ground,
    [...axes].map((axis, k) => ({ axis: axis as Axis, angle: [a, b, c][k]! })),
    rate,
  );
const expectZero = (e: Expr): void => expect(simplify(e)).toBe(ZERO);

describe('frames by rotation sequences', () => {
  it.each(['zxz', 'zyx', 'xyz'])('%s: the direction-cosine matrix is orthogonal, and Ṙ·Rᵀ is the skew matrix of ω', (axes) => {
    const { R, omega } = turned(axes);
    const RtR = matMul(transpose(R), R);
    RtR.forEach((row, i) => row.forEach((e, j) => expectZero(sub(e, IDENTITY[i]![j]!))));
    const W: Mat3 = matMul(mapMat(R, rate), transpose(R));
    const [w1, w2, w3] = omega;
    const skew = [
      [ZERO, neg(w3), w2],
      [w3, ZERO, neg(w1)],
      [neg(w2), w1, ZERO],
    ];
    W.forEach((row, i) => row.forEach((e, j) => expectZero(sub(e, skew[i]![j]!))));
  });

  it('Euler angles zxz (psi = a, theta = b, phi = c): ω = (θ̇cosψ + φ̇sinθsinψ, θ̇sinψ − φ̇sinθcosψ, ψ̇ + φ̇cosθ) in space axes', () => {
    const { omega } = turned('zxz');
    const scope = {
      symbol: (n: string) => model.coordinates.find((k) => k.name === n)?.q,
      velocity: (n: string) => model.coordinates.find((k) => k.name === n)?.qd,
      known: () => [],
    };
    const textbook = ["b'*cos(a) + c'*sin(b)*sin(a)", "b'*sin(a) - c'*sin(b)*cos(a)", "a' + c'*cos(b)"].map((s) => parseExpr(s, scope));
    omega.forEach((w, i) => expectZero(sub(w, textbook[i]!)));
  });

  it('a frame turned from a turned frame adds its rate to its parent’s angular velocity', () => {
    const A = turnedFrame('A', ground, [{ axis: 'z', angle: a }], rate);
    const B = turnedFrame('B', A, [{ axis: 'z', angle: b }], rate);
    expectZero(sub(B.omega[2], add(rate(a), rate(b))));
  });

  it('a point on a rod turned about z moves with speed l·ȧ', () => {
    const l = sym('l');
    const A = turnedFrame('A', ground, [{ axis: 'z', angle: a }], rate);
    const v = velocityOf(pointPosition([ZERO, ZERO, ZERO], A, [l, ZERO, ZERO]), rate);
    expectZero(sub(add(...v.map((e) => mul(e, e))), mul(l, l, rate(a), rate(a))));
  });
});
