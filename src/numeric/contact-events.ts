// Printed from src/codegen/solvers/contact-events.ts by `npm run solvers`: edit that file, not this one.
//
// The rules of an event of rigid contacts (kugushev2002 §9): which contacts
// count as closed, which of them take an impact and which may be held after
// it, the sinks of the gap guards, and the summing of an accumulation of
// impacts (Zeno behaviour: the bouncing ball, a compass rocking from foot to
// foot), whose remaining impacts form a geometric series once their intervals
// shrink by a steady ratio: its accumulation point, the velocity there, and
// the held phase that starts from it. The runtime (src/runtime/hybrid/hybrid.ts)
// and the C driver both decide by these functions, printed from the same IR.

/**
 * Whether a contact counts as closed at an event: its gap at most gapTol, and
 * held before or allowed to close (`admitted`: awake, its activation condition
 * holding). Event location leaves a gap at roundoff of either sign, and a
 * contact that touches within gapTol of another at the same instant is part of
 * the same (multiple) impact, not a second one a few ulps later in a spurious
 * order.
 */
export function contactClosed(gap: number, gapTol: number, held: boolean, admitted: boolean): boolean {
  return gap <= gapTol && (held || admitted);
}

/**
 * Whether a closed contact takes an impact: it approaches faster than
 * restVelocity (ġ < −restVelocity). Slower is a touchdown, a plastic closing:
 * without it a restitution law keeps producing bounces whose flight height
 * v²/2g drops below the roundoff of the position, and the events never end.
 */
export function contactApproaches(closed: boolean, rate: number, restVelocity: number): boolean {
  return closed && rate < -restVelocity;
}

/**
 * Whether a closed contact is a candidate to be held after the impacts: its
 * normal velocity at rest (ġ ≤ restVelocity) and its σ̇ not the one that just
 * fell through zero (`released`).
 */
export function contactRests(closed: boolean, rate: number, restVelocity: number, released: boolean): boolean {
  return closed && rate <= restVelocity && !released;
}

/**
 * The contacts an impact struck (into struck, m entries, 1 or 0): those
 * its law gave a nonzero normal impulse, else the approaching ones (every
 * impulse exactly 0: the event still names the contacts it was for). These are
 * the contacts the impact's event lists and its entry of the cascade holds.
 */
export function struckContacts(m: number, impulses: ArrayLike<number>, approaching: ArrayLike<boolean>, struck: Int32Array): void {
  let hit: boolean = false;
  for (let j = 0; j < m; j++) {
    if (impulses[j]! !== 0) {
      struck[j] = 1;
      hit = true;
    } else {
      struck[j] = 0;
    }
  }
  if (hit) return;
  for (let j = 0; j < m; j++) struck[j] = approaching[j]! ? 1 : 0;
}

/**
 * The sinks of the gap guards of a phase whose m gaps start at g (into
 * sinks): gapTol below the surface, or below where the phase starts inside it.
 * An impact found by the sink leaves its contact just past −gapTol, and a
 * release may leave it slightly inside; a sink counted from 0 could not fire
 * again there, and a bounce too small to lift the contact out, or a contact
 * drifting inward, would go through the surface unseen. The sink is for a
 * contact that never gets back out, not for the rebounds of a cascade (the
 * drivers follow a gap's whole rebound inside a step), which caught by it would
 * each start 1e-9 deeper, arrive at the speed of a 1e-9 fall and never die out.
 */
export function gapSinks(m: number, g: ArrayLike<number>, gapTol: number, sinks: Float64Array): void {
  for (let j = 0; j < m; j++) {
    sinks[j] = gapTol;
    if (g[j]! < 0) sinks[j] = gapTol - g[j]!;
  }
}

/**
 * Zeno detection on the impacts of a cascade, times[0..k] the last k + 1
 * of them (at least the last 7; one entry per instant, impacts at one instant
 * being one), intervals Δ_i = t_{i+1} − t_i; `start` the time of its first
 * impact. For a period p (1 to 2) the last p + 2 ratios ρ_i = Δ_i/Δ_{i−p} must
 * lie in (0, 1) and agree to 0.001 relative; the remaining impacts then take
 * the geometric series
 *   R = Σ_{j<p} Δ_{k−1−j} ρ_{k−1−j}/(1 − ρ_{k−1−j}),
 * exactly t₁·2e^k·e/(1 − e) summed for the bouncing ball, whose ratio is e.
 * The first period that fits decides: the cascade rests at t_k + R (into
 * out[0]) once R ≤ zenoRatio·(t_k − start), or at once when `final` (a
 * touchdown ended it), the contacts of the impacts the test read resting
 * (from impact out[1] = k − 2p − 2 on), and the period is returned; 0 where it
 * does not rest (yet). Every test is relative to the impact intervals, never
 * to the output grid or the tolerances.
 */
