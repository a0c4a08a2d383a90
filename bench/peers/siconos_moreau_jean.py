"""The Moreau–Jean models of bench/time-stepping.ts in Siconos, for npm run
bench: MoreauJeanOSI (θ = 1/2), Newton impact laws, one LCP per step, over
[0, T] with step h, from the same initial state with the same parameters:
  bouncing-ball 1   derivations/bouncing-ball.ts: m = 1, g = 9.81, e = 0.8,
                    y = 1 at rest, gap y ≥ 0;
  ball-chain N      bench/models.ts ballChain: m = 1, e = 0.9, d = 0.05,
                    x_i = 0.051(i − 1), the first ball at 1 m/s, gaps
                    x_{i+1} − x_i − d ≥ 0;
  block-stack N     bench/models.ts blockStack: m = 1, e = 0.9, h = 0.1,
                    g = 9.81, y_i = 0.001 + 0.101(i − 1) at rest, gaps y_1 ≥ 0
                    and y_{i+1} − y_i − h ≥ 0.
One JSON line on stdout:
  {"bench": "moreau-jean", "peer": "siconos", "model", "contacts", "h", "steps", "stepsPerSec", "wallMs", "impacts", "version"}
impacts: the first 8 step end times at which a contact without an impulse
in the step before takes one (to compare impact times with ours), from a
run of their own: the timed runs step with nothing else in the loop (no
Python reads of the impulses, which cost more than a step of the ball), and
stepsPerSec is the median of three.
Usage: python3 siconos_moreau_jean.py MODEL N H T
"""
import importlib.metadata
import json
import sys
import time

import numpy as np
import siconos.kernel as sk


def model(name, n):
    """(q0, v0, external force, [(row, offset)], restitution): gap = row·q + offset ≥ 0."""
    def row(pairs):
        r = np.zeros((1, n))
        for k, c in pairs:
            r[0, k] = c
        return r
    if name == "bouncing-ball":
        return [1.0], [0.0], [-9.81], [(row([(0, 1)]), 0.0)], 0.8
    if name == "ball-chain":
        v0 = np.zeros(n)
        v0[0] = 1
        return list(0.051 * np.arange(n)), list(v0), None, [(row([(i, -1), (i + 1, 1)]), -0.05) for i in range(n - 1)], 0.9
    if name == "block-stack":
        gaps = [(row([(0, 1)]), 0.0)] + [(row([(i, -1), (i + 1, 1)]), -0.1) for i in range(n - 1)]
        return list(0.001 + 0.101 * np.arange(n)), [0.0] * n, [-9.81] * n, gaps, 0.9
    raise SystemExit(f"unknown model {name}")


def simulation(name, n, h, T):
    """A fresh TimeStepping of the model and its interactions."""
    q0, v0, force, gaps, e = model(name, n)
    body = sk.LagrangianLinearTIDS(q0, v0, np.eye(len(q0)))
    if force is not None:
        body.setFExtPtr(force)
    nsds = sk.NonSmoothDynamicalSystem(0.0, T)
    nsds.insertDynamicalSystem(body)
    inters = []
    for r, offset in gaps:
        inter = sk.Interaction(sk.NewtonImpactNSL(e), sk.LagrangianLinearTIR(r, [offset]))
        nsds.link(inter, body)
        inters.append(inter)
    # The model objects must outlive the simulation (the Python wrappers own them).
    return sk.TimeStepping(nsds, sk.TimeDiscretisation(0.0, h), sk.MoreauJeanOSI(0.5), sk.LCP()), (body, nsds, inters)


def impact_times(name, n, h, T):
    sim, (_, _, inters) = simulation(name, n, h, T)
    impacts = []
    pressed = [False] * len(inters)
    while sim.hasNextEvent() and len(impacts) < 8:
        sim.computeOneStep()
        now = [inter.lambda_(1)[0] > 0 for inter in inters]
        if any(p and not was for p, was in zip(now, pressed)):
            impacts.append(round(sim.nextTime(), 6))
        pressed = now
        sim.nextStep()
    return impacts, len(inters)


def timed_run(name, n, h, T):
    sim, keep = simulation(name, n, h, T)
    steps = 0
    t0 = time.perf_counter()
    while sim.hasNextEvent():
        sim.computeOneStep()
        sim.nextStep()
        steps += 1
    return steps, time.perf_counter() - t0


def run(name, n, h, T):
    impacts, contacts = impact_times(name, n, h, T)
    runs = sorted((timed_run(name, n, h, T) for _ in range(3)), key=lambda r: r[1])
    steps, wall = runs[1]
    label = "bouncing-ball" if name == "bouncing-ball" else f"{name}-{n}"
    return {"bench": "moreau-jean", "peer": "siconos", "version": importlib.metadata.version("siconos"), "model": label, "contacts": contacts, "h": h, "steps": steps, "stepsPerSec": round(steps / wall), "wallMs": round(wall * 1e3, 1), "impacts": impacts}


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]))), flush=True)
