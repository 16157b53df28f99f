#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The error scan against a device whose bad sectors are known: a 64 MiB loop device over
# ssdbench-faultfs answering EIO (real errors from the kernel) for 8 KiB at 8 MiB + 4 KiB and
# for the MiB at 40 MiB, and 150 ms late for the MiB at 20 MiB.
#   asserted: exactly those two unreadable ranges, to the byte, with errno 5 and their LBAs;
#   the slow block at 20 MiB and no other; all 64 MiB scanned; "found"; exit status 1; the PNG
#   drawn. A clean device: "no effect", exit 0. Ctrl-C keeps what was read ("inconclusive"
#   without errors, exit 130) and --resume goes on from there to the same ranges. Bad
#   arguments exit 2. Nothing is written: the image's checksum does not change. With --verify
#   (and --destroy-data), unwritable sectors, unreadable ones and sectors read back wrong
#   (ssdbench-faultfs' flip rule) are each found to the sector.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir

MIB=1048576
T='d["tests"][0]'
ssdb_faultfs_create D 64M
ssdb_fill_random "$D"
before=$(ssdb_checksum "$D")

# 1. A clean device: every block reads; a part of it, only that part.
J=$SSDB_TMPDIR/part.json
ssdb_cli part run scan "$D" --span 4M:8M --block 256K --json "$J"
ssdb_assert_rc 0 "run scan --span 4M:8M"
ssdb_assert_json "$J" "$T['span_offset'] == 4 * $MIB and $T['scanned_bytes'] == 8 * $MIB" "the part read"
ssdb_assert_json "$J" "sum(c['blocks'] for c in $T['grid']) == 32" "32 blocks of 256 KiB"
J=$SSDB_TMPDIR/clean.json
ssdb_cli clean run scan "$D" --json "$J"
ssdb_show_output
ssdb_assert_rc 0 "run scan on a clean device"
ssdb_assert_json "$J" "$T['kind'] == 'scan' and $T['scanned_bytes'] == 64 * $MIB" "all read"
ssdb_assert_json "$J" "$T['bad_ranges'] == [] and $T['bad_bytes'] == 0" "nothing unreadable"
ssdb_assert_json "$J" "$T['verdict'] == 'no-effect'" "clean: no effect"
ssdb_assert_contains "$SSDB_OUT" "Verdict: no-effect"

# 2. The known bad sectors and a slow block.
ssdb_faultfs_ctl eio read $((8 * MIB + 4096)) 8192
ssdb_faultfs_ctl eio read $((40 * MIB)) $MIB
ssdb_faultfs_ctl delay read $((20 * MIB)) $MIB 150000
J=$SSDB_TMPDIR/bad.json
P=$SSDB_TMPDIR/bad.png
ssdb_cli bad run scan "$D" --json "$J" --png "$P"
ssdb_show_output
ssdb_assert_rc 1 "run scan with unreadable sectors"
ssdb_assert_json "$J" "$T['scanned_bytes'] == 64 * $MIB and not $T['cancelled']" "all scanned"
ssdb_assert_json "$J" "[(b['offset'], b['length'], b['errno']) for b in $T['bad_ranges']] == [($((8 * MIB + 4096)), 8192, 5), ($((40 * MIB)), $MIB, 5)]" \
  "exactly the two unreadable ranges"
ssdb_assert_json "$J" "$T['bad_bytes'] == 8192 + $MIB" "the unreadable bytes"
ssdb_assert_json "$J" "[(s['offset'], s['length']) for s in $T['slow_ranges']] == [($((20 * MIB)), $MIB)]" \
  "the slow block at 20 MiB and no other"
ssdb_assert_json "$J" "$T['slow_ranges'][0]['worst_ns'] >= 150000000" "the slow block took 150 ms or more"
ssdb_assert_json "$J" "$T['verdict'] == 'found'" "bad: found"
ssdb_assert_contains "$SSDB_OUT" "Verdict: found"
# the LBA of 8 MiB + 4 KiB in 512-byte sectors
grep -qE "^$((8 * MIB + 4096)) +16392 +8192 +errno 5" "$SSDB_OUT" ||
  ssdb_fail "the text does not list byte $((8 * MIB + 4096)) as LBA 16392, 8192 bytes, errno 5"
