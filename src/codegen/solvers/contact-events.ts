// The rules of an event of rigid contacts written once, as IR: printed into
// src/numeric/contact-events.ts, which the runtime's event-driven run
// imports (src/runtime/hybrid/hybrid.ts; the sinks also the variational
// flow's), and into the C driver (src/codegen/c-driver-contacts.ts,
// c-driver-zeno.ts): which contacts count as closed, approaching or at
// rest, how deep a gap may sink before it is an arrival, and when a cascade
// of impacts is summed, to which accumulation point and limit velocity,
// whether its contacts can rest together and from which velocity, which
// contacts an impact struck, and when a touchdown ends a cascade or an event
// clears it.
// What each decides and why is its doc below.
// Tests: test/numeric/contact-events.test.ts, test/codegen/solvers/sources.test.ts,
// test/codegen/c-driver.test.ts (the driver's runs).
import {
  assign,
  bin,
  cond,
  constVar,
  div,
  forRange,
  idx,
  INFINITY,
  letVar,
  math,
  minus,
  neg,
  not,
  num,
  plus,
  ref,
  ret,
  times,
  when,
  type Decl,
  type JsExpr,
  type ModuleIR,
} from '../ir.js';
import { param } from './dense.js';

const and = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '&&', b);
const or = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '||', b);
const [k, p, zero] = [ref('k'), ref('p'), num(0)];
/** t_i, the time of impact i. */
const at = (i: JsExpr): JsExpr => idx('times', i);
/** t_a − t_b. */
const span = (a: JsExpr, b: JsExpr): JsExpr => minus(at(a), at(b));
const less = (a: JsExpr, d: number): JsExpr => minus(a, num(d));
/** ρ_i = Δ_i/Δ_{i−p}, Δ_i = t_{i+1} − t_i. */
const ratio = (i: JsExpr): JsExpr => div(span(plus(i, num(1)), i), span(minus(plus(i, num(1)), p), minus(i, p)));

/**
 * Periods of the interval pattern of a cascade, 1 to this: 1 for a ball on a floor (Δ_{k+1} = e Δ_k), 2 for rocking
 * between two contacts, whose consecutive intervals alternate (the rimless wheel on a slope: 0.469, 0.947, 0.469, …)
 * while Δ_{k+2}/Δ_k is steady.
 */
const LONGEST_PERIOD = 2;
/**
 * Relative spread allowed among the last p + 2 ratios Δ_k/Δ_{k−p} for the cascade to count as geometric. With the
 * remaining time below zenoRatio × (duration so far), an error δr in the ratio moves the accumulation point by about
 * zenoRatio·δr/(1 − r) of the cascade's duration; an irregular impact sequence (a double pendulum beating on a wall)
 * has ratios that differ by far more.
 */
const RATIO_TOL = 1e-3;
/** The impacts the test of the longest period reads, the last 2p + 3. */
export const CASCADE_WINDOW = 2 * LONGEST_PERIOD + 3;

export const contactClosed: Decl = {
  kind: 'function',
  name: 'contactClosed',
  exported: true,
  doc: `Whether a contact counts as closed at an event: its gap at most gapTol, and
held before or allowed to close (\`admitted\`: awake, its activation condition
holding). Event location leaves a gap at roundoff of either sign, and a
contact that touches within gapTol of another at the same instant is part of
the same (multiple) impact, not a second one a few ulps later in a spurious
order.`,
  params: [param('gap', 'number'), param('gapTol', 'number'), param('held', 'boolean'), param('admitted', 'boolean')],
  returns: 'boolean',
  body: [ret(and(bin(ref('gap'), '<=', ref('gapTol')), or(ref('held'), ref('admitted'))))],
};

export const contactApproaches: Decl = {
  kind: 'function',
  name: 'contactApproaches',
  exported: true,
  doc: `Whether a closed contact takes an impact: it approaches faster than
restVelocity (ġ < −restVelocity). Slower is a touchdown, a plastic closing:
without it a restitution law keeps producing bounces whose flight height
v²/2g drops below the roundoff of the position, and the events never end.`,
  params: [param('closed', 'boolean'), param('rate', 'number'), param('restVelocity', 'number')],
  returns: 'boolean',
  body: [ret(and(ref('closed'), bin(ref('rate'), '<', neg(ref('restVelocity')))))],
};

