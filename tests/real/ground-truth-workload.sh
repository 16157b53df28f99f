#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The workload's reads and writes apart, against answers known from outside the engine:
#   target                      truth                                  asserted
#   zram, Database preset       fio runs the same job (the engine's    read and write IOPS and
#   (8 KiB, 67 % reads,         fio command) and reports its reads     mean response times within
#   random, QD32, 1 worker)     and writes apart                       [0.7, 1.4] x fio's (best
#                                                                      round of 2 each); the reads'
#                                                                      share within 2 points
#   a loop device in RAM whose  reads at 2000 IOPS, as many writes     reads within 15 % of 2000
#   reads a blkio group limits  (each request reads or writes at       IOPS, writes within 20 % of
#   to 2000 IOPS, writes free;  random); the reads wait in the         the reads; the reads' mean
#   4 KiB, 50 % reads, random,  throttle, the writes do not            response time at least 10x
#   QD8, 1 worker                                                      the writes'
# Every report: the reads and the writes add up to the whole, in each worker and the total.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$here/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir
T='d["tests"][0]'

# check NAME: the reads and the writes of report $J add up to the whole.
check ()
{
  ssdb_assert_json "$J" "all(s['read']['bytes'] + s['write']['bytes'] == s['bytes'] and abs(s['read']['iops'] + s['write']['iops'] - s['iops']) <= 1e-6 * s['iops'] for s in $T['workers'] + [$T['total']])" \
    "$1: the reads and the writes add up to the whole"
  ssdb_log "$1: reads $(ssdb_json "$J" "(round($T['total']['read']['iops']), round($T['total']['read']['latency_ns']['mean'] / 1e3, 1))") IOPS and µs, writes $(ssdb_json "$J" "(round($T['total']['write']['iops']), round($T['total']['write']['latency_ns']['mean'] / 1e3, 1))")"
}

# -- zram against fio -------------------------------------------------------------------------
if command -v fio > /dev/null; then
  ssdb_zram_create Z 256M
  ssdb_fill_random "$Z"
  for run in 1 2; do
    J=$SSDB_TMPDIR/zram-$run.json
    ssdb_cli "zram-$run" run workload "$Z" --destroy-data "$Z" --preset database --workers 1 \
      --duration 2 --ramp 0.5 --json "$J"
    ssdb_assert_rc 0 "run workload on zram (round $run)"
    check "zram round $run"
    grep -q "^  Writes " "$SSDB_OUT" || ssdb_fail "the table has no Writes row"
    # fio runs the engine's own fio command, with its JSON output
    cmd=$(ssdb_json "$J" "$T['fio_command']")
    eval "$cmd --output-format=json" > "$SSDB_TMPDIR/fio-$run.json" 2> "$SSDB_TMPDIR/fio-$run.err" ||
      ssdb_fail "fio failed: $(cat "$SSDB_TMPDIR/fio-$run.err")"
  done
  "$SSDB_PYTHON" - "$SSDB_TMPDIR" "${SSDBENCH_SANITIZE:-none}" << 'PY' || ssdb_fail "the engine's reads and writes do not agree with fio's"
import json, os, sys
d, sanitize = sys.argv[1], sys.argv[2]
def best(values):
    return max(values)
engine = [json.load(open(os.path.join(d, "zram-%d.json" % i)))["tests"][0]["total"] for i in (1, 2)]
fio = [json.load(open(os.path.join(d, "fio-%d.json" % i)))["jobs"][0] for i in (1, 2)]
ok = True
for rw in ("read", "write"):
    iops = best(e[rw]["iops"] for e in engine) / best(f[rw]["iops"] for f in fio)
    # the fastest mean response time of each side's rounds
    lat = min(e[rw]["latency_ns"]["mean"] for e in engine) / min(f[rw]["lat_ns"]["mean"] for f in fio)
    print("%s: IOPS engine/fio %.3f, mean response time engine/fio %.3f" % (rw, iops, lat))
    if sanitize == "none" and not (0.7 <= iops <= 1.4 and 0.7 <= lat <= 1.4):
        ok = False
share_e = engine[0]["read_ios"] / engine[0]["ios"]
share_f = fio[0]["read"]["total_ios"] / (fio[0]["read"]["total_ios"] + fio[0]["write"]["total_ios"])
print("reads' share: engine %.3f, fio %.3f" % (share_e, share_f))
if abs(share_e - share_f) > 0.02:
    ok = False
sys.exit(0 if ok else 1)
PY
else
  ssdb_log "fio is not installed: the comparison with fio is skipped"
fi

# -- reads throttled, writes free ---------------------------------------------------------------
ssdb_loop_create L 256M 4096 ram
ssdb_fill_random "$L"
ssdb_blkio_create G
ssdb_blkio_limit "$G" "$L" 0 0 2000 0
S=$SSDB_TMPDIR/mix.ini
printf '[Half]\nSizes=4k/100\nReadPercent=50\nRandomPercent=100\nQueueDepth=8\nWorkers=1\nRamp=0.5\nDuration=3\n' > "$S"
for run in 1 2; do
  J=$SSDB_TMPDIR/throttled-$run.json
  SSDB_OUT=$SSDB_TMPDIR/throttled-$run.out
  rc=0
  ssdb_blkio_run "$G" "$SSDBENCH_CLI" run workload "$L" --destroy-data "$L" --spec "$S" \
    --json "$J" > "$SSDB_OUT" 2>&1 || rc=$?
  cat "$SSDB_OUT" >&2
  ssdb_assert_eq "$rc" 0 "run workload with throttled reads (round $run)"
  check "throttled reads round $run"
  ssdb_assert_json "$J" "1700 <= $T['total']['read']['iops'] <= 2300" \
    "throttled reads: the reads at 2000 IOPS, within 15 %"
  ssdb_assert_json "$J" "abs($T['total']['write']['iops'] - $T['total']['read']['iops']) <= 0.2 * $T['total']['read']['iops']" \
    "throttled reads: as many writes as reads, within 20 %"
  ssdb_assert_json "$J" "$T['total']['read']['latency_ns']['mean'] >= 10 * $T['total']['write']['latency_ns']['mean']" \
    "throttled reads: the reads wait, the writes do not"
done
ssdb_blkio_limit "$G" "$L" 0 0 0 0
echo "PASS"
