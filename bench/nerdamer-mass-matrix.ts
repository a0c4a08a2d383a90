// npm run bench:nerdamer — the reference measurement behind the choice of
// the derivation core (ARCHITECTURE.md): the n-link pendulum's mass matrix
// M_ij = ∂²T/∂q̇_i∂q̇_j with nerdamer (expand T, differentiate twice,
// simplify), against the kernel's M and forcing (npm run bench). One JSON
// line per n with the time and nerdamer's M₁₂, which it leaves as
// (cos q₁ cos q₂ + sin q₁ sin q₂)… instead of cos(q₁ − q₂).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Nerd = ((e: string) => { expand(): unknown; toString(): string }) & { diff(e: unknown, x: string): { toString(): string } };
const nerdamer = require('nerdamer') as Nerd;
require('nerdamer/Calculus.js');
require('nerdamer/Algebra.js');

function massMatrix(n: number): { ms: number; m12: string } {
  const t0 = performance.now();
  let xd = '0';
  let yd = '0';
  const T: string[] = [];
  for (let i = 1; i <= n; i++) {
    xd += `+l${i}*cos(q${i})*u${i}`;
    yd += `+l${i}*sin(q${i})*u${i}`;
    T.push(`m${i}*((${xd})^2+(${yd})^2)/2`);
  }
  const expanded = nerdamer(T.join('+')).expand();
  let m12 = '';
  for (let i = 1; i <= n; i++) {
    const gi = nerdamer.diff(expanded, `u${i}`);
    for (let j = i; j <= n; j++) {
      const mij = nerdamer(`simplify(${nerdamer.diff(gi, `u${j}`).toString()})`).toString();
      if (i === 1 && j === 2) m12 = mij;
    }
  }
  return { ms: performance.now() - t0, m12 };
}

for (const n of [2, 4, 6]) {
  const { ms, m12 } = massMatrix(n);
  console.log(JSON.stringify({ n, nerdamerMassMatrixMs: +ms.toFixed(0), m12 }));
}
