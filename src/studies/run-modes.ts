// Which mode each impact of a run took, read from the run's events: the
// contacts closed before it (a contact or rest not yet released) that are
// released at its instant leave, the others stay. Only impacts that find
// another contact closed (a walker's standing foot) have a mode to tell.
// Tests: test/report/motion.test.ts (through the report's sentence).

/** An event of a run as the runtime records it. */
export interface RunEvent {
  readonly t: number;
  readonly type: string;
  readonly contacts?: readonly number[];
}

/** An impact that found other contacts closed: the contacts that struck, and of the closed ones those that left and stayed. */
export interface RunImpactMode {
  readonly t: number;
  readonly struck: readonly number[];
  readonly left: readonly number[];
  readonly stayed: readonly number[];
}

export function runImpactModes(events: readonly RunEvent[]): RunImpactMode[] {
  const releasedAt = new Map<number, Set<number>>();
  for (const e of events) if (e.type === 'release') for (const j of e.contacts ?? []) releasedAt.set(e.t, (releasedAt.get(e.t) ?? new Set()).add(j));
  const closed = new Set<number>();
  const modes: RunImpactMode[] = [];
  for (const e of events) {
    const cs = e.contacts ?? [];
    if (e.type === 'contact' || e.type === 'rest') cs.forEach((j) => closed.add(j));
    else if (e.type === 'release') cs.forEach((j) => closed.delete(j));
    else if (e.type === 'impact') {
      const others = [...closed].filter((j) => !cs.includes(j)).sort((a, b) => a - b);
      if (!others.length) continue;
      const leave = releasedAt.get(e.t) ?? new Set<number>();
      modes.push({ t: e.t, struck: cs, left: others.filter((j) => leave.has(j)), stayed: others.filter((j) => !leave.has(j)) });
    }
  }
  return modes;
}
