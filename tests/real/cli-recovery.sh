#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SSD behaviours over time, on real kernel parts:
# - idle recovery: a loop device in RAM throttled by a cgroup v1 blkio group whose write limit
#   tests/lib/throttle-recovery.sh drops after a "cache" of 64 MiB and raises again, for 32 MiB
#   and then 48 MiB, each time the writer has been idle; `run recovery` must find the cliff and
#   measure each restored amount within 10 % of what the script restored;
# - consistency: 4 KiB random writes at QD32 on zram, IOPS per round and the SNIA PTS check;
#   with --precondition, the SNIA PTS preconditioning passes over the whole span first (their
#   bytes against zram's own written-sectors counter) and a cancel during them;
# - the refusals `run recovery` and `run consistency` share with every writing command.
# Charts are drawn with --png; both reports must load again (export --text reads them).
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$here/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir

# -- safety: a device needs --destroy-data naming it --------------------------------------------
ssdb_zram_create Z 64M
ssdb_cli norecovery run recovery "$Z" --write 8M --pauses 1s
ssdb_assert_rc 2 "run recovery on a device without --destroy-data"
ssdb_assert_contains "$SSDB_ERR" "--destroy-data $Z"
ssdb_cli noconsistency run consistency "$Z" --duration 1
ssdb_assert_rc 2 "run consistency on a device without --destroy-data"
ssdb_cli badpauses run recovery "$Z" --destroy-data "$Z" --pauses 1s,,2s
ssdb_assert_rc 2 "an empty pause"
ssdb_cli badround run consistency "$Z" --destroy-data "$Z" --duration 1 --round 2
ssdb_assert_rc 2 "a run shorter than a round"
ssdb_cli badprecondition run consistency "$Z" --destroy-data "$Z" --duration 1 --precondition 9
ssdb_assert_rc 2 "--precondition beyond 8 passes"
ssdb_assert_contains "$SSDB_ERR" "--precondition"
# every refusal names the target and the reason (the checks all writing commands share)
for cmd in recovery consistency; do
  ssdb_cli "nodestroy-$cmd" run "$cmd" "$Z"
  ssdb_assert_rc 2 "run $cmd on a device without --destroy-data"
  ssdb_assert_contains "$SSDB_ERR" "run $cmd overwrites data on $Z: name it with --destroy-data $Z"
  ssdb_cli "dirdestroy-$cmd" run "$cmd" "$SSDB_TMPDIR" --destroy-data "$Z"
  ssdb_assert_rc 2 "run $cmd --destroy-data on a directory"
  ssdb_assert_contains "$SSDB_ERR" "--destroy-data applies to block devices; $SSDB_TMPDIR is not one"
  : > "$SSDB_TMPDIR/plain"
  ssdb_cli "regular-$cmd" run "$cmd" "$SSDB_TMPDIR/plain"
  ssdb_assert_rc 2 "run $cmd on a regular file"
  ssdb_assert_contains "$SSDB_ERR" "$SSDB_TMPDIR/plain is a regular file"
  ssdb_cli "devsize-$cmd" run "$cmd" "$Z" --destroy-data "$Z" --size 16M
  ssdb_assert_rc 2 "run $cmd --size on a device"
  ssdb_assert_contains "$SSDB_ERR" "--size applies to a test file in a directory, not to $Z"
  ssdb_cli "oddsize-$cmd" run "$cmd" "$SSDB_TMPDIR" --size 1000000
  ssdb_assert_rc 2 "run $cmd with a test file that is not whole MiB"
  ssdb_assert_contains "$SSDB_ERR" "--size 1000000 bytes: a test file is a whole number of MiB"
done

# -- idle recovery on a throttled loop device -----------------------------------------------------
ssdb_loop_create L 256M 512 ram
ssdb_blkio_create G
# the fast part lasts 0.67 s: a phase must last 0.5 s to count (SSDB_FILL_MIN_PHASE_NS)
FAST=100000000 SLOW=25000000
J=$SSDB_TMPDIR/recovery.json
P=$SSDB_TMPDIR/recovery.png
"$here/../lib/throttle-recovery.sh" "$G" "$(ssdb_majmin "$L")" "${L#/dev/}" $FAST $SLOW 64 700 32 48 \
  > "$SSDB_TMPDIR/throttle.out" 2> "$SSDB_TMPDIR/throttle.err" &
