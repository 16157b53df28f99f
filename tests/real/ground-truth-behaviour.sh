#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The compression, read-after-write, TRIM and free-space verdicts against targets whose answer
# is known,
# made of real kernel parts:
#   target                        truth                                   asserted
#   zram                          compresses what it stores (zeros are    compression: found, zeros
#                                 kept as a flag, not as pages)           at least 2× random data
#   loop device over a file in    stores every byte as it comes; reads    compression, read after
#   tmpfs (RAM)                   do not depend on how data was written;  write, TRIM, free space:
#                                 nothing slows after filling or as it    never "found"; the verdict
#                                 fills                                   names the noise
#   the same loop device, reads   data written by pass 2 reads at a       read after write: found,
#   limited to 40 MB/s and to 10  quarter of the rate of data written by  75 % slower (within 10
#   MB/s once pass 2 writes       pass 1                                  points)
#   (tests/lib/throttle-after.sh)
#   the same loop device, writes  every write test keeps 50 % of its      TRIM: found; writes keep
#   limited to 40 MB/s and to 20  speed, reads 100 %                      50 % (within 10 points),
#   MB/s after the first discard                                          reads at least 85 %
#   the same loop device, reads   reads slow by 10 MB/s per quarter of    free space: found, each
#   limited to 80 MB/s, then 70,  the span filled; writes do not          step's reads within 10 %
#   60, 50, 40 as it fills                                                of the limit
#   a loop device over faultfs,   free space: as the two above            free space: never found
#   every request 0 to 2 ms late                                          alone; found, each step
#   at random, alone and with                                             within 10 %, when
#   the slowing reads                                                     throttled
# Each runs several times (SSDB_GROUND_TRUTH_RUNS, 2): the machine is loaded, and no run may
# state a finding the target does not have.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$here/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir
RUNS=${SSDB_GROUND_TRUTH_RUNS:-2}
T='d["tests"][0]'

# check NAME: logs the verdict of report $J and checks that its words are printed.
check ()
{
  ssdb_log "$1: $(ssdb_json "$J" "$T['verdict']"): $(ssdb_json "$J" "$T['words']")"
  grep -qF "$(ssdb_json "$J" "$T['words']")" "$SSDB_OUT" || ssdb_fail "$1: the words are not printed"
  ssdb_assert_json "$J" "$T['verdict'] in ('found', 'no-effect', 'inconclusive')" "$1: a verdict"
  "$SSDB_PYTHON" "$here/../lib/words-match.py" "$SSDBENCH_CLI" "$J" >&2 ||
    ssdb_fail "$1: a figure of the words is not in the table"
}

ssdb_zram_create Z 256M
ssdb_loop_create L 256M 4096 ram
# The free-space cases with random delays: a loop device over ssdbench-faultfs (when it was
# built) whose every request is answered 0 to 2 ms late, uniformly at random.
F=
if (ssdb_find_faultfs) 2> /dev/null; then
  ssdb_faultfs_create F 256M 4096
  ssdb_faultfs_ctl delay rw 0 $((256 * 1048576)) 0 2000
fi
THROTTLE=$here/../lib/throttle-after.sh
# The found cases need cgroup v1 blkio throttling; without it only they are skipped.
G=
if [[ -e $SSDB_BLKIO_ROOT/blkio.throttle.read_bps_device ]]; then
  ssdb_blkio_create G
else
  ssdb_log "cgroup v1 blkio throttling is not available at $SSDB_BLKIO_ROOT: the found cases are skipped"
fi

