#!/bin/sh
# System packages the checks need (called by .ci/run): pdflatex from
# Debian's texlive for test/report/pdflatex.test.ts, Chromium for
# test/report/browser.test.ts (driven by playwright-core, which never
# downloads a browser of its own), redis-server for the queued sweeps'
# tests (test/helpers/redis.ts starts it on port 6390 when it is not
# running), gcc (with libc6-dev, which gcc only recommends: the C
# headers), clang (the C modules compile warning-free under both) and
# python3 with NumPy and SciPy for the C and Python modules' tests
# (test/codegen/target-c.test.ts, target-python.test.ts). In CI
# (CI=true) those checks fail when the tools are missing instead of
# skipping.
set -eu
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends \
  texlive-latex-base texlive-latex-recommended texlive-latex-extra \
  chromium fonts-liberation redis-server \
  gcc libc6-dev clang python3-numpy python3-scipy