export const contactRests: Decl = {
  kind: 'function',
  name: 'contactRests',
  exported: true,
  doc: `Whether a closed contact is a candidate to be held after the impacts: its
normal velocity at rest (ġ ≤ restVelocity) and its σ̇ not the one that just
fell through zero (\`released\`).`,
  params: [param('closed', 'boolean'), param('rate', 'number'), param('restVelocity', 'number'), param('released', 'boolean')],
  returns: 'boolean',
  body: [ret(and(and(ref('closed'), bin(ref('rate'), '<=', ref('restVelocity'))), not(ref('released'))))],
};

export const struckContacts: Decl = {
  kind: 'function',
  name: 'struckContacts',
  exported: true,
  doc: `The contacts an impact struck (into struck, m entries, 1 or 0): those
its law gave a nonzero normal impulse, else the approaching ones (every
impulse exactly 0: the event still names the contacts it was for). These are
the contacts the impact's event lists and its entry of the cascade holds.`,
  params: [param('m', 'index'), param('impulses', 'ArrayLike<number>'), param('approaching', 'ArrayLike<boolean>'), param('struck', 'Int32Array')],
  returns: 'void',
  body: [
    { kind: 'let', name: 'hit', type: 'boolean', init: ref('false') },
    forRange('j', 0, ref('m'), [
      when(
        bin(idx('impulses', ref('j')), '!==', zero),
        [assign(idx('struck', ref('j')), num(1)), assign(ref('hit'), ref('true'))],
        [assign(idx('struck', ref('j')), zero)],
      ),
    ]),
    when(ref('hit'), [ret()]),
    forRange('j', 0, ref('m'), [assign(idx('struck', ref('j')), cond(idx('approaching', ref('j')), num(1), zero))]),
  ],
};

/** What an event's end is judged by: the m contacts, how many impacts it took, whether a cascade's rest was found, the contacts held before it and now. */
const AFTER_EVENT = [
  param('m', 'index'),
  param('impacts', 'index'),
  param('rest', 'boolean'),
  param('before', 'ArrayLike<boolean>'),
  param('held', 'ArrayLike<boolean>'),
];

export const cascadeTouchdown: Decl = {
  kind: 'function',
  name: 'cascadeTouchdown',
  exported: true,
  doc: `Whether an event ends the cascade by a touchdown, an arrival too slow to
bounce (restVelocity), which is then its last impact: the contacts rest from
the accumulation point the cascade extrapolates to, as after a summed one.
So where the event took no impact and found no rest (\`rest\`), some contact
is held now that was not \`before\`, and every such contact was struck in the
cascade (\`struck\`, per contact of the m).`,
  params: [...AFTER_EVENT, param('struck', 'ArrayLike<boolean>')],
  returns: 'boolean',
  body: [
    when(or(ref('rest'), bin(ref('impacts'), '>', zero)), [ret(ref('false'))]),
    { kind: 'let', name: 'closing', type: 'boolean', init: ref('false') },
    forRange('j', 0, ref('m'), [
      when(and(idx('held', ref('j')), not(idx('before', ref('j')))), [
        when(not(idx('struck', ref('j'))), [ret(ref('false'))]),
        assign(ref('closing'), ref('true')),
      ]),
    ]),
    ret(ref('closing')),
  ],
};

export const cascadeCleared: Decl = {
  kind: 'function',
  name: 'cascadeCleared',
  exported: true,
  doc: `Whether the cascade of impacts ends with an event: where it rests (\`rest\`),
or where the event took no impact and the held set changed (m contacts,
held \`before\` and now): a release or a closing that no impact caused starts
a new motion, whose impacts are no continuation of the old ones' series.`,
  params: AFTER_EVENT,
  returns: 'boolean',
  body: [
    when(ref('rest'), [ret(ref('true'))]),
    when(bin(ref('impacts'), '>', zero), [ret(ref('false'))]),
    forRange('j', 0, ref('m'), [when(bin(not(idx('held', ref('j'))), '!==', not(idx('before', ref('j')))), [ret(ref('true'))])]),
    ret(ref('false')),
  ],
};

