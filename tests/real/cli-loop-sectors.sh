#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Loop devices with 512- and 4096-byte sectors: jobs use the right alignment on each, and a
# transfer smaller than the logical block size is refused naming both sizes.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_loop_create L512 64M 512
ssdb_loop_create L4K 64M 4096
ssdb_tmpdir

for dev in "$L512" "$L4K"; do
  lbs=$(blockdev --getss "$dev")
  for rw in write read; do
    J=$SSDB_TMPDIR/job-${dev#/dev/}-$rw.json
    ssdb_cli job run job "$dev" --rw "$rw" --access rand --bs 4K --qd 4 --threads 2 --size 32M \
      --duration 1 --destroy-data "$dev" --json "$J"
    ssdb_assert_rc 0 "4 KiB random $rw on $dev"
    ssdb_assert_json "$J" "d['target']['logical_block_size'] == $lbs and d['target']['dio_offset_align'] == $lbs" \
      "block sizes of $dev"
    ssdb_assert_json "$J" "len(d['tests']) == 1 and d['tests'][0]['name'] == 'job' and d['tests'][0]['state'] == 'done'" \
      "one job done"
    ssdb_assert_json "$J" "d['tests'][0]['rw'] == '$rw' and d['tests'][0]['block_size'] == 4096 and d['tests'][0]['threads'] == 2" \
      "job settings"
    ssdb_assert_json "$J" "d['tests'][0]['${rw}_ios'] > 0 and d['tests'][0]['device_bytes']['reached_device']" \
      "I/O reached $dev"
  done
done

# 512-byte transfers: fine on 512-byte sectors ...
ssdb_cli bs512 run job "$L512" --bs 512 --access rand --size 16M --duration 1 --json "$SSDB_TMPDIR/bs512.json"
ssdb_assert_rc 0 "512-byte reads on $L512"
ssdb_assert_json "$SSDB_TMPDIR/bs512.json" "d['tests'][0]['block_size'] == 512 and d['tests'][0]['iops'] > 0" \
  "512-byte job"
# ... refused before the run, as a usage error naming both sizes, on 4096-byte sectors
ssdb_cli bs512-4k run job "$L4K" --bs 512 --size 16M --duration 1
ssdb_assert_rc 2 "512-byte reads on $L4K"
ssdb_assert_contains "$SSDB_ERR" "512" "4096" "$L4K" "logical block size"
ssdb_log "refusal: $(cat "$SSDB_ERR")"
# not even a partial output
[[ ! -s $SSDB_OUT ]] || ssdb_fail "output on a refused job: $(cat "$SSDB_OUT")"
echo "PASS"
