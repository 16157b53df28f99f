#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# AS SSD's Copy-Benchmark (run copy) on ext4 over a loop device (direct I/O to a file in a tmpfs):
# - each set's copy compared with its source file by file (sha256) while the run holds it
#   (SSDB_COPY_TEST_HOLD), the files, folders and bytes exact in the report, MB/s = bytes over
#   the time, the method in the report, the text and the chart's subtitle;
# - nothing left in the directory afterwards, also after SIGINT during a set's making and while
#   a copy is held, and the folder of a run killed outright removed by the next run;
# - the cached method's ISO rate against dd (1 MiB, conv=fsync) of two files of the same size on
#   the same file system in the same run, medians of three alternating rounds within [0.25, 4] ×
#   (a shared 2-core machine is noisy; a copy that skipped the data or the fsync would be off
#   by far more);
# - clear refusals: a device target, a regular file, a directory that does not exist, a read-only
#   mount, too little free space;
#   a file system that runs out of inodes mid-run fails with the reason and is left empty.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd sha256sum cp sync dd
ssdb_find_cli
ssdb_tmpdir

# ext4 on a loop device over a file in a tmpfs of its own: the shared disk under the temporary
# directory does not make the rates scatter
ssdb_require_cmd mkfs.ext4 mount umount mountpoint
ssdb_loop_create DEV 600M 512 ram
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 -m 0 "$DEV" ||
  ssdb_fail "mkfs.ext4 failed on $DEV"
M=$SSDB_TMPDIR/mnt
mkdir "$M"
mount -t ext4 "$DEV" "$M" || ssdb_fail "cannot mount $DEV"
ssdb_cleanup_push ssdb__umount "$M"
HOLD=$SSDB_TMPDIR/hold

# only lost+found may be left on the file system
assert_empty ()
{
  local left
  left=$(ls -A "$M" | grep -v '^lost+found$' || true)
  [[ -z $left ]] || ssdb_fail "$1: left behind in $M: $left"
}