throttle_pid=$!
ssdb_track_pid "$throttle_pid"
sleep 0.2
rc=0
ssdb_blkio_run "$G" "$SSDBENCH_CLI" run recovery "$L" --destroy-data "$L" --write 192M \
  --pauses 2s,3s --json "$J" --png "$P" > "$SSDB_TMPDIR/recovery.out" 2>&1 || rc=$?
cat "$SSDB_TMPDIR/recovery.out" >&2
ssdb_assert_eq "$rc" 0 "run recovery in the throttled group"
wait "$throttle_pid" || ssdb_fail "the throttle did not finish: $(cat "$SSDB_TMPDIR/throttle.err")"
ssdb_log "throttle: $(tr '\n' ' ' < "$SSDB_TMPDIR/throttle.out")"
[[ -s $P ]] || ssdb_fail "no recovery chart"

ssdb_assert_json "$J" 'd["tests"][0]["kind"] == "recovery" and len(d["tests"][0]["writes"]) == 3' \
  "three writes"
ssdb_assert_json "$J" 'all(w["complete"] and w["bytes"] == 192 << 20 for w in d["tests"][0]["writes"])' \
  "every write covers 192 MiB"
ssdb_assert_json "$J" '[w["pause_ns"] for w in d["tests"][0]["writes"]] == [0, 2000000000, 3000000000]' \
  "pauses recorded"
# the cliff: fast and slow rates of the first write near the limits
ssdb_assert_json "$J" '0.5 * 25e6 <= d["tests"][0]["slow_bytes_per_second"] <= 1.2 * 25e6' \
  "slow rate near the 25 MB/s limit"
ssdb_assert_json "$J" 'd["tests"][0]["fast_bytes_per_second"] >= 3 * d["tests"][0]["slow_bytes_per_second"]' \
  "fast rate well above the slow one"