export const gapSinks: Decl = {
  kind: 'function',
  name: 'gapSinks',
  exported: true,
  doc: `The sinks of the gap guards of a phase whose m gaps start at g (into
sinks): gapTol below the surface, or below where the phase starts inside it.
An impact found by the sink leaves its contact just past −gapTol, and a
release may leave it slightly inside; a sink counted from 0 could not fire
again there, and a bounce too small to lift the contact out, or a contact
drifting inward, would go through the surface unseen. The sink is for a
contact that never gets back out, not for the rebounds of a cascade (the
drivers follow a gap's whole rebound inside a step), which caught by it would
each start 1e-9 deeper, arrive at the speed of a 1e-9 fall and never die out.`,
  params: [param('m', 'index'), param('g', 'ArrayLike<number>'), param('gapTol', 'number'), param('sinks', 'Float64Array')],
  returns: 'void',
  body: [
    forRange('j', 0, ref('m'), [
      assign(idx('sinks', ref('j')), ref('gapTol')),
      when(bin(idx('g', ref('j')), '<', zero), [assign(idx('sinks', ref('j')), minus(ref('gapTol'), idx('g', ref('j'))))]),
    ]),
  ],
};

export const cascadeRest: Decl = {
  kind: 'function',
  name: 'cascadeRest',
  exported: true,
  doc: `Zeno detection on the impacts of a cascade, times[0..k] the last k + 1
of them (at least the last ${CASCADE_WINDOW}; one entry per instant, impacts at one instant
being one), intervals Δ_i = t_{i+1} − t_i; \`start\` the time of its first
impact. For a period p (1 to ${LONGEST_PERIOD}) the last p + 2 ratios ρ_i = Δ_i/Δ_{i−p} must
lie in (0, 1) and agree to ${RATIO_TOL} relative; the remaining impacts then take
the geometric series
  R = Σ_{j<p} Δ_{k−1−j} ρ_{k−1−j}/(1 − ρ_{k−1−j}),
exactly t₁·2e^k·e/(1 − e) summed for the bouncing ball, whose ratio is e.
The first period that fits decides: the cascade rests at t_k + R (into
out[0]) once R ≤ zenoRatio·(t_k − start), or at once when \`final\` (a
touchdown ended it), the contacts of the impacts the test read resting
(from impact out[1] = k − 2p − 2 on), and the period is returned; 0 where it
does not rest (yet). Every test is relative to the impact intervals, never
to the output grid or the tolerances.`,
  params: [
    param('k', 'index'),
    param('times', 'ArrayLike<number>'),
    param('start', 'number'),
    param('final', 'boolean'),
    param('zenoRatio', 'number'),
    param('out', 'Float64Array'),
  ],
  returns: 'index',
  body: [
    forRange('p', 1, LONGEST_PERIOD + 1, [
      when(bin(k, '<', plus(times(num(2), p), num(2))), [{ kind: 'continue' }]),
      { kind: 'let', name: 'steady', type: 'boolean', init: ref('true') },
      letVar('lo', INFINITY),
      letVar('hi', neg(INFINITY)),
      forRange('a', 0, plus(p, num(2)), [
        constVar('i', minus(less(k, 1), ref('a'))),
        constVar('r', ratio(ref('i'))),
        assign(ref('steady'), and(and(ref('steady'), bin(ref('r'), '>', zero)), bin(ref('r'), '<', num(1)))),
        when(bin(ref('r'), '<', ref('lo')), [assign(ref('lo'), ref('r'))]),
        when(bin(ref('r'), '>', ref('hi')), [assign(ref('hi'), ref('r'))]),
      ]),
      when(not(and(ref('steady'), bin(minus(ref('hi'), ref('lo')), '<=', times(num(RATIO_TOL), ref('hi'))))), [{ kind: 'continue' }]),
      letVar('remaining', zero),
      forRange('j', 0, p, [
        constVar('i', minus(less(k, 1), ref('j'))),
        constVar('r', ratio(ref('i'))),
        constVar('weighted', times(span(plus(ref('i'), num(1)), ref('i')), ref('r'))),
        assign(ref('remaining'), div(ref('weighted'), minus(num(1), ref('r'))), '+='),
      ]),
      when(and(not(ref('final')), bin(ref('remaining'), '>', times(ref('zenoRatio'), minus(at(k), ref('start'))))), [ret(zero)]),
      assign(idx('out', 0), plus(at(k), ref('remaining'))),
      assign(idx('out', 1), minus(less(k, 2), times(num(2), p))),
      ret(p),
    ]),
    ret(zero),
  ],
};

