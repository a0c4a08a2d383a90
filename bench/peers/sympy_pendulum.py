"""The n-link pendulum of bench/pendulum.ts derived by SymPy's mechanics
(LagrangesMethod), for npm run bench. One JSON line per n on stdout:
  {"bench": "pendulum", "peer": "sympy", "n", "deriveMs", "rhsNs", "acc", "version"}
deriveMs: Lagrangian → M and forcing (form_lagranges_equations, mass_matrix,
forcing); rhsNs: M and forcing lambdified to NumPy plus numpy.linalg.solve,
per call; acc: q̈ at the state bench/pendulum.ts uses, m_i = l_i = 1, g = 9.81.
Usage: python3 sympy_pendulum.py N [N ...]
"""
import json
import sys
import time

import numpy as np
import sympy as sp
import sympy.physics.mechanics as me


def derive(n):
    q = me.dynamicsymbols(f"q1:{n + 1}")
    qd = [qi.diff(me.dynamicsymbols._t) for qi in q]
    m = sp.symbols(f"m1:{n + 1}")
    l = sp.symbols(f"l1:{n + 1}")
    g = sp.symbols("g")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    x = 0
    y = 0
    particles = []
    for i in range(n):
        x += l[i] * sp.sin(q[i])
        y -= l[i] * sp.cos(q[i])
        P = O.locatenew(f"P{i + 1}", x * N.x + y * N.y)
        P.set_vel(N, P.pos_from(O).dt(N))
        particle = me.Particle(f"B{i + 1}", P, m[i])
        particle.potential_energy = m[i] * g * y
        particles.append(particle)
    lm = me.LagrangesMethod(me.Lagrangian(N, *particles), q)
    lm.form_lagranges_equations()
    return q, qd, m, l, g, lm.mass_matrix, lm.forcing


def state(n):
    if n == 1:
        return [0.1], [-0.3]
    return [0.1 + 0.6 * i / (n - 1) for i in range(n)], [-0.3 + 0.7 * i / (n - 1) for i in range(n)]


def measure(n):
    t0 = time.perf_counter()
    q, qd, m, l, g, M, F = derive(n)
    derive_ms = (time.perf_counter() - t0) * 1e3
    qs = sp.symbols(f"x1:{n + 1}")
    us = sp.symbols(f"u1:{n + 1}")
    plain = dict(zip(qd, us))
    plain.update(zip(q, qs))
    Mf = sp.lambdify([qs, us, m, l, g], me.msubs(M, plain), "numpy")
    Ff = sp.lambdify([qs, us, m, l, g], me.msubs(F, plain), "numpy")
    q0, u0 = state(n)
    ones = [1.0] * n

    def acc():
        return np.linalg.solve(np.asarray(Mf(q0, u0, ones, ones, 9.81), dtype=float), np.asarray(Ff(q0, u0, ones, ones, 9.81), dtype=float).ravel())

    a = acc()
    calls = max(200, 20000 // (n * n))
    samples = []
    for _ in range(7):
        s = time.perf_counter()
        for _ in range(calls):
            acc()
        samples.append((time.perf_counter() - s) / calls * 1e9)
    return {"bench": "pendulum", "peer": "sympy", "version": sp.__version__, "n": n, "deriveMs": round(derive_ms, 1), "rhsNs": round(sorted(samples)[len(samples) // 2], 1), "acc": [float(v) for v in a]}


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(json.dumps(measure(int(arg))), flush=True)
