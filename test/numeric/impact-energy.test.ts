// The energy test of the frictional impact law and Glocker's coefficient
// (src/numeric/impact-energy.ts), which the runtime's law and the C driver
// both call: the work ½(U⁻ + U⁺)ᵀΛ of a particle's impulse by hand, its
// roundoff floor, a band's columns left out, and e* from the arriving
// contacts, else the closed ones.
import { describe, expect, it } from 'vitest';
import { glockerRestitution, impulseWork } from '../../src/numeric/impact-energy.js';

const full = (r: number): [Int32Array, Int32Array] => [new Int32Array(r), new Int32Array(r).fill(r)];

describe('the work of an impact', () => {
  it("a unit mass at −2 m/s on a floor (W = 1): Newton's e = 1 does no work, e = 2 does ½(−2 + 4)·6 = 6", () => {
    // Λ = U⁺ − U⁻: 4 for e = 1, 6 for e = 2; U⁺ = U_free + W Λ.
    expect(impulseWork(1, [-2], [-2], [1], [4], [4], ...full(1))).toBe(0);
    expect(impulseWork(1, [-2], [-2], [1], [6], [6], ...full(1))).toBe(6);
  });

  it('a gain within 1e-14 of the terms is roundoff: 0', () => {
    // Elastic but for 1 ulp of Λ = 4 (2⁻⁵⁰): work ½·2⁻⁵⁰·Λ ≈ 1.8e-15 against terms of size (2 + 2 + 4)·4 = 32.
    const lambda = 4 + 2 ** -50;
    expect(0.5 * (-2 + (-2 + lambda)) * lambda).toBeGreaterThan(0);
    expect(impulseWork(1, [-2], [-2], [1], [lambda], [lambda], ...full(1))).toBe(0);
  });

  it('sums U⁺ over the band only: columns outside are taken as zeros', () => {
    // Two decoupled rows, W = diag(1, 1) with a stray 5 outside the band: row 0 gains 6, row 1 none.
    const W = [1, 5, 5, 1];
    const band: [Int32Array, Int32Array] = [Int32Array.from([0, 1]), Int32Array.from([1, 2])];
    expect(impulseWork(2, [-2, -1], [-2, -1], W, [6, 2], [6, 2], ...band)).toBe(6);
    // Over every column: U⁺ = (14, 31), work ½(12·6 + 30·2) = 66.
    expect(impulseWork(2, [-2, -1], [-2, -1], W, [6, 2], [6, 2], ...full(2))).toBe(66);
  });
});

describe("Glocker's coefficient e*", () => {
  // Three closed contacts, rows: contact 2 (normal + 2 slip rows), contact 0 (normal), contact 1 (normal + 1 slip row).
  const contact = Int32Array.from([2, 0, 1]);
  const row = Int32Array.from([0, 3, 4]);
  const e = [0.3, 0.9, 0.5];
  it('the least e of the arriving contacts', () => {
    expect(glockerRestitution(3, contact, row, [-1, 0, 0, 0, -2, 0], e, 1e-6)).toBe(0.5);
  });
  it('else the least e of the closed ones; an approach within restVelocity is no arrival', () => {
    expect(glockerRestitution(3, contact, row, [-1e-6, 0, 0, 0.1, 0, 0], e, 1e-6)).toBe(0.3);
  });
  it('0 without contacts', () => {
    expect(glockerRestitution(0, contact, row, [], e, 1e-6)).toBe(0);
  });
});
