"""The bouncing ball of derivations/bouncing-ball.ts (m = 1, g = 9.81,
e = 0.8, dropped from y = 1 at rest) in Siconos, for npm run bench: Moreau–
Jean time-stepping (MoreauJeanOSI, θ = 1/2, Newton impact law, LCP) over
[0, T] with step h. One JSON line on stdout:
  {"bench": "moreau-jean", "peer": "siconos", "model", "contacts", "h", "steps", "stepsPerSec", "wallMs", "impacts", "version"}
impacts: the times of the first steps with a positive impulse after a
flight (to compare impact times with ours).
Usage: python3 siconos_ball.py H T
"""
import importlib.metadata
import json
import sys
import time

import numpy as np
import siconos.kernel as sk


def run(h, T):
    ball = sk.LagrangianLinearTIDS([1.0], [0.0], np.eye(1))
    ball.setFExtPtr([-9.81])
    inter = sk.Interaction(sk.NewtonImpactNSL(0.8), sk.LagrangianLinearTIR(np.eye(1)))
    nsds = sk.NonSmoothDynamicalSystem(0.0, T)
    nsds.insertDynamicalSystem(ball)
    nsds.link(inter, ball)
    sim = sk.TimeStepping(nsds, sk.TimeDiscretisation(0.0, h), sk.MoreauJeanOSI(0.5), sk.LCP())
    impacts = []
    flying = True
    steps = 0
    t0 = time.perf_counter()
    while sim.hasNextEvent():
        sim.computeOneStep()
        impulse = inter.lambda_(1)[0]
        if impulse > 0 and flying and len(impacts) < 8:
            impacts.append(sim.nextTime())
        flying = impulse <= 0
        sim.nextStep()
        steps += 1
    wall = time.perf_counter() - t0
    return {"bench": "moreau-jean", "peer": "siconos", "version": importlib.metadata.version("siconos"), "model": "bouncing-ball", "contacts": 1, "h": h, "steps": steps, "stepsPerSec": round(steps / wall), "wallMs": round(wall * 1e3, 1), "impacts": [round(t, 6) for t in impacts]}

if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]), float(sys.argv[2]))), flush=True)