# the sha256 of every file under DIR, by relative path, sorted
tree_sums ()
{
  (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
}

# waits (up to 120 s) for the run (pid $1) to write the hold file
wait_hold ()
{
  local i
  for ((i = 0; i < 1200; i++)); do
    [[ -s $HOLD ]] && return 0
    kill -0 "$1" 2> /dev/null || return 1
    sleep 0.1
  done
  return 1
}

# -- one run, direct: each set compared with its source while held ----------------------------
J=$SSDB_TMPDIR/copy.json
PNG=$SSDB_TMPDIR/copy.png
SSDB_COPY_TEST_HOLD=$HOLD ssdb_cli_bg direct run copy "$M" --scale 10 --json "$J" --png "$PNG"
PID=$SSDB_PID
for set in iso program game; do
  wait_hold "$PID" || { ssdb_show_output; ssdb_fail "the run never held the $set set"; }
  SRC=$(sed -n 1p "$HOLD")
  DST=$(sed -n 2p "$HOLD")
  [[ $SRC == "$M"/.ssdbench-copy-*/$set-source && $DST == "$M"/.ssdbench-copy-*/$set-copy ]] ||
    ssdb_fail "unexpected folders for $set: $SRC $DST"
  tree_sums "$SRC" > "$SSDB_TMPDIR/$set.src"
  tree_sums "$DST" > "$SSDB_TMPDIR/$set.dst"
  cmp -s "$SSDB_TMPDIR/$set.src" "$SSDB_TMPDIR/$set.dst" ||
    ssdb_fail "the copy of the $set set differs from its source"
  # distinct data: no two files of the set alike (random data cut at random places)
  n=$(wc -l < "$SSDB_TMPDIR/$set.src")
  u=$(cut -d' ' -f1 "$SSDB_TMPDIR/$set.src" | sort -u | wc -l)
  ssdb_assert_eq "$u" "$n" "distinct files in the $set set"
  ssdb_log "$set: $n files identical in source and copy"
  rm -f "$HOLD"
done
wait "$PID" && SSDB_RC=0 || SSDB_RC=$?
ssdb_assert_rc 0 "run copy (direct)"
assert_empty "after the direct run"
ssdb_assert_eq "$(wc -l < "$SSDB_TMPDIR/iso.src")" 2 "ISO files"
ssdb_assert_eq "$(wc -l < "$SSDB_TMPDIR/program.src")" 48 "Program files"
ssdb_assert_eq "$(wc -l < "$SSDB_TMPDIR/game.src")" 24 "Game files"
ssdb_assert_contains "$SSDB_OUT" "Copy (AS SSD's Copy-Benchmark)" "method: direct" "on ext4" \
  "ISO" "Program" "Game"
T='d["tests"][0]'
ssdb_assert_json "$J" "${T}['kind'] == 'copy' and ${T}['method'] == 'direct' and ${T}['scale'] == 10" \
  "kind, method, scale"
ssdb_assert_json "$J" "[(r['set'], r['state'], r['files'], r['dirs'], r['bytes']) for r in ${T}['rows']] == [('iso', 'done', 2, 0, 107347968), ('program', 'done', 48, 4, 25165824), ('game', 'done', 24, 3, 50331648)]" \
  "files, folders and bytes of each set"
ssdb_assert_json "$J" "all(abs(r['bytes_per_second'] - r['bytes'] * 1e9 / r['elapsed_ns']) <= 1e-6 * r['bytes_per_second'] for r in ${T}['rows'])" \
  "MB/s == bytes / time"
ssdb_assert_json "$J" "all(1e6 < r['bytes_per_second'] < 1e11 for r in ${T}['rows'])" \
  "rates between 1 MB/s and 100 GB/s"
[[ -s $PNG ]] || ssdb_fail "no PNG written"
ssdb_cli export export "$J" --view copy --text -
ssdb_assert_rc 0 "export --view copy --text"
ssdb_assert_contains "$SSDB_OUT" "method: direct"

# -- cached, two sets; its ISO rate against dd + fsync of the same files ----------------------
ssdb_cli cached run copy "$M" --scale 10 --method cached --sets iso,game --json "$J"
ssdb_assert_rc 0 "run copy --method cached"
assert_empty "after the cached run"
ssdb_assert_contains "$SSDB_OUT" "method: cached"
ssdb_assert_json "$J" "[r['set'] for r in ${T}['rows']] == ['iso', 'game'] and ${T}['method'] == 'cached'" \
  "cached: the two sets asked for"

# The reference copies two files of the ISO set's size as the cached method does (1 MiB reads
# and writes through the page cache, fsync of each file, then of the folder), with the source
# written, made durable and dropped from the page cache first. Three alternating rounds; the
# medians compared.
drop_cache ()
{
  "$SSDB_PYTHON" -c '
import os, sys
for f in sys.argv[1:]:
    fd = os.open(f, os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)' "$@"
}
R=$M/reference
OURS=()
REFS=()
for round in 1 2 3; do
  ssdb_cli "iso$round" run copy "$M" --scale 10 --method cached --sets iso --json "$J"
  ssdb_assert_rc 0 "run copy --sets iso (round $round)"
  OURS+=("$(ssdb_json "$J" "${T}['rows'][0]['bytes_per_second']")")
  mkdir -p "$R/src" "$R/dst"
  for i in 1 2; do
    head -c 53673984 /dev/urandom > "$R/src/disc$i.iso"
  done
  sync -f "$R/src"
  drop_cache "$R"/src/*
  t0=$(ssdb_now_ns)
  for i in 1 2; do
    dd if="$R/src/disc$i.iso" of="$R/dst/disc$i.iso" bs=1M conv=fsync status=none
  done
  sync -f "$R/dst"
  t1=$(ssdb_now_ns)
  rm -rf "$R"
  REFS+=("$("$SSDB_PYTHON" -c "print(107347968 * 1e9 / ($t1 - $t0))")")
done
ssdb_log "ISO cached, B/s: ours ${OURS[*]}; dd + fsync ${REFS[*]}"
"$SSDB_PYTHON" -c "
import statistics, sys
ours = statistics.median([$(IFS=,; echo "${OURS[*]}")])
ref = statistics.median([$(IFS=,; echo "${REFS[*]}")])
print('median ratio', ours / ref)
sys.exit(0 if 0.25 <= ours / ref <= 4 else 1)" ||
  ssdb_fail "cached ISO copy (${OURS[*]} B/s) is not within [0.25, 4] x dd + fsync (${REFS[*]} B/s)"
assert_empty "after the reference rounds"

# -- SIGINT: while a set is being made, and while a copy is held --------------------------------
ssdb_cli_bg stop1 run copy "$M" --scale 20 --sets iso
PID=$SSDB_PID
for ((i = 0; i < 200; i++)); do
  compgen -G "$M/.ssdbench-copy-*/iso-source/*" > /dev/null && break
  sleep 0.05
done
kill -INT "$PID"
wait "$PID" && SSDB_RC=0 || SSDB_RC=$?
ssdb_assert_rc 130 "run copy stopped while making the ISO set"
assert_empty "after SIGINT while making a set"

SSDB_COPY_TEST_HOLD=$HOLD ssdb_cli_bg stop2 run copy "$M" --scale 5 --sets program,game
PID=$SSDB_PID
wait_hold "$PID" || ssdb_fail "the run never held the program set"
kill -INT "$PID"
wait "$PID" && SSDB_RC=0 || SSDB_RC=$?
rm -f "$HOLD"
ssdb_assert_rc 130 "run copy stopped while a copy was held"
assert_empty "after SIGINT during a held copy"

# A run killed outright leaves its folder; the next run removes it (its process is gone).
SSDB_COPY_TEST_HOLD=$HOLD ssdb_cli_bg killed run copy "$M" --scale 1 --sets game
PID=$SSDB_PID
wait_hold "$PID" || ssdb_fail "the run never held the game set"
kill -KILL "$PID"
wait "$PID" || true
rm -f "$HOLD"
compgen -G "$M/.ssdbench-copy-$PID-*" > /dev/null || ssdb_fail "no folder left by the killed run"
ssdb_cli after-kill run copy "$M" --scale 1 --sets iso
ssdb_assert_rc 0 "run copy after a killed run"
assert_empty "after the run that followed a killed one"

# -- refusals -----------------------------------------------------------------------------------
ssdb_cli device run copy "$DEV"
ssdb_assert_rc 2 "run copy on a device"
ssdb_assert_contains "$SSDB_ERR" "$DEV is a block device" "directory on a mounted file system"

ssdb_cli missing run copy "$M/no-such-dir"
ssdb_assert_rc 1 "run copy in a missing directory"
ssdb_assert_contains "$SSDB_ERR" "$M/no-such-dir" "No such file or directory"

# a regular file is no directory; the message does not offer a block device
REGFILE=$SSDB_TMPDIR/regular-file
: > "$REGFILE"
ssdb_cli regular run copy "$REGFILE"
ssdb_assert_rc 2 "run copy on a regular file"
ssdb_assert_contains "$SSDB_ERR" "$REGFILE is not a directory" "directory on a mounted file system"
ssdb_assert_not_contains "$SSDB_ERR" "block device" "test file"

# a read-only mount: the test's folder cannot be made, with the system's reason
mount -o remount,ro "$M" || ssdb_fail "cannot remount $M read-only"
ssdb_cli readonly run copy "$M" --scale 1
ssdb_assert_rc 1 "run copy on a read-only mount"
ssdb_assert_contains "$SSDB_ERR" "Cannot create the copy test's folder in $M" \
  "Read-only file system"
ssdb_assert_not_contains "$SSDB_ERR" "test file"
mount -o remount,rw "$M" || ssdb_fail "cannot remount $M read-write"

ssdb_cli full run copy "$M" --scale 100
ssdb_assert_rc 2 "run copy with too little free space"
ssdb_assert_contains "$SSDB_ERR" "Not enough free space in $M for the copy test" "bytes" "free"
assert_empty "after the refusals"

# A file system that runs out mid-run, here of inodes (400): the bytes of the Program set at
# 50 % fit, its 256 files and 18 folders twice do not. A clear error naming the file and the
# reason, and nothing left behind.
ssdb_loop_create DEV2 400M 512 ram
mkfs.ext4 -q -F -N 64 -m 0 "$DEV2" || ssdb_fail "mkfs.ext4 -N 64 failed on $DEV2"
M2=$SSDB_TMPDIR/mnt-inodes
mkdir "$M2"
mount -t ext4 "$DEV2" "$M2" || ssdb_fail "cannot mount $DEV2"
ssdb_cleanup_push ssdb__umount "$M2"
ssdb_cli inodes run copy "$M2" --scale 50 --sets program
ssdb_assert_rc 1 "run copy on a file system without inodes for the set"
ssdb_assert_contains "$SSDB_ERR" "Copy test: cannot create" "No space left on device"
left=$(ls -A "$M2" | grep -v '^lost+found$' || true)
[[ -z $left ]] || ssdb_fail "left behind after running out of inodes: $left"

ssdb_cli badmethod run copy "$M" --method mmap
ssdb_assert_rc 2 "run copy --method mmap"
ssdb_assert_contains "$SSDB_ERR" "Invalid --method “mmap”"
ssdb_cli badset run copy "$M" --sets iso,office
ssdb_assert_rc 2 "run copy --sets iso,office"
ssdb_assert_contains "$SSDB_ERR" "unknown set “office”"
ssdb_log "OK"
