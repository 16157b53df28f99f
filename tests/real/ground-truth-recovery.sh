#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The idle-recovery verdict against targets whose answer is known, made of real kernel parts: a
# loop device in RAM throttled by a cgroup v1 blkio group.
#   profile          truth                                      asserted
#   refill by rate   50 MB/s for a 64 MiB cache, then 12.5 MB/s;  found: the cliff; after each
#                    idle, the cache comes back at 16 MiB per   pause the fast part within 10 %
#                    second of idle time, up to 64 MiB           of what the throttle let
#                    (tests/lib/throttle-recovery.sh rate=16)   through fast, and the restored
#                                                               share within 10 points of 16
#                                                               MiB/s × the idle time measured
#   the same, each   as above, on a zeroed 640 MiB device; the  as above; each write's data is
#   write on the     4 writes of 128 MiB one after the other    where the next span is, and
#   next span        (--next-span)                              nothing past the fourth
#   the same, with   as above, every write also answered 0 to   as above (the throttle's limits
#   random delays    2 ms late at random (a loop device over    decide; the delays add scatter
#                    tests/fault/ssdbench-faultfs)              to every segment)
#   no cache         50 MB/s throughout, without and with the   never "found"; the words say
#                    random delays                              there is no cliff to recover
# The throttle takes 1 s without a write for a pause (every pause is longer), and its rates are
# low enough for its 100 ms time slices to average out within a phase.
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
M=1048576
CACHE_MIB=64 RATE_MIB=16

ssdb_loop_create L 256M 512 ram
ssdb_loop_create N 640M 512 ram
ssdb_blkio_create G
# The noisy profile's device: a loop device over ssdbench-faultfs (when it was built) whose
# every write is answered 0 to 2 ms late, uniformly at random, besides the throttle.
F=
if (ssdb_find_faultfs) 2> /dev/null; then
  ssdb_faultfs_create F 256M
  ssdb_faultfs_ctl delay write 0 $((256 * M)) 0 2000
fi

