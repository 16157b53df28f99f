#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the GUI tests that stop a run, N times in a row, while a CPU hog keeps one core busy:
# with the benchmark's own I/O thread on the other core, the main thread, the X server and the
# renderer share what is left. Prints each stop's times; fails when any run fails.
# Usage: stress-stop.sh BUILD_DIR [N]   (root: the tests create zram devices)
set -uo pipefail

build=$1
n=${2:-10}
src=$(cd "$(dirname "$0")/../.." && pwd)
schema=$src/data/org.ssdbench.App.gschema.xml
xvfb=$src/tests/gui/run-xvfb.sh

( while :; do :; done ) &
hog=$!
trap 'kill $hog 2>/dev/null' EXIT

failed=0
skipped=0
for i in $(seq 1 "$n"); do
  for t in "test-gui" "test-gui-surface -p /gui-surface/live-and-stop"; do
    out=$(G_TEST_BUILDDIR=$build/tests "$xvfb" "$schema" $build/tests/$t 2>&1)
    status=$?
    echo "$i ${t%% *}: exit $status"
    grep -E "stop took|busy for|chart:" <<<"$out" | sed 's/^/    /'
    if [[ $status -eq 77 ]]; then
      skipped=$((skipped + 1))
      grep -iE "skip" <<<"$out" | head -3 | sed 's/^/    /'
    elif [[ $status -ne 0 ]]; then
      failed=$((failed + 1))
      grep -E "Bail out|ERROR" <<<"$out" | head -3 | sed 's/^/    /'
    fi
  done
done
echo "$failed of $((n * 2)) runs failed, $skipped skipped"
[[ $failed -eq 0 ]]
