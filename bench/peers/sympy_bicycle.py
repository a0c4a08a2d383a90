"""The Whipple bicycle of bench/bicycle.ts (derivations/bicycle.ts, the
benchmark of Meijaard et al. 2007) derived by SymPy's KanesMethod, for
npm run bench. One JSON line on stdout:
  {"bench": "bicycle", "peer": "sympy", "deriveMs", "linearizeMs", "eigenvalues", "version"}
deriveMs: kanes_equations (Kane's equations with the three no-slip rows of
the front contact and its configuration constraint eliminated by Cramer's
rule); linearizeMs: linearize about the upright straight running, the
numbers put in, the roll-steer block's eigenvalues at 5 m/s.

The model is the toolkit's, written with SymPy's frames: ground N (z up),
yaw psi and roll phi turn the lean frame L, the rear frame B is L pitched by
theta, the front frame H is B turned by delta about the steer axis (B's z
tilted back by lam), the wheels spin about B's and H's y. The rear contact is
the instantaneous centre of the rear wheel (its x, y and both wheel angles
are ignorable and left out); the front contact closes the loop.
Usage: python3 sympy_bicycle.py
"""
import json
import time

import numpy as np
import sympy as sp
import sympy.physics.mechanics as me

SPEED = 5.0

# Meijaard et al. (2007), Table 1; products of inertia in the benchmark's axes (z down).
BENCHMARK = dict(
    w=1.02, c=0.08, lam=sp.pi / 10, g=9.81,
    rR=0.3, mR=2.0, IRxx=0.0603, IRyy=0.12,
    xB=0.3, zB=-0.9, mB=85.0, IBxx=9.2, IByy=11.0, IBzz=2.8, IBxz=2.4,
    xH=0.9, zH=-0.7, mH=4.0, IHxx=0.05892, IHyy=0.06, IHzz=0.00708, IHxz=-0.00756,
    rF=0.35, mF=3.0, IFxx=0.1405, IFyy=0.28,
)


