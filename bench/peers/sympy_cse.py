"""SymPy's common-subexpression elimination on the expressions our codegen
compiles (bench/ops.ts hands them over), for the operation counts of
npm run bench. Reads one JSON object on stdin:
  {"symbols": [name, ...], "inputs": {input: [text, ...], ...}}
each input a list of expressions in Python syntax over those symbols (names
that SymPy would otherwise read as its own objects, such as E, I, N or S,
stay symbols). Runs sympy.cse on each input once without optimizations (its
default) and once with optimizations='basic', and prints one JSON line per
run:
  {"input", "mode": "none" | "basic", "ms", "replacements": [[name, text], ...], "reduced": [text, ...], "version"}
texts as str() prints them; the temporaries are named cse0, cse1, ...
Counting is left to bench/ops.ts, which parses these back and counts both
sides with one rule.
Usage: python3 sympy_cse.py < input.json
"""
import json
import sys
import time

import sympy as sp
from sympy.parsing.sympy_parser import parse_expr


def run(input, exprs, mode):
    start = time.perf_counter()
    replacements, reduced = sp.cse(exprs, symbols=sp.numbered_symbols("cse"), optimizations=None if mode == "none" else mode)
    ms = (time.perf_counter() - start) * 1e3
    return {
        "input": input,
        "mode": mode,
        "ms": round(ms, 1),
        "replacements": [[str(name), str(value)] for name, value in replacements],
        "reduced": [str(e) for e in reduced],
        "version": sp.__version__,
    }


if __name__ == "__main__":
    data = json.load(sys.stdin)
    names = {name: sp.Symbol(name) for name in data["symbols"]}
    for input, texts in data["inputs"].items():
        exprs = [parse_expr(text, local_dict=names) for text in texts]
        for mode in ("none", "basic"):
            print(json.dumps(run(input, exprs, mode)), flush=True)