export function cascadeRest(k: number, times: ArrayLike<number>, start: number, final: boolean, zenoRatio: number, out: Float64Array): number {
  for (let p = 1; p < 3; p++) {
    if (k < 2 * p + 2) continue;
    let steady: boolean = true;
    let lo = Infinity;
    let hi = -Infinity;
    for (let a = 0; a < p + 2; a++) {
      const i = k - 1 - a;
      const r = (times[i + 1]! - times[i]!) / (times[i + 1 - p]! - times[i - p]!);
      steady = steady && r > 0 && r < 1;
      if (r < lo) lo = r;
      if (r > hi) hi = r;
    }
    if (!(steady && hi - lo <= 0.001 * hi)) continue;
    let remaining = 0;
    for (let j = 0; j < p; j++) {
      const i = k - 1 - j;
      const r = (times[i + 1]! - times[i]!) / (times[i + 1 - p]! - times[i - p]!);
      const weighted = (times[i + 1]! - times[i]!) * r;
      remaining += weighted / (1 - r);
    }
    if (!final && remaining > zenoRatio * (times[k]! - start)) return 0;
    out[0] = times[k]! + remaining;
    out[1] = k - 2 - 2 * p;
    return p;
  }
  return 0;
}

/**
 * The velocity q̇∞ a summed cascade converges to (into limit, n entries),
 * from q̇ after its last impact k (`after`) and after impact k − 2 (`before`),
 * times as for cascadeRest. They differ by the decaying part of the motion,
 * which shrinks like the interval that follows each, by
 * r = Δ_{k−2}/Δ_{k−4} per two impacts, so q̇∞ = q̇_k + (q̇_k − q̇_{k−2}) r/(1 − r),
 * the same series as the time. Two impacts even when the intervals repeat
 * after one: the compass's velocity alternates with the foot it stands on.
 */
export function cascadeLimit(n: number, k: number, times: ArrayLike<number>, after: ArrayLike<number>, before: ArrayLike<number>, limit: Float64Array): void {
  const r = (times[k - 1]! - times[k - 2]!) / (times[k - 3]! - times[k - 4]!);
  for (let i = 0; i < n; i++) {
    const v = after[i]!;
    const decay = (v - before[i]!) * r;
    limit[i] = v + decay / (1 - r);
  }
}

/**
 * Whether the k contacts a summed cascade rests on can be held together,
 * from contact_accelerations with them held (acc: q̈, then their σ̇): q̈ finite
 * and every σ̇ > 0; else the cascade goes on. Two sticking feet (4 rows on the
 * compass's 3 coordinates) are statically indeterminate and are held: the
 * Schur solve gives σ = 0 on the dependent tangent row after checking it is
 * consistent (src/numeric/schur.ts). A non-finite q̈ means rows that contradict
 * each other or a direction with no mass that no row pins: contacts that cannot
 * rest together.
 */
export function cascadeHoldable(n: number, k: number, acc: ArrayLike<number>): boolean {
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(acc[i]!)) return false;
  }
  for (let r = 0; r < k; r++) {
    if (!(acc[n + r]! > 0)) return false;
  }
  return true;
}

/**
 * q̇ (into qd, n entries) at which a summed cascade's held phase starts, a
 * time `ahead` before its accumulation point, so that it reaches the limit
 * velocity there: limit − q̈ ahead, q̈ the first n entries of acc (with the
 * resting contacts held at the limit velocity); first order in ahead, which is
 * below zenoRatio × the cascade's duration. Not q̇ after the last impact: the
 * normal projection only removes what the normal rows see, and the compass's
 * last impact leaves it rotating about the foot just struck (ẋc ≈ 2.7e-6 m/s),
 * which projected onto ġ = 0 for both feet slid on for ever, while in the
 * cascade ẋc → 0.
 */
export function cascadeStart(n: number, limit: ArrayLike<number>, acc: ArrayLike<number>, ahead: number, qd: Float64Array): void {
  for (let i = 0; i < n; i++) qd[i] = limit[i]! - acc[i]! * ahead;
}

/**
 * Whether an event ends the cascade by a touchdown, an arrival too slow to
 * bounce (restVelocity), which is then its last impact: the contacts rest from
 * the accumulation point the cascade extrapolates to, as after a summed one.
 * So where the event took no impact and found no rest (`rest`), some contact
 * is held now that was not `before`, and every such contact was struck in the
 * cascade (`struck`, per contact of the m).
 */
export function cascadeTouchdown(
  m: number,
  impacts: number,
  rest: boolean,
  before: ArrayLike<boolean>,
  held: ArrayLike<boolean>,
  struck: ArrayLike<boolean>,
): boolean {
  if (rest || impacts > 0) return false;
  let closing: boolean = false;
  for (let j = 0; j < m; j++) {
    if (held[j]! && !before[j]!) {
      if (!struck[j]!) return false;
      closing = true;
    }
  }
  return closing;
}

/**
 * Whether the cascade of impacts ends with an event: where it rests (`rest`),
 * or where the event took no impact and the held set changed (m contacts,
 * held `before` and now): a release or a closing that no impact caused starts
 * a new motion, whose impacts are no continuation of the old ones' series.
 */
export function cascadeCleared(m: number, impacts: number, rest: boolean, before: ArrayLike<boolean>, held: ArrayLike<boolean>): boolean {
  if (rest) return true;
  if (impacts > 0) return false;
  for (let j = 0; j < m; j++) {
    if (!held[j]! !== !before[j]!) return true;
  }
  return false;
}