[[ -s $P ]] && file "$P" | grep -q "PNG image data, 1200 x 800" || ssdb_fail "no 1200x800 PNG at $P"

# 3. Ctrl-C during a scan slowed to 400 ms a block, once it read 3 blocks (before the first
# bad range at 8 MiB), then --resume from its report.
ssdb_faultfs_ctl clear
ssdb_faultfs_ctl delay read 0 $((64 * MIB)) 400000
delayed=$(ssdb_faultfs_stat delayed)
J=$SSDB_TMPDIR/stopped.json
ssdb_cli_bg stopped run scan "$D" --json "$J"
for ((i = 0; i < 200; i++)); do
  (($(ssdb_faultfs_stat delayed) >= delayed + 3)) && break
  sleep 0.05
done
kill -INT "$SSDB_PID"
rc=0
wait "$SSDB_PID" || rc=$?
ssdb_show_output
ssdb_assert_eq "$rc" 130 "run scan stopped by SIGINT"
ssdb_log "stopped after $(ssdb_json "$J" "$T['scanned_bytes']") bytes: $(ssdb_json "$J" "$T['words']")"
ssdb_assert_json "$J" "$T['cancelled'] and 0 < $T['scanned_bytes'] < 8 * $MIB" \
  "the stopped scan kept the part read, before the first bad range"
ssdb_assert_json "$J" "$T['verdict'] == 'inconclusive'" "stopped: inconclusive"
ssdb_faultfs_ctl clear
ssdb_faultfs_ctl eio read $((8 * MIB + 4096)) 8192
ssdb_faultfs_ctl eio read $((40 * MIB)) $MIB
R=$SSDB_TMPDIR/resumed.json
ssdb_cli resumed run scan "$D" --resume "$J" --json "$R"
ssdb_show_output
ssdb_assert_rc 1 "run scan --resume"
ssdb_assert_json "$R" "$T['scanned_bytes'] == 64 * $MIB and not $T['cancelled']" "resumed to the end"
ssdb_assert_json "$R" "[(b['offset'], b['length']) for b in $T['bad_ranges']] == [($((8 * MIB + 4096)), 8192), ($((40 * MIB)), $MIB)]" \
  "the resumed scan found the same ranges"
ssdb_assert_json "$R" "sum(c['blocks'] for c in $T['grid']) == 64" "each block counted once"

# 3b. Ctrl-C while a failed block is read again sector by sector (each sector 20 ms late and
# failing): the stop takes effect within the retry, exit 130, the blocks before it kept.
ssdb_faultfs_ctl clear
ssdb_faultfs_ctl eio read $((8 * MIB)) $MIB
ssdb_faultfs_ctl delay read $((8 * MIB)) $MIB 20000
errors=$(ssdb_faultfs_stat errors)
J2=$SSDB_TMPDIR/stopped-retry.json
ssdb_cli_bg stopped-retry run scan "$D" --json "$J2"
for ((i = 0; i < 400; i++)); do
  (($(ssdb_faultfs_stat errors) >= errors + 10)) && break
  sleep 0.05
done
t0=$(ssdb_now_ns)
kill -INT "$SSDB_PID"
rc=0
wait "$SSDB_PID" || rc=$?
took=$((($(ssdb_now_ns) - t0) / 1000000))
ssdb_show_output
ssdb_log "stopped during the retry in $took ms"
ssdb_assert_eq "$rc" 130 "run scan stopped by SIGINT during a retry"
((took < 5000)) || ssdb_fail "the stop during the retry took $took ms"
ssdb_assert_json "$J2" "$T['cancelled'] and $T['scanned_bytes'] == 8 * $MIB" \
  "the blocks before the failed one kept"
