#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `list` shows the test devices with their size and whether writing is allowed (and why not);
# `info` reads the same facts; bad usage exits 2 naming the culprit; a missing target exits 1
# naming it.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_zram_create Z 48M
ssdb_loop_create L 24M 4096
LFILE=$SSDB_LOOP_FILE
ssdb_ext4_create M MNT 40M
ssdb_tmpdir

ssdb_cli listjson list --json
ssdb_assert_rc 0 "list --json"
J=$SSDB_OUT
ssdb_assert_json "$J" "[x for x in d['devices'] if x['path'] == '$Z'] == [x for x in d['devices'] if x['name'] == '${Z#/dev/}']" \
  "$Z listed once"
ssdb_assert_json "$J" "[(x['size_bytes'], x['logical_block_size'], x['rotational'], x['write_allowed'], x['write_refusal'], x['transport']) for x in d['devices'] if x['path'] == '$Z'] == [(50331648, 4096, False, True, None, 'zram')]" \
  "$Z: size, block size, SSD, write allowed"
ssdb_assert_json "$J" "[(x['size_bytes'], x['logical_block_size'], x['write_allowed'], x['backing_file']) for x in d['devices'] if x['path'] == '$L'] == [(25165824, 4096, True, '$LFILE')]" \
  "$L: size, 4096-byte sectors, write allowed, backing file"
ssdb_assert_json "$J" "[(x['size_bytes'], x['write_allowed'], x['mounted_at'], x['write_refusal']) for x in d['devices'] if x['path'] == '$M'] == [(41943040, False, '$MNT', '$M is mounted at $MNT')]" \
  "$M: mounted, write not allowed, reason"

ssdb_cli list list
ssdb_assert_rc 0 "list"
ssdb_assert_contains "$SSDB_OUT" "DEVICE" "WRITE TEST"
grep -E "^$Z +50\.33 MB +SSD +zram .* free +allowed with --destroy-data" "$SSDB_OUT" > /dev/null ||
  ssdb_fail "list: no line for $Z: $(cat "$SSDB_OUT")"
grep -E "^$M +41\.94 MB .* mounted +$M is mounted at $MNT" "$SSDB_OUT" > /dev/null ||
  ssdb_fail "list: no line for $M: $(cat "$SSDB_OUT")"

ssdb_cli info info "$L" --json
ssdb_assert_rc 0 "info --json"
ssdb_assert_json "$SSDB_OUT" "d['target']['path'] == '$L' and d['target']['size_bytes'] == 25165824 and d['target']['logical_block_size'] == 4096 and d['device']['backing_file'] == '$LFILE'" \
  "info facts of $L"
ssdb_cli infodir info "$MNT" --json
ssdb_assert_rc 0 "info on a directory"
ssdb_assert_json "$SSDB_OUT" "d['target']['kind'] == 'file' and d['target']['fs_type'] == 'ext4' and d['target']['name'] == '${M#/dev/}'" \
  "info facts of $MNT"

# usage errors: exit 2, the culprit named
ssdb_cli badopt run summary "$Z" --bogus-option
ssdb_assert_rc 2 "unknown option"
ssdb_assert_contains "$SSDB_ERR" "--bogus-option"
ssdb_cli badjobopt run job "$Z" --frobnicate=3
ssdb_assert_rc 2 "unknown job option"
ssdb_assert_contains "$SSDB_ERR" "--frobnicate"
ssdb_cli badcmd frobnicate
ssdb_assert_rc 2 "unknown command"
ssdb_assert_contains "$SSDB_ERR" "frobnicate"
ssdb_cli badqd run job "$Z" --qd 0
ssdb_assert_rc 2 "--qd 0"
ssdb_assert_contains "$SSDB_ERR" "--qd" "0"
ssdb_cli badsize run job "$Z" --bs 4Q
ssdb_assert_rc 2 "--bs 4Q"
ssdb_assert_contains "$SSDB_ERR" "4Q"
# the transfer size: --block, and --bs (fio's name) as its alias, give the same job
for opt in --block --bs; do
  ssdb_cli "job$opt" run job "$Z" "$opt" 4K --access rand --size 16M --duration 0.1 \
    --json "$SSDB_TMPDIR/job$opt.json"
  ssdb_assert_rc 0 "run job $opt 4K"
  ssdb_assert_json "$SSDB_TMPDIR/job$opt.json" "d['tests'][0]['block_size'] == 4096" "run job $opt 4K"
  ssdb_cli "job$opt-bad" run job "$Z" "$opt" 4Q
  ssdb_assert_rc 2 "$opt 4Q"
  ssdb_assert_contains "$SSDB_ERR" "Invalid $opt “4Q”"
done
ssdb_assert_json "$SSDB_TMPDIR/job--block.json" \
  "d['tests'][0]['fio_command'] == __import__('json').load(open('$SSDB_TMPDIR/job--bs.json'))['tests'][0]['fio_command']" \
  "run job: the same job with --block and --bs"
ssdb_cli job-both run job "$Z" --block 4K --bs 4K
ssdb_assert_rc 2 "--block and --bs together"
ssdb_assert_contains "$SSDB_ERR" "--block and --bs"
ssdb_cli notarget run summary
ssdb_assert_rc 2 "run summary without a target"

# a missing target: exit 1, named
ssdb_cli missing run summary /dev/ssdbench-no-such-device --size 16M --count 1 --duration 1
ssdb_assert_rc 1 "missing device"
ssdb_assert_contains "$SSDB_ERR" "/dev/ssdbench-no-such-device" "No such file"
ssdb_cli missingdir run job "$SSDB_TMPDIR/no-such-dir" --size 16M --duration 1
ssdb_assert_rc 1 "missing directory"
ssdb_assert_contains "$SSDB_ERR" "$SSDB_TMPDIR/no-such-dir"
ssdb_cli missinginfo info /dev/ssdbench-no-such-device
ssdb_assert_rc 1 "info on a missing device"
ssdb_assert_contains "$SSDB_ERR" "/dev/ssdbench-no-such-device"
# a region beyond the end of the device
ssdb_cli beyond run job "$Z" --size 64M --duration 1
ssdb_assert_rc 2 "a 64 MiB region on a 48 MiB device (a usage error)"
ssdb_assert_contains "$SSDB_ERR" "$Z"
ssdb_log "region refusal: $(cat "$SSDB_ERR")"
echo "PASS"