# refill NAME DEV RUN [CACHE_MIB RATE_MIB WRITE ARGS...]: the refill-by-rate profile on DEV
# (throttled through the group $G): a cache of CACHE_MIB [64] refilling at RATE_MIB [16] per
# second of idle time, written WRITE [128M] at a time; ARGS go to run recovery.
refill ()
{
  local name=$1 dev=$2 run=$3 J out pid rc i model
  local CACHE_MIB=${4:-$CACHE_MIB} RATE_MIB=${5:-$RATE_MIB} write=${6:-128M}
  shift $(($# < 6 ? $# : 6))
  J=$SSDB_TMPDIR/$name-$run.json
  out=$SSDB_TMPDIR/$name-$run.throttle
  "$here/../lib/throttle-recovery.sh" "$G" "$(ssdb_majmin "$dev")" "${dev#/dev/}" 50000000 12500000 \
    $CACHE_MIB 1000 rate=$RATE_MIB rate=$RATE_MIB rate=$RATE_MIB > "$out" 2> "$out.err" &
  pid=$!
  ssdb_track_pid "$pid"
  sleep 0.2
  rc=0
  ssdb_blkio_run "$G" "$SSDBENCH_CLI" run recovery "$dev" --destroy-data "$dev" --write "$write" \
    --pauses 1.5s,3s,8s "$@" --json "$J" > "$SSDB_TMPDIR/$name-$run.txt" 2>&1 || rc=$?
  cat "$SSDB_TMPDIR/$name-$run.txt" >&2
  ssdb_assert_eq "$rc" 0 "run recovery, refill by rate ($name, run $run)"
  wait "$pid" || ssdb_fail "the throttle did not finish: $(cat "$out.err")"
  ssdb_log "$name run $run: $(tr '\n' ' ' < "$out")"
  ssdb_log "$name run $run: $(ssdb_json "$J" "$T['analysis']['verdict']"): $(ssdb_json "$J" "$T['words']")"
  grep -qF "$(ssdb_json "$J" "$T['words']")" "$SSDB_TMPDIR/$name-$run.txt" ||
    ssdb_fail "$name run $run: the words are not printed"
  "$SSDB_PYTHON" "$here/../lib/words-match.py" "$SSDBENCH_CLI" "$J" >&2 ||
    ssdb_fail "$name run $run: a figure of the words is not in the table"
  ssdb_assert_json "$J" "$T['analysis']['verdict'] == 'found'" "$name: the cliff is found"
  ssdb_assert_json "$J" "$T['words'].startswith('Found a cache cliff')" "$name: the words say so"
  mapfile -t fast < <(sed -n 's/^cliff [0-9]* after //p' "$out")
  mapfile -t idle < <(sed -n 's/^restored [0-9]* after \([0-9]*\) ms idle.*/\1/p' "$out")
  [[ ${#fast[@]} -eq 4 && ${#idle[@]} -eq 3 ]] ||
    ssdb_fail "the throttle reported ${#fast[@]} cliffs and ${#idle[@]} refills, not 4 and 3"
  ssdb_assert_json "$J" "abs($T['analysis']['cache_bytes'] - ${fast[0]}) <= 0.05 * ${fast[0]}" \
    "$name: the cache within 5 % of the ${fast[0]} bytes let through fast"
  for i in 1 2 3; do
    model=$(((RATE_MIB * M * idle[i - 1] / 1000) > CACHE_MIB * M ? CACHE_MIB * M : RATE_MIB * M * idle[i - 1] / 1000))
    ssdb_log "$name run $run, write $i: fast $(ssdb_json "$J" "$T['writes'][$i]['fast_bytes']") bytes," \
      "${fast[i]} let through fast; restored $(ssdb_json "$J" "round($T['writes'][$i]['restored_percent'], 1)") %," \
      "the rate gives $((100 * model / (CACHE_MIB * M))) % after ${idle[i - 1]} ms idle"
    ssdb_assert_json "$J" "abs($T['writes'][$i]['fast_bytes'] - ${fast[i]}) <= 0.1 * ${fast[i]}" \
      "$name write $i: the fast part within 10 % of what the throttle let through"
    ssdb_assert_json "$J" "abs($T['writes'][$i]['restored_percent'] - 100 * $model / ($CACHE_MIB * $M)) <= 10" \
      "$name write $i: the restored share within 10 points of $RATE_MIB MiB/s × ${idle[i - 1]} ms"
  done
}

# nocache NAME DEV RUN: 50 MB/s throughout on DEV.
nocache ()
{
  local name=$1 dev=$2 run=$3 J rc
  J=$SSDB_TMPDIR/$name-$run.json
  ssdb_blkio_limit "$G" "$dev" 0 50000000 0 0
  rc=0
  ssdb_blkio_run "$G" "$SSDBENCH_CLI" run recovery "$dev" --destroy-data "$dev" --write 96M \
    --pauses 1s --json "$J" > "$SSDB_TMPDIR/$name-$run.txt" 2>&1 || rc=$?
  cat "$SSDB_TMPDIR/$name-$run.txt" >&2
  ssdb_assert_eq "$rc" 0 "run recovery, no cache ($name, run $run)"
  ssdb_blkio_limit "$G" "$dev" 0 0 0 0
  ssdb_log "$name run $run: $(ssdb_json "$J" "$T['analysis']['verdict']"): $(ssdb_json "$J" "$T['words']")"
  "$SSDB_PYTHON" "$here/../lib/words-match.py" "$SSDBENCH_CLI" "$J" >&2 ||
    ssdb_fail "$name run $run: a figure of the words is not in the table"
  ssdb_assert_json "$J" "$T['analysis']['verdict'] != 'found'" "$name: no cliff found"
  ssdb_assert_json "$J" "not $T['words'].startswith('Found')" "$name: the words find nothing"
  ssdb_assert_json "$J" "$T['words'].startswith(('No effect', 'Inconclusive'))" \
    "$name: the words name their verdict"
}

# nonzero DEV MIB: whether the MiB at MIB MiB of DEV holds anything but zeros.
nonzero ()
{
  ! cmp -s -n $M <(dd if="$1" bs=$M skip="$2" count=1 iflag=direct status=none) /dev/zero
}

for ((run = 1; run <= RUNS; run++)); do
  # -- refill by rate -------------------------------------------------------------------------
  refill refill "$L" "$run"
  # -- the same, each write on the next span: 4 writes of 128 MiB from byte 0 of the zeroed
  # device, each on its own 128 MiB ----------------------------------------------------------
  dd if=/dev/zero of="$N" bs=$M count=640 oflag=direct status=none
  refill next-span "$N" "$run" "$CACHE_MIB" "$RATE_MIB" 128M --next-span
  ssdb_assert_json "$SSDB_TMPDIR/next-span-$run.json" "$T['next_span'] is True" \
    "next span: recorded in the report"
  for mib in 0 127 128 255 256 383 384 511; do
    nonzero "$N" $mib || ssdb_fail "next span run $run: nothing written at $mib MiB"
  done
  for mib in 512 639; do
    nonzero "$N" $mib && ssdb_fail "next span run $run: written at $mib MiB, past the 4 writes"
  done
  # -- the same with random delays: every write answered up to 2 ms late at random -------------
  if [[ -n $F ]]; then
    refill noisy "$F" "$run"
  fi

  # -- no cache, without and with random delays ------------------------------------------------
  nocache nocache "$L" "$run"
  if [[ -n $F ]]; then
    nocache noisy-nocache "$F" "$run"
  fi
done
if [[ -n $F ]]; then
  delayed=$(ssdb_faultfs_stat delayed)
  ssdb_log "random delays: $delayed writes answered late"
  # Each run writes 512 + 192 MiB there in requests of at most 1 MiB: at least half as many
  # delayed requests as MiB written, whatever the request size.
  ((delayed >= RUNS * (512 + 192) / 2)) || ssdb_fail "the noisy device delayed only $delayed writes"
fi