ssdb_faultfs_ctl clear
ssdb_faultfs_ctl eio read $((8 * MIB + 4096)) 8192
ssdb_faultfs_ctl eio read $((40 * MIB)) $MIB

# 4. Refusals, before anything is read.
ssdb_cli resume-done run scan "$D" --resume "$R"
ssdb_assert_rc 2 "--resume of a complete scan"
ssdb_assert_contains "$SSDB_ERR" "complete"
ssdb_cli resume-opts run scan "$D" --resume "$J" --block 4K
ssdb_assert_rc 2 "--resume with settings"
ssdb_cli odd-block run scan "$D" --block 1000
ssdb_assert_rc 2 "--block 1000"
ssdb_cli past-end run scan "$D" --span 63M:2M
ssdb_assert_rc 2 "--span past the end"
ssdb_assert_contains "$SSDB_ERR" "$D"
ssdb_cli odd-span run scan "$D" --span 4K:1000
ssdb_assert_rc 2 "--span of 1000 bytes"
ssdb_cli slow-zero run scan "$D" --slow-ms 0
ssdb_assert_rc 2 "--slow-ms 0"
ssdb_cli seed-read run scan "$D" --seed 5
ssdb_assert_rc 2 "--seed without --verify"
ssdb_cli dir run scan "$SSDB_TMPDIR"
ssdb_assert_rc 2 "a directory"
ssdb_assert_contains "$SSDB_ERR" "directory"

ssdb_faultfs_ctl clear
after=$(ssdb_checksum "$D")
ssdb_assert_eq "$after" "$before" "the scan wrote nothing"

# 5. The verifying scan: unwritable sectors (EIO on write), unreadable ones (EIO on read) and
# sectors that read back other data than was written (inverted bytes on a read and on a write),
# each found to the sector with what failed. It writes: refused without --destroy-data.
ssdb_cli verify-refused run scan "$D" --verify
ssdb_assert_rc 2 "run scan --verify without --destroy-data"
ssdb_assert_contains "$SSDB_ERR" "--destroy-data $D"
ssdb_assert_eq "$(ssdb_checksum "$D")" "$before" "the refused scan wrote nothing"
ssdb_faultfs_ctl eio write $((8 * MIB + 4096)) 8192
ssdb_faultfs_ctl eio read $((40 * MIB)) 4096
ssdb_faultfs_ctl flip read $((30 * MIB + 512)) 1000
ssdb_faultfs_ctl flip write $((50 * MIB)) 4096
J=$SSDB_TMPDIR/verify.json
ssdb_cli verify run scan "$D" --verify --destroy-data "$D" --json "$J" --png "$SSDB_TMPDIR/verify.png"
ssdb_show_output
ssdb_assert_rc 1 "run scan --verify with bad sectors"
ssdb_assert_json "$J" "$T['verify'] and $T['scanned_bytes'] == 64 * $MIB" "the whole span verified"
ssdb_assert_json "$J" "[(b['offset'], b['length'], b['op'], b['errno']) for b in $T['bad_ranges']] == [($((8 * MIB + 4096)), 8192, 'write', 5), ($((30 * MIB + 512)), 1024, 'verify', 0), ($((40 * MIB)), 4096, 'read', 5), ($((50 * MIB)), 4096, 'verify', 0)]" \
  "exactly the unwritable, read-back-wrong and unreadable sectors"
ssdb_assert_contains "$SSDB_OUT" "1 unwritable, 1 unreadable, 2 read back wrong"
# a second verifying pass (with data of its own seed) over what it wrote finds nothing
ssdb_faultfs_ctl clear
ssdb_cli verify-clean run scan "$D" --verify --destroy-data "$D" --span 0:16M --json "$J"
ssdb_assert_rc 0 "run scan --verify on a clean part"
ssdb_assert_json "$J" "$T['verdict'] == 'no-effect' and $T['bad_ranges'] == []" "verified clean"
ssdb_log "ok"
