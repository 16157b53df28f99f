#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Test files on full and read-only file systems (ext4 on loop devices, filled with fallocate):
#  - a test file larger than the free space is refused before anything is written, with both
#    numbers in bytes and in human units;
#  - "info DIR" on a full or read-only file system prints the facts and says why write tests are
#    impossible, and creates nothing;
#  - a file system that another process fills during the run (ext4 without extents, where the
#    test file cannot be preallocated) ends the run with exit status 1 and an error naming the
#    directory, the file system and ENOSPC; the test file is gone afterwards.
# Every step checks that the directory listing (ls -a) and the used space are as before.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd fallocate mkfs.ext4 mount umount mountpoint
ssdb_find_cli

MiB=1048576

# human BYTES: the size as GLib's g_format_size() writes it (SI units, one decimal, a no-break
# space before the unit).
human ()
{
  "$SSDB_PYTHON" -c '
import sys
b = int(sys.argv[1])
if b < 1000:
    print("%d bytes" % b)
else:
    v = float(b)
    for u in ("kB", "MB", "GB", "TB", "PB"):
        v /= 1000.0
        if v < 1000 or u == "PB":
            print("%.1f\u00a0%s" % (v, u))
            break
' "$1"
}

avail_bytes ()
{
  local bavail bsize
  read -r bavail bsize < <(stat -f -c '%a %S' "$1")
  echo $((bavail * bsize))
}

# snapshot DIR: remember its listing and used space; check_same DIR WHAT: compare with them.
snapshot ()
{
  sync
  SNAP_LS=$(ls -la --time-style=+ "$1")
  SNAP_USED=$(ssdb_df_used "$1")
}

check_same ()
{
  local dir=$1 what=$2 now used
  sync
  now=$(ls -la --time-style=+ "$dir")
  if [[ $now != "$SNAP_LS" ]]; then
    diff <(echo "$SNAP_LS") <(echo "$now") >&2 || true
    ssdb_fail "$what: the listing of $dir changed"
  fi
  used=$(ssdb_df_used "$dir")
  ((used - SNAP_USED < MiB && SNAP_USED - used < MiB)) ||
    ssdb_fail "$what: used space on $dir went from $SNAP_USED to $used bytes"
  ssdb_log "$what: $dir unchanged (ls -a, $used bytes used)"
}

# -- 1. not enough room: refused with the numbers -------------------------------------------
ssdb_ext4_create DEV D 300M
avail=$(avail_bytes "$D")
fallocate -l $((avail - 24 * MiB)) "$D/filler"
sync
avail=$(avail_bytes "$D")
ssdb_log "$D: $avail bytes free after the filler"
snapshot "$D"

ssdb_cli nospace run summary "$D" --size 64M --count 1 --duration 0.2
ssdb_assert_rc 1 "a 64 MiB test file with $avail bytes free"
ssdb_assert_contains "$SSDB_ERR" "$D" "free space" "67108864 bytes" "$(human 67108864)" \
  "$avail bytes" "$(human "$avail")"
[[ ! -s $SSDB_OUT ]] || ssdb_fail "a refused run printed results"
ssdb_log "refusal: $(cat "$SSDB_ERR")"
check_same "$D" "after the refused summary"

for cmd in "job --size 32M --duration 0.2" "surface --size 32M --samples 8" \
  "sweep --file-size 32M --max 64K --duration 0.05" \
  "access --file-size 32M --depths 1 --duration 0.1"; do
  # shellcheck disable=SC2086 # the options are split on purpose
  ssdb_cli nospace2 run $cmd "$D"
  ssdb_assert_rc 1 "run $cmd with $avail bytes free"
  ssdb_assert_contains "$SSDB_ERR" "33554432 bytes" "$avail bytes"
done
check_same "$D" "after the refused runs"

# A test file that fits still runs.
ssdb_cli fits run job "$D" --size 16M --bs 1M --rw write --duration 0.2
ssdb_assert_rc 0 "a 16 MiB write job with $avail bytes free"
check_same "$D" "after a run that fit"

# -- 2. info on a full file system: facts, and why writes are impossible ----------------------
fallocate -l $((avail - 256 * 1024)) "$D/filler2"
sync
avail=$(avail_bytes "$D")
ssdb_log "$D: $avail bytes free after the second filler"
((avail < MiB)) || ssdb_fail "the file system still has $avail bytes free"
snapshot "$D"
ssdb_cli info-full info "$D"
ssdb_assert_rc 0 "info on a full file system"
ssdb_assert_contains "$SSDB_OUT" "test file in $D" "File system" "ext4" "${DEV#/dev/}" \
  "$avail bytes" "Logical block size" "Write tests" "impossible" "full"
