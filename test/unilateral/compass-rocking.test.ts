// The rigid compass rocking on a level line dies out in finite time
// (Rubanovich–Formalsky 1981 (004) §1): below α₀ = arcsin(1/√3) every strike
// keeps the turning sense and multiplies ψ̇ by r = (1 − 3 sin²α)/(1 + 3 sin²α)
// (1.16), and between strikes the compass rises on its new foot and falls
// back, a pendulum about the foot: ½ I_P ψ̇² + V(ψ) constant, with I_P =
// 2mρ² + m l²(sin²α + 1/3)/2 about the foot (ρ² = l²(sin²α + cos²α/4) the
// foot's distance to the centre of mass) and V = 2mg(l cos(ψ − α) −
// (l/2) cos α cos ψ) on foot B. An arc begun at ψ = 0 with speed w lasts
// t(w) = 2∫₀^{ψ*} dψ/√(w² − 2(V(ψ) − V(0))/I_P), and as w → 0,
// t(w) = 2w/a (1 + O(w²)) with a = V′(0)/I_P = 2mgl sin α/I_P. The arcs after
// the strikes have speeds w rⁱ, so the rocking stops at
//   T∞ = Σᵢ t(w rⁱ) ≈ 2w/(a(1 − r)),
// a geometric series: finite.
import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import * as compass from '../../generated/compass.js';

const g = 9.81,
  l = 1,
  alpha = 0.3;
const s2 = Math.sin(alpha) ** 2;
const r = (1 - 3 * s2) / (1 + 3 * s2);
const IP = 2 * l * l * (s2 + Math.cos(alpha) ** 2 / 4) + (l * l * (s2 + 1 / 3)) / 2;
const V = (psi: number): number => 2 * g * (l * Math.cos(psi - alpha) - (l / 2) * Math.cos(alpha) * Math.cos(psi));
const a = (2 * g * l * Math.sin(alpha)) / IP;

/** t(w) by quadrature: the turning angle ψ* by bisection, then ψ = ψ* sin θ (the integrand stays finite at ψ*), Simpson on 2000 intervals. */
function arcTime(w: number): number {
  const rate2 = (psi: number): number => w * w - (2 * (V(psi) - V(0))) / IP;
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-16; i++) {
    const mid = (lo + hi) / 2;
    if (rate2(mid) > 0) lo = mid;
    else hi = mid;
  }
  const top = lo,
    m = 2000,
    h = Math.PI / 2 / m;
  const f = (th: number): number => (th >= Math.PI / 2 ? 0 : (top * Math.cos(th)) / Math.sqrt(Math.max(rate2(top * Math.sin(th)), 1e-300)));
  // At θ = π/2 the integrand tends to top·cosθ/√(|E′| top cos²θ/2) = √(2 top/|E′|).
  const dE = (4 * g * (l * Math.sin(top - alpha) - (l / 2) * Math.cos(alpha) * Math.sin(top))) / -IP;
  let sum = f(0) + Math.sqrt((2 * top) / dE);
  for (let i = 1; i < m; i++) sum += (i % 2 ? 4 : 2) * f(i * h);
  return 2 * ((sum * h) / 3);
}

describe('the rigid compass rocking on a level line stops in finite time (Rubanovich–Formalsky §1, α = 0.3 < α₀)', () => {
  // Both feet on the line at ψ = 0, rising on foot B at ψ̇ = w (D lifts off).
  const w = 0.3;
  const q0 = [0, (l / 2) * Math.cos(alpha), 0];
  const qd0 = [((l / 2) * Math.cos(alpha) - l * Math.cos(alpha)) * w, l * Math.sin(alpha) * w, w];
  const run = simulate(compass as unknown as LoadedModule, { q0, qd0, t1: 3, samples: 11, rtol: 1e-11, atol: 1e-13 });
  const strikes = run.events.filter((ev) => ev.type === 'impact').map((ev) => ev.t);

  it('each interval between strikes is the arc time t(w rⁱ) of the pendulum about the standing foot', () => {
    expect(strikes.length).toBeGreaterThan(15);
    strikes.slice(0, 12).forEach((t, i) => {
      const start = i === 0 ? 0 : strikes[i - 1]!;
      // Strike times are located to ~1e-10 (the arcs shrink from 0.13 s to 2e-4 s here).
      expect(Math.abs(t - start - arcTime(w * r ** i))).toBeLessThan(2e-9);
    });
  });

  it('comes to rest at T∞ = Σ t(w rⁱ), which the geometric series 2w/(a(1 − r)) gives to O(w²)', () => {
    const rest = run.events.find((ev) => ev.type === 'rest')!;
    let total = 0;
    for (let i = 0; w * r ** i > 1e-12; i++) total += arcTime(w * r ** i);
    // The run's rest is the geometric extrapolation of its last strike intervals (hybrid.ts): 2.3e-7 relative here.
    expect(Math.abs(rest.t / total - 1)).toBeLessThan(1e-6);
    const series = (2 * w) / (a * (1 - r));
    // The arcs' relative excess over 2w/a grows as w²: within 2% at w = 0.3.
    expect(Math.abs(rest.t / series - 1)).toBeLessThan(0.02);
    expect(run.events.at(-1)!.type).toBe('rest');
  });
});