# throttled NAME RUN R1 W1 EVENT COUNT R W [COUNT R W]... -- ARGS...: runs the CLI with ARGS in
# group $G while tests/lib/throttle-after.sh changes the limits of $DEV (default $L) from R1/W1
# to R/W after each COUNT of the event.
throttled ()
{
  local name=$1 run=$2 r1=$3 w1=$4 event=$5 dev=${DEV:-$L} pid rc=0 changes=()
  shift 5
  while [[ $1 != -- ]]; do
    changes+=("$1")
    shift
  done
  shift
  SSDB_OUT=$SSDB_TMPDIR/${name// /-}-$run.out SSDB_ERR=$SSDB_TMPDIR/${name// /-}-$run.err
  "$THROTTLE" "$G" "$(ssdb_majmin "$dev")" "${dev#/dev/}" "$r1" "$w1" "$event" "${changes[@]}" \
    > "$SSDB_TMPDIR/throttle.out" 2> "$SSDB_TMPDIR/throttle.err" &
  pid=$!
  ssdb_track_pid "$pid"
  # the throttle reads the device's counters before the run starts
  sleep 0.2
  ssdb_blkio_run "$G" "$SSDBENCH_CLI" "$@" > "$SSDB_OUT" 2> "$SSDB_ERR" || rc=$?
  cat "$SSDB_OUT" >&2
  ssdb_assert_eq "$rc" 0 "$name (run $run)"
  wait "$pid" || ssdb_fail "$name: the throttle did not change: $(cat "$SSDB_TMPDIR/throttle.err")"
  ssdb_log "$name: $(tr '\n' ';' < "$SSDB_TMPDIR/throttle.out")"
  # nothing limited for what follows
  ssdb_blkio_limit "$G" "$dev" 0 0 0 0
}

for ((run = 1; run <= RUNS; run++)); do
  # -- compression: zram compresses, RAM does not -------------------------------------------
  J=$SSDB_TMPDIR/zram-compression-$run.json
  ssdb_cli "zram-compression-$run" run compression "$Z" --destroy-data "$Z" --span 0:64M --json "$J"
  ssdb_assert_rc 0 "run compression on zram (run $run)"
  check "zram compression run $run"
  ssdb_assert_json "$J" "$T['verdict'] == 'found' and $T['compresses']" "zram: compression found"
  ssdb_assert_json "$J" "$T['zero_write_ratio'] >= 2" "zram: zeros at least 2× random data"
  ssdb_assert_json "$J" "all(len(l['write_passes']) == 3 == len(l['read_passes']) for l in $T['levels'])" \
    "three passes kept per level"
  ssdb_assert_json "$J" "0 <= $T['noise'] < 1" "the spread between passes is measured"

  J=$SSDB_TMPDIR/ram-compression-$run.json
  ssdb_cli "ram-compression-$run" run compression "$L" --destroy-data "$L" --span 0:64M --json "$J"
  ssdb_assert_rc 0 "run compression on RAM (run $run)"
  check "RAM compression run $run"
  ssdb_assert_json "$J" "$T['verdict'] != 'found' and not $T['compresses']" \
    "RAM: no compression found"

  # -- read after write: RAM reads what it holds at the same speed, however written ----------
  J=$SSDB_TMPDIR/ram-readback-$run.json
  ssdb_cli "ram-readback-$run" run readback "$L" --destroy-data "$L" --span 0:128M --json "$J"
  ssdb_assert_rc 0 "run readback on RAM (run $run)"
  check "RAM read after write run $run"
  ssdb_assert_json "$J" "$T['verdict'] != 'found'" "RAM: no read-after-write difference found"
  ssdb_assert_json "$J" "all(len(p['segments']) >= 4 for p in $T['passes'] if p['rw'] == 'read')" \
    "the reads' segments are kept"
  ssdb_assert_json "$J" "$T['noise_percent'] >= 0" "the reads' scatter is measured"
  ssdb_assert_json "$J" "$T['repeat_percent'] >= 0" "each pass's data is read twice, and the two reads compared"

  # -- TRIM: RAM does not slow after filling and deleting -------------------------------------
  J=$SSDB_TMPDIR/ram-trim-$run.json
  ssdb_cli "ram-trim-$run" run trim "$L" --destroy-data "$L" --span 0:64M --rounds 2 \
    --tests "SEQ1M Q8T1,RND4K Q32T1" --test-size 16M --duration 0.2 --json "$J"
  ssdb_assert_rc 0 "run trim on RAM (run $run)"
  check "RAM TRIM run $run"
  ssdb_assert_json "$J" "$T['verdict'] != 'found'" "RAM: no loss found after TRIM"
  ssdb_assert_json "$J" "all(r['before_spread_percent'] >= 0 and r['after_spread_percent'] >= 0 for r in $T['results'])" \
    "the spreads of three summary passes are measured"

  # -- free space: RAM does not slow as it fills --------------------------------------------------
  J=$SSDB_TMPDIR/ram-freespace-$run.json
  ssdb_cli "ram-freespace-$run" run freespace "$L" --destroy-data "$L" --span 0:64M --step 25 \
    --tests "SEQ1M Q8T1" --test-size 8M --duration 0.3 --json "$J"
  ssdb_assert_rc 0 "run freespace on RAM (run $run)"
  check "RAM free space run $run"
  ssdb_assert_json "$J" "$T['verdict'] != 'found'" "RAM: no slowing as it fills found"
  ssdb_assert_json "$J" "len($T['steps']) == 5" "steps at 0, 25, 50, 75 and 100 % used"

  [[ -n $G ]] || continue
  # -- read after write, found: reads slow to a quarter once pass 2 overwrites the span ---------
  # 64 MiB written by pass 1, then 8 more into pass 2's write. A loss of 75 %: found while the
  # reads of a 2-core machine under load scatter from place to place by up to 25 % (the verdict
  # needs three times the scatter; at half speed a scatter of 17 % left it inconclusive at 51 %,
  # as it should).
  J=$SSDB_TMPDIR/quartered-readback-$run.json
  throttled "quartered read after write" "$run" 40000000 0 written 72 10000000 0 -- \
    run readback "$L" --destroy-data "$L" --span 0:64M --json "$J"
  check "quartered read after write run $run"
  ssdb_assert_json "$J" "$T['verdict'] == 'found'" "quartered reads: a read-after-write difference found"
  ssdb_assert_json "$J" "-85 <= $T['difference_percent'] <= -65" \
    "quartered reads: 75 % slower, within 10 points"
  ssdb_assert_contains "$SSDB_OUT" "% slower than data written by pass 1"

  # -- TRIM, found: writes slow to a quarter after the first discard ------------------------------
  # A loss of 75 %: found while the passes of a 2-core machine under load scatter by up to 25 %
  # (the verdict needs three times the scatter; at half speed a scatter of 17 % left it
  # inconclusive, as it should).
  J=$SSDB_TMPDIR/quartered-trim-$run.json
  throttled "quartered TRIM" "$run" 80000000 40000000 discards 1 80000000 10000000 -- \
    run trim "$L" --destroy-data "$L" --span 0:64M --rounds 2 --tests "SEQ1M Q8T1,RND4K Q32T1" \
    --test-size 16M --duration 1 --json "$J"
  check "quartered TRIM run $run"
  ssdb_log "quartered TRIM spreads: $(ssdb_json "$J" "[(r['name'], r['rw'], round(r['before_spread_percent']), round(r['after_spread_percent'])) for r in $T['results']]")"
  ssdb_assert_json "$J" "$T['verdict'] == 'found'" "quartered writes: a loss after TRIM found"
  ssdb_assert_json "$J" "all(15 <= r['retention_percent'] <= 35 for r in $T['results'] if r['rw'] == 'write')" \
    "quartered writes: each write test keeps 25 %, within 10 points"
  ssdb_assert_json "$J" "all(r['retention_percent'] >= 85 for r in $T['results'] if r['rw'] == 'read')" \
    "quartered writes: the reads keep their speed"
  ssdb_assert_json "$J" "15 <= $T['min_retention_percent'] <= 35" "the lowest retention is a write's"

  # -- free space, found: reads slow by 10 MB/s for each quarter of the span filled ---------------
  # Written by the run, in MiB, as the device counted it: each summary prepares its 8 MiB and
  # its write test writes about 17 at 10 MB/s, each step fills 16: its reads start once 8, 49,
  # 90, 131 and 172 MiB are written. The limit drops halfway between them: 80, 70, 60, 50, then
  # 40 MB/s.
  J=$SSDB_TMPDIR/slowing-freespace-$run.json
  throttled "slowing free space" "$run" 80000000 10000000 written 28 70000000 10000000 \
    69 60000000 10000000 110 50000000 10000000 151 40000000 10000000 -- \
    run freespace "$L" --destroy-data "$L" --span 0:64M --step 25 --tests "SEQ1M Q8T1" \
    --test-size 8M --duration 1 --json "$J"
  check "slowing free space run $run"
  ssdb_log "slowing free space reads: $(ssdb_json "$J" "[round(s['rates'][0]['bytes_per_second'] / 1e6, 1) for s in $T['steps']]")"
  ssdb_assert_json "$J" "$T['verdict'] == 'found'" "slowing reads: found"
  ssdb_assert_json "$J" "all(abs(s['rates'][0]['bytes_per_second'] - (80 - 10 * i) * 1e6) <= 0.1 * (80 - 10 * i) * 1e6 for i, s in enumerate($T['steps']))" \
    "each step reads at its limit, within 10 %"
  ssdb_assert_contains "$SSDB_OUT" "SEQ1M Q8T1 read runs at" "this device slows down as it fills"
  ssdb_assert_json "$J" "all(abs(s['rates'][1]['bytes_per_second'] - 10e6) <= 1.5e6 for s in $T['steps'])" \
    "the writes keep their 10 MB/s"

  [[ -n $F ]] || continue
  # -- free space with random delays: no slowdown is never found --------------------------------
  J=$SSDB_TMPDIR/noisy-freespace-$run.json
  ssdb_cli "noisy-freespace-$run" run freespace "$F" --destroy-data "$F" --span 0:64M --step 25 \
    --tests "SEQ1M Q8T1" --test-size 8M --duration 1 --json "$J"
  ssdb_assert_rc 0 "run freespace with random delays (run $run)"
  check "noisy free space run $run"
  ssdb_assert_json "$J" "$T['verdict'] != 'found'" "random delays alone: no slowdown found"

  # -- free space with random delays, found: the same slowing profile as above -------------------
  [[ -n $G ]] || continue
  J=$SSDB_TMPDIR/noisy-slowing-freespace-$run.json
  DEV=$F throttled "noisy slowing free space" "$run" 80000000 10000000 written 28 70000000 \
    10000000 69 60000000 10000000 110 50000000 10000000 151 40000000 10000000 -- \
    run freespace "$F" --destroy-data "$F" --span 0:64M --step 25 --tests "SEQ1M Q8T1" \
    --test-size 8M --duration 1 --json "$J"
  check "noisy slowing free space run $run"
  ssdb_log "noisy slowing free space reads: $(ssdb_json "$J" "[round(s['rates'][0]['bytes_per_second'] / 1e6, 1) for s in $T['steps']]")"
  ssdb_assert_json "$J" "$T['verdict'] == 'found'" "slowing reads with random delays: found"
  ssdb_assert_json "$J" "all(abs(s['rates'][0]['bytes_per_second'] - (80 - 10 * i) * 1e6) <= 0.1 * (80 - 10 * i) * 1e6 for i, s in enumerate($T['steps']))" \
    "with random delays, each step reads at its limit, within 10 %"
done
if [[ -n $F ]]; then
  delayed=$(ssdb_faultfs_stat delayed)
  ssdb_log "random delays: $delayed requests answered late"
  ((delayed > 1000)) || ssdb_fail "the noisy device delayed only $delayed requests"
fi