export const cascadeLimit: Decl = {
  kind: 'function',
  name: 'cascadeLimit',
  exported: true,
  doc: `The velocity q̇∞ a summed cascade converges to (into limit, n entries),
from q̇ after its last impact k (\`after\`) and after impact k − 2 (\`before\`),
times as for cascadeRest. They differ by the decaying part of the motion,
which shrinks like the interval that follows each, by
r = Δ_{k−2}/Δ_{k−4} per two impacts, so q̇∞ = q̇_k + (q̇_k − q̇_{k−2}) r/(1 − r),
the same series as the time. Two impacts even when the intervals repeat
after one: the compass's velocity alternates with the foot it stands on.`,
  params: [
    param('n', 'index'),
    param('k', 'index'),
    param('times', 'ArrayLike<number>'),
    param('after', 'ArrayLike<number>'),
    param('before', 'ArrayLike<number>'),
    param('limit', 'Float64Array'),
  ],
  returns: 'void',
  body: [
    constVar('r', div(span(less(k, 1), less(k, 2)), span(less(k, 3), less(k, 4)))),
    forRange('i', 0, ref('n'), [
      constVar('v', idx('after', ref('i'))),
      constVar('decay', times(minus(ref('v'), idx('before', ref('i'))), ref('r'))),
      assign(idx('limit', ref('i')), plus(ref('v'), div(ref('decay'), minus(num(1), ref('r'))))),
    ]),
  ],
};

export const cascadeHoldable: Decl = {
  kind: 'function',
  name: 'cascadeHoldable',
  exported: true,
  doc: `Whether the k contacts a summed cascade rests on can be held together,
from contact_accelerations with them held (acc: q̈, then their σ̇): q̈ finite
and every σ̇ > 0; else the cascade goes on. Two sticking feet (4 rows on the
compass's 3 coordinates) are statically indeterminate and are held: the
Schur solve gives σ = 0 on the dependent tangent row after checking it is
consistent (src/numeric/schur.ts). A non-finite q̈ means rows that contradict
each other or a direction with no mass that no row pins: contacts that cannot
rest together.`,
  params: [param('n', 'index'), param('k', 'index'), param('acc', 'ArrayLike<number>')],
  returns: 'boolean',
  body: [
    forRange('i', 0, ref('n'), [when(not(math('isFinite', idx('acc', ref('i')))), [ret(ref('false'))])]),
    forRange('r', 0, k, [when(not(bin(idx('acc', plus(ref('n'), ref('r'))), '>', zero)), [ret(ref('false'))])]),
    ret(ref('true')),
  ],
};

export const cascadeStart: Decl = {
  kind: 'function',
  name: 'cascadeStart',
  exported: true,
  doc: `q̇ (into qd, n entries) at which a summed cascade's held phase starts, a
time \`ahead\` before its accumulation point, so that it reaches the limit
velocity there: limit − q̈ ahead, q̈ the first n entries of acc (with the
resting contacts held at the limit velocity); first order in ahead, which is
below zenoRatio × the cascade's duration. Not q̇ after the last impact: the
normal projection only removes what the normal rows see, and the compass's
last impact leaves it rotating about the foot just struck (ẋc ≈ 2.7e-6 m/s),
which projected onto ġ = 0 for both feet slid on for ever, while in the
cascade ẋc → 0.`,
  params: [param('n', 'index'), param('limit', 'ArrayLike<number>'), param('acc', 'ArrayLike<number>'), param('ahead', 'number'), param('qd', 'Float64Array')],
  returns: 'void',
  body: [forRange('i', 0, ref('n'), [assign(idx('qd', ref('i')), minus(idx('limit', ref('i')), times(idx('acc', ref('i')), ref('ahead'))))])],
};

/** src/numeric/contact-events.ts. */
export const CONTACT_EVENTS: ModuleIR = {
  header: [
    'The rules of an event of rigid contacts (kugushev2002 §9): which contacts',
    'count as closed, which of them take an impact and which may be held after',
    'it, the sinks of the gap guards, and the summing of an accumulation of',
    'impacts (Zeno behaviour: the bouncing ball, a compass rocking from foot to',
    'foot), whose remaining impacts form a geometric series once their intervals',
    'shrink by a steady ratio: its accumulation point, the velocity there, and',
    'the held phase that starts from it. The runtime (src/runtime/hybrid/hybrid.ts)',
    'and the C driver both decide by these functions, printed from the same IR.',
  ],
  decls: [
    contactClosed,
    contactApproaches,
    contactRests,
    struckContacts,
    gapSinks,
    cascadeRest,
    cascadeLimit,
    cascadeHoldable,
    cascadeStart,
    cascadeTouchdown,
    cascadeCleared,
  ],
};

/** The functions the C driver calls. */
export const CONTACT_EVENT_RULES = CONTACT_EVENTS.decls as (Decl & { kind: 'function' })[];