ssdb_log "info: $(grep 'Write tests' "$SSDB_OUT")"
J=$SSDB_TMPDIR/info-full.json
ssdb_cli info-full-json info "$D" --json
ssdb_assert_rc 0 "info --json on a full file system"
cp "$SSDB_OUT" "$J"
ssdb_assert_json "$J" "d['target']['kind'] == 'file' and d['target']['fs_type'] == 'ext4' and d['target']['name'] == '${DEV#/dev/}'" \
  "the facts of the full file system"
ssdb_assert_json "$J" "d['write_allowed'] is False and 'full' in d['write_refusal'] and d['target']['free_bytes'] == $avail" \
  "writes impossible on the full file system"
check_same "$D" "after info on the full file system"
ssdb_cli full-run run summary "$D" --size 4M --count 1 --duration 0.2
ssdb_assert_rc 1 "a summary on the full file system"
ssdb_assert_contains "$SSDB_ERR" "4194304 bytes" "$avail bytes"
check_same "$D" "after a run on the full file system"

# -- 3. read-only file system ---------------------------------------------------------------
rm -f "$D/filler2"
mount -o remount,ro "$D"
snapshot "$D"
ssdb_cli info-ro info "$D"
ssdb_assert_rc 0 "info on a read-only file system"
ssdb_assert_contains "$SSDB_OUT" "test file in $D" "ext4" "Write tests" "impossible" "read-only"
ssdb_cli ro-run run summary "$D" --size 4M --count 1 --duration 0.2
ssdb_assert_rc 1 "a summary on a read-only file system"
ssdb_assert_contains "$SSDB_ERR" "$D" "read-only"
check_same "$D" "after the read-only runs"
mount -o remount,rw "$D"

# -- 4. ENOSPC during the run ---------------------------------------------------------------
# ext4 without extents cannot preallocate (fallocate fails with EOPNOTSUPP): the test file is
# sparse and its blocks are allocated by the fill. Another process takes the free space while the
# run's writes are throttled, so the run's next allocation fails with ENOSPC.
ssdb_loop_create DEV2 300M 512
mkfs.ext4 -q -F -O ^extent,^64bit -E lazy_itable_init=0,lazy_journal_init=0 -m 0 "$DEV2" ||
  ssdb_fail "mkfs.ext4 without extents failed on $DEV2"
ssdb__new_name D2 mnt
mkdir "$D2"
mount -t ext4 "$DEV2" "$D2" || ssdb_fail "cannot mount $DEV2"
ssdb_cleanup_push ssdb__umount "$D2"
if fallocate -l 1M "$D2/probe" 2> /dev/null; then
  ssdb_skip "this kernel preallocates on ext4 without extents; no ENOSPC can happen mid-run"
fi
rm -f "$D2/probe"
avail=$(avail_bytes "$D2")
# about 100 MiB free for a 64 MiB test file
dd if=/dev/zero of="$D2/hog1" bs=1M count=$(((avail - 100 * MiB) / MiB)) status=none
sync
snapshot "$D2"
ssdb_blkio_create GRP
ssdb_blkio_limit "$GRP" "$DEV2" 0 $((8 * MiB)) 0 0
ssdb_tmpdir
SSDB_OUT=$SSDB_TMPDIR/enospc.out
SSDB_ERR=$SSDB_TMPDIR/enospc.err
(
  echo "$BASHPID" > "$GRP/cgroup.procs"
  exec env --default-signal=INT,TERM "$SSDBENCH_CLI" run summary "$D2" --size 64M --count 1 \
    --duration 0.5 > "$SSDB_OUT" 2> "$SSDB_ERR"
) &
pid=$!
ssdb_track_pid "$pid"
# until the run has its test file open
for ((i = 0; i < 500; i++)); do
  for fd in "/proc/$pid/fd"/*; do
    [[ $(readlink "$fd" 2> /dev/null) == "$D2/"* ]] && break 2
  done
  kill -0 "$pid" 2> /dev/null || { ssdb_show_output; ssdb_fail "the run ended early"; }
  sleep 0.02
done
sleep 0.5
ssdb_log "taking the free space of $D2 while the run fills its test file"
dd if=/dev/zero of="$D2/hog2" bs=1M status=none 2> /dev/null || true
sync
rc=0
wait "$pid" || rc=$?
SSDB_RC=$rc
ssdb_assert_rc 1 "a run whose file system filled up"
ssdb_assert_contains "$SSDB_ERR" "$D2" "No space left on device" "ran out of space" "ext4" \
  "test file is removed"
ssdb_log "error: $(cat "$SSDB_ERR")"
kill -0 "$pid" 2> /dev/null && ssdb_fail "the run is still running"
rm -f "$D2/hog2"
check_same "$D2" "after the ENOSPC run"
echo "PASS"