def derive():
    p = {name: sp.Symbol(name) for name in BENCHMARK}
    psi, phi, theta, delta = me.dynamicsymbols("psi phi theta delta")
    u_psi, u_phi, u_thR, u_theta, u_delta, u_thF = me.dynamicsymbols("u_psi u_phi u_thR u_theta u_delta u_thF")

    N = me.ReferenceFrame("N")
    Y = N.orientnew("Y", "Axis", [psi, N.z])
    L = Y.orientnew("L", "Axis", [phi, Y.x])
    B = L.orientnew("B", "Axis", [theta, L.y])
    steer_axis = sp.cos(p["lam"]) * B.z - sp.sin(p["lam"]) * B.x
    H = B.orientnew("H", "Axis", [delta, steer_axis])
    RW = me.ReferenceFrame("RW")
    FW = me.ReferenceFrame("FW")
    Y.set_ang_vel(N, u_psi * N.z)
    L.set_ang_vel(Y, u_phi * Y.x)
    B.set_ang_vel(L, u_theta * L.y)
    H.set_ang_vel(B, u_delta * steer_axis)
    RW.set_ang_vel(B, u_thR * B.y)
    FW.set_ang_vel(H, u_thF * H.y)

    # Points as in derivations/bicycle.ts: S is where the steer axis meets the ground upright.
    PR = me.Point("PR")
    GR = PR.locatenew("GR", p["rR"] * L.z)
    S = GR.locatenew("S", (p["w"] + p["c"]) * B.x - p["rR"] * B.z)
    GB = GR.locatenew("GB", p["xB"] * B.x + (-p["zB"] - p["rR"]) * B.z)
    GH = S.locatenew("GH", (p["xH"] - p["w"] - p["c"]) * H.x - p["zH"] * H.z)
    GF = S.locatenew("GF", -p["c"] * H.x + p["rF"] * H.z)
    # The front wheel's lowest point: from its centre, down in its plane.
    down = (me.dot(H.y, N.z) * H.y - N.z).normalize()
    PF = GF.locatenew("PF", p["rF"] * down)

    PR.set_vel(N, 0)
    GR.v2pt_theory(PR, N, RW)
    S.v2pt_theory(GR, N, B)
    GB.v2pt_theory(GR, N, B)
    GH.v2pt_theory(S, N, H)
    GF.v2pt_theory(S, N, H)
    PF.v2pt_theory(GF, N, FW)

    bodies = [
        me.RigidBody("rearWheel", GR, RW, p["mR"], (me.inertia(B, p["IRxx"], p["IRyy"], p["IRxx"]), GR)),
        me.RigidBody("rear", GB, B, p["mB"], (me.inertia(B, p["IBxx"], p["IByy"], p["IBzz"], 0, 0, -p["IBxz"]), GB)),
        me.RigidBody("front", GH, H, p["mH"], (me.inertia(H, p["IHxx"], p["IHyy"], p["IHzz"], 0, 0, -p["IHxz"]), GH)),
        me.RigidBody("frontWheel", GF, FW, p["mF"], (me.inertia(H, p["IFxx"], p["IFyy"], p["IFxx"]), GF)),
    ]
    loads = [(G, -m * p["g"] * N.z) for G, m in [(GR, p["mR"]), (GB, p["mB"]), (GH, p["mH"]), (GF, p["mF"])]]

    t = me.dynamicsymbols._t
    kane = me.KanesMethod(
        N,
        q_ind=[psi, phi, delta],
        q_dependent=[theta],
        configuration_constraints=[PF.pos_from(PR) & N.z],
        u_ind=[u_phi, u_thR, u_delta],
        u_dependent=[u_psi, u_theta, u_thF],
        velocity_constraints=[PF.vel(N) & Y.x, PF.vel(N) & Y.y, PF.vel(N) & Y.z],
        kd_eqs=[psi.diff(t) - u_psi, phi.diff(t) - u_phi, theta.diff(t) - u_theta, delta.diff(t) - u_delta],
        constraint_solver="CRAMER",
    )
    kane.kanes_equations(bodies, loads)
    speeds = dict(u_psi=u_psi, u_phi=u_phi, u_thR=u_thR, u_theta=u_theta, u_delta=u_delta, u_thF=u_thF)
    return kane, p, (psi, phi, theta, delta), speeds


def linearize(kane, p, coords, speeds):
    rates = {"u_thR": SPEED / BENCHMARK["rR"], "u_thF": SPEED / BENCHMARK["rF"]}
    op = {q: 0 for q in coords}
    op.update({u: rates.get(name, 0) for name, u in speeds.items()})
    op.update({u.diff(): 0 for u in speeds.values()})
    A, _, _ = kane.linearize(A_and_B=True, op_point=op, linear_solver="CRAMER")
    A = A.xreplace({p[name]: value for name, value in BENCHMARK.items()}).evalf()
    # States [psi, phi, delta, u_phi, u_thR, u_delta]: roll, steer and their rates.
    roll_steer = np.array(A.extract([1, 2, 3, 5], [1, 2, 3, 5]).tolist(), dtype=float)
    return sorted(np.linalg.eigvals(roll_steer), key=lambda z: (z.real, z.imag))


def main():
    t0 = time.perf_counter()
    kane, p, coords, speeds = derive()
    t1 = time.perf_counter()
    eigenvalues = linearize(kane, p, coords, speeds)
    t2 = time.perf_counter()
    print(json.dumps({
        "bench": "bicycle",
        "peer": "sympy",
        "deriveMs": round((t1 - t0) * 1000),
        "linearizeMs": round((t2 - t1) * 1000),
        "eigenvalues": [[round(z.real, 6), round(z.imag, 6)] for z in eigenvalues],
        "version": sp.__version__,
    }))


if __name__ == "__main__":
    main()
