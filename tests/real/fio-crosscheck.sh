#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine against fio on one filled zram device: the four default summary tests, read and
# write, each run as `ssdbench-cli run job` and as the fio command the engine prints for it
# (libaio, direct=1, time-based, JSON output), alternately. Rates must agree within
# [0.7, 1.4] x fio's for reads and [0.7, 2.0] for writes (see below); bench/bench-vs-fio.sh
# measures the ratio precisely.
#
# Reads read the random data the device was filled with (all reads run before any write).
# For writes fio adds --refill_buffers (new random data for every request): zram compresses each
# page at a speed that depends on the exact bytes, and fio's default buffers (random, a few bytes
# changed per request) take zram twice as long as fresh random data, which would compare data
# contents, not I/O paths. Three rounds, alternating; each side's best round counts, as in
# CrystalDiskMark's best-of-N: on a shared machine another process can slow any single round of
# either program, and the best round is the one least disturbed (the medians are printed too).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd fio
ssdb_find_cli
ssdb_tmpdir

BENCH=$(dirname "$(readlink -f "$0")")/../../bench/bench-vs-fio.sh
J=$SSDB_TMPDIR/crosscheck.json
# the four jobs of the default summary (QD 1 ones against fio's pvsync2, the others libaio)
"$BENCH" --rounds 3 --duration 2 --size 256M --targets zram --json "$J" \
  --tests "SEQ1M Q8T1,SEQ1M Q1T1,RND4K Q32T1,RND4K Q1T1" --fio-write-args "--refill_buffers"

ssdb_assert_json "$J" 'len(d["results"]) == 8' "eight jobs compared"
ssdb_assert_json "$J" 'all(r["engine"]["mbps"] > 0 and r["fio"]["mbps"] > 0 for r in d["results"])' \
  "both engines measured every job"
if [[ -n ${SSDBENCH_SANITIZE:-} && ${SSDBENCH_SANITIZE} != none ]]; then
  ssdb_log "sanitizer build ($SSDBENCH_SANITIZE): ratios recorded above, not asserted"
  echo "PASS (ratios not asserted under $SSDBENCH_SANITIZE)"
  exit 0
fi
# Reads: [0.7, 1.4]. Writes: [0.7, 2.0] — with --refill_buffers fio generates fresh random data
# for every request on the CPU that also compresses the pages (zram), while the engine draws from
# a pool generated once; on 2 cores that alone has made fio's SEQ1M Q8T1 writes 1.5x slower.
best='max(x["mbps"] for x in r["runs"]["engine"]) / max(x["mbps"] for x in r["runs"]["fio"])'
ssdb_log "best-of-rounds MB/s ratios: $(ssdb_json "$J" "[(r['test'], r['rw'], round($best, 3)) for r in d['results']]")"
bad=$(ssdb_json "$J" "[(r['test'], r['rw'], round($best, 3)) for r in d['results'] if not 0.7 <= $best <= (1.4 if r['rw'] == 'read' else 2.0)]")
ssdb_assert_eq "$bad" "[]" "jobs whose best-of-rounds engine/fio MB/s ratio is outside [0.7, 1.4] (reads) or [0.7, 2.0] (writes)"
echo "PASS"
