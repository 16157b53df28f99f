#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The compression, read-after-write and TRIM verdicts against targets whose answer is known,
# made of real kernel parts:
#   target                        truth                                   asserted
#   zram                          compresses what it stores (zeros are    compression: found, zeros
#                                 kept as a flag, not as pages)           at least 2× random data
#   loop device over a file in    stores every byte as it comes; reads    compression, read after
#   tmpfs (RAM)                   do not depend on how data was written;  write, TRIM: never "found";
#                                 nothing slows after filling             the verdict names the noise
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
}

ssdb_zram_create Z 256M
ssdb_loop_create L 256M 4096 ram

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

  # -- TRIM: RAM does not slow after filling and deleting -------------------------------------
  J=$SSDB_TMPDIR/ram-trim-$run.json
  ssdb_cli "ram-trim-$run" run trim "$L" --destroy-data "$L" --span 0:64M --rounds 2 \
    --tests "SEQ1M Q8T1,RND4K Q32T1" --test-size 16M --duration 0.2 --json "$J"
  ssdb_assert_rc 0 "run trim on RAM (run $run)"
  check "RAM TRIM run $run"
  ssdb_assert_json "$J" "$T['verdict'] != 'found'" "RAM: no loss found after TRIM"
  ssdb_assert_json "$J" "all(r['before_spread_percent'] >= 0 and r['after_spread_percent'] >= 0 for r in $T['results'])" \
    "the spreads of three summary passes are measured"
done