# each write's fast part within 10 % of what the script let through fast
mapfile -t restored < <(sed -n 's/^cliff [0-9]* after //p' "$SSDB_TMPDIR/throttle.out")
[[ ${#restored[@]} -eq 3 ]] || ssdb_fail "the throttle reported ${#restored[@]} cliffs, not 3"
for i in 0 1 2; do
  got=$(ssdb_json "$J" "d['tests'][0]['writes'][$i]['fast_bytes']")
  ssdb_log "write $i: fast $got bytes measured, ${restored[$i]} bytes let through fast"
  ssdb_assert_json "$J" "abs(d['tests'][0]['writes'][$i]['fast_bytes'] - ${restored[$i]}) <= 0.1 * ${restored[$i]}" \
    "write $i: fast part within 10 % of ${restored[$i]} bytes"
done
# the share that came back, against the script's own amounts (about 32 and 48 of 64 MiB)
for i in 1 2; do
  ssdb_assert_json "$J" "abs(d['tests'][0]['writes'][$i]['restored_percent'] - 100 * ${restored[$i]} / ${restored[0]}) <= 10" \
    "write $i: restored share within 10 points of the script's"
done
ssdb_cli reload export "$J" --text -
ssdb_assert_not_contains "$SSDB_ERR" "tests["

# -- a cancel during an idle pause takes effect at once; the first write is kept -------------------
J=$SSDB_TMPDIR/cancelled.json
"$SSDBENCH_CLI" run recovery "$Z" --destroy-data "$Z" --write 16M --pauses 60s --json "$J" \
  > "$SSDB_TMPDIR/cancelled.out" 2>&1 &
cli_pid=$!
ssdb_track_pid "$cli_pid"
# wait until the first write is done and the pause has begun (zram writes 16 MiB in well under
# a second), then interrupt
sleep 3
t0=$(ssdb_now_ns)
kill -INT "$cli_pid"
rc=0
wait "$cli_pid" || rc=$?
ms=$((($(ssdb_now_ns) - t0) / 1000000))
ssdb_log "cancelled during the pause: exit status $rc after $ms ms"
ssdb_assert_eq "$rc" 130 "exit status of a run interrupted during its pause"
((ms < 2000)) || ssdb_fail "the cancel took $ms ms"
ssdb_assert_json "$J" 'd["tests"][0]["cancelled"] and len(d["tests"][0]["writes"]) == 1' \
  "the cancelled run keeps its first write"
ssdb_assert_json "$J" 'd["tests"][0]["writes"][0]["complete"]' "the first write is complete"

# -- a test file in a directory ------------------------------------------------------------------
ssdb_ext4_create E D 96M
ssdb_cli testfile run recovery "$D" --size 32M --pauses 0.2s --json "$SSDB_TMPDIR/file.json"
ssdb_assert_rc 0 "run recovery on a test file"
ssdb_assert_json "$SSDB_TMPDIR/file.json" 'd["tests"][0]["write_bytes"] == 32 << 20 and len(d["tests"][0]["writes"]) == 2' \
  "a test file is written whole, twice"

# -- the write size from a fill report: 1.5 x the cache it found (32 MiB there) -------------------
ssdb_cli cachefrom run recovery "$Z" --destroy-data "$Z" --pauses 0.1s \
  --cache-from "$here/../fixtures/reports/valid-surface-fill.json" --json "$SSDB_TMPDIR/cache.json"
ssdb_assert_rc 0 "run recovery --cache-from a fill report"
ssdb_assert_json "$SSDB_TMPDIR/cache.json" 'd["tests"][0]["write_bytes"] == 48 << 20' \
  "writes of 1.5 x the fill's cache"
ssdb_cli nocache run recovery "$Z" --destroy-data "$Z" --cache-from "$SSDB_TMPDIR/file.json"
ssdb_assert_rc 2 "--cache-from a report without a fill"
ssdb_assert_contains "$SSDB_ERR" "no fill"

# -- consistency on zram --------------------------------------------------------------------------
J=$SSDB_TMPDIR/consistency.json
P=$SSDB_TMPDIR/consistency.png
ssdb_cli consistency run consistency "$Z" --destroy-data "$Z" --duration 8 --json "$J" --png "$P"
ssdb_assert_rc 0 "run consistency on zram"
[[ -s $P ]] || ssdb_fail "no consistency chart"
ssdb_assert_json "$J" 'd["tests"][0]["kind"] == "consistency"' "a consistency test"
ssdb_assert_json "$J" '7 <= len(d["tests"][0]["rounds"]) <= 9' "one round per second of 8 s"
# zram at 4 KiB QD32 on this machine: far above a disk, far below a memory copy
ssdb_assert_json "$J" 'all(1000 <= r["iops"] <= 5e6 for r in d["tests"][0]["rounds"])' \
  "plausible IOPS in every round"
ssdb_assert_json "$J" 'abs(sum(r["ios"] for r in d["tests"][0]["rounds"]) - d["tests"][0]["ios"]) <= 0.2 * d["tests"][0]["ios"]' \
  "the rounds add up to the run"
# The last 20 % of the rounds analysed: a final round shorter than 90 % of a round (cut by the
# end of the run, as on a slow machine) is left out of them.
ssdb_assert_json "$J" 'd["tests"][0]["tail"]["rounds"] == max(1, ((len(d["tests"][0]["rounds"]) - (1 if len(d["tests"][0]["rounds"]) >= 2 and d["tests"][0]["rounds"][-1]["elapsed_ns"] - d["tests"][0]["rounds"][-2]["elapsed_ns"] < 0.9 * d["tests"][0]["round_ns"] else 0)) * 20 + 50) // 100)' \
  "the last 20 % of the rounds analysed"
ssdb_log "consistency: $(ssdb_json "$J" 'd["tests"][0]["words"]')"
# the device really received the writes: its counters (a fresh zram stores what was written)
used=$(awk '{print $2}' "/sys/block/${Z#/dev/}/mm_stat")
((used > 0)) || ssdb_fail "zram stored no data"
ssdb_cli reload2 export "$J" --text -
ssdb_assert_not_contains "$SSDB_ERR" "tests["

# -- SNIA PTS preconditioning: one pass of sequential 128 KiB writes over the whole span first ---
J=$SSDB_TMPDIR/precondition.json
zstat=/sys/block/${Z#/dev/}/stat
written_before=$(($(awk '{print $7}' "$zstat") * 512))
ssdb_cli precondition run consistency "$Z" --destroy-data "$Z" --duration 2 --precondition 1 \
  --json "$J"
ssdb_assert_rc 0 "run consistency --precondition 1 on zram"
written=$(($(awk '{print $7}' "$zstat") * 512 - written_before))
ssdb_assert_json "$J" 'd["tests"][0]["precondition_passes"] == 1' "one preconditioning pass"
ssdb_assert_json "$J" 'd["tests"][0]["precondition_bytes"] == d["tests"][0]["span_length"] == 64 << 20' \
  "the pass covers the whole 64 MiB span"
ssdb_assert_json "$J" '0 < d["tests"][0]["precondition_ns"] < 60e9' "the pass took a plausible time"
ssdb_assert_json "$J" '1 <= len(d["tests"][0]["rounds"]) <= 3' "rounds measured after it"
ssdb_log "zram counted $written bytes written; the report: $(ssdb_json "$J" \
  'd["tests"][0]["precondition_bytes"] + d["tests"][0]["bytes"]')"
ssdb_assert_json "$J" "$written >= d['tests'][0]['precondition_bytes'] + 0.9 * d['tests'][0]['bytes']" \
  "the device counted the preconditioning and the measured writes"
ssdb_assert_json "$J" 'd["tests"][0]["words"].startswith("After 1 preconditioning pass (67 MB written), steady state")' \
  "the words mention the preconditioning"
ssdb_assert_contains "$SSDB_OUT" "Preconditioning: 1 pass of sequential 128 KiB writes at QD32, 0.067 GB written"
ssdb_cli reload3 export "$J" --text -
ssdb_assert_rc 0 "the preconditioned report loads again"

# -- a cancel during the preconditioning takes effect at once; what it wrote is recorded ----------
ssdb_zram_create Z2 1G
J=$SSDB_TMPDIR/precondition-cancelled.json
# 8 passes of 1 GiB take seconds on zram (about 4 GB/s here); interrupt 0.3 s after the
# device's own counters show the first write
"$SSDBENCH_CLI" run consistency "$Z2" --destroy-data "$Z2" --duration 5 --precondition 8 \
  --json "$J" > "$SSDB_TMPDIR/precondition-cancelled.out" 2>&1 &
cli_pid=$!
ssdb_track_pid "$cli_pid"
for ((i = 0; i < 1000; i++)); do
  read -r -a f < "/sys/block/${Z2#/dev/}/stat"
  ((f[6] > 0)) && break
  sleep 0.01
done
((f[6] > 0)) || ssdb_fail "the preconditioning did not start within 10 s"
sleep 0.3
t0=$(ssdb_now_ns)
kill -INT "$cli_pid"
rc=0
wait "$cli_pid" || rc=$?
ms=$((($(ssdb_now_ns) - t0) / 1000000))
ssdb_log "cancelled during the preconditioning: exit status $rc after $ms ms"
ssdb_assert_eq "$rc" 130 "exit status of a run interrupted during its preconditioning"
((ms < 2000)) || ssdb_fail "the cancel took $ms ms"
ssdb_assert_json "$J" 'd["tests"][0]["cancelled"] and d["tests"][0]["rounds"] == []' \
  "the cancelled run has no rounds"
ssdb_assert_json "$J" '0 < d["tests"][0]["precondition_bytes"] < 8 * d["tests"][0]["span_length"]' \
  "the preconditioning written so far is recorded"
ssdb_assert_json "$J" 'd["tests"][0]["words"].startswith("The preconditioning stopped after ")' \
  "the words say the preconditioning stopped"
echo "PASS"
