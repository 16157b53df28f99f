#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes are refused when the device's data is used through its stack, not only through its
# own mounts and holders, and every refusal leaves every device byte for byte as it was:
#   - a loop device over this device at an offset (mount -o loop,offset=...) is mounted;
#   - a second loop device over the image file of a mounted loop device;
#   - another program holds the device open (O_RDWR, then O_RDONLY) without O_EXCL;
#   - another program holds a loop device's backing file open;
#   - `list` and `info` say the same as the refusal, without opening the device exclusively;
#   - the path changes between the permission and the open: a symlink flipped between two
#     loop devices in a loop while write jobs run never writes the device it was not given;
#   - rewrite-in-place on a throttled device never undoes another program's write made during
#     the run: it stops, or the other program's bytes are there afterwards;
#   - the medium changes behind the open device during a run (the loop device's capacity is
#     changed, as a swapped card would be): the write tests after the change write nothing.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd mkfs.ext4 mount umount findmnt fsfreeze "$SSDB_PYTHON"
ssdb_find_cli

# hold VAR MODE PATH: a background python3 that opens PATH (MODE rdwr or rdonly, never O_EXCL)
# and keeps it open until the script ends or it is killed; VAR gets its pid.
hold ()
{
  local __var=$1 mode=$2 path=$3 ready pid i
  ssdb__new_name ready hold
  "$SSDB_PYTHON" -c '
import os, sys, time
flags = os.O_RDWR if sys.argv[1] == "rdwr" else os.O_RDONLY
fd = os.open(sys.argv[2], flags)
open(sys.argv[3], "w").close()
while True:
    time.sleep(60)
' "$mode" "$path" "$ready" &
  pid=$!
  ssdb_track_pid "$pid"
  for ((i = 0; i < 100; i++)); do
    [[ -e $ready ]] && break
    sleep 0.05
  done
  [[ -e $ready ]] || ssdb_fail "could not open $path"
  ssdb_log "$path is held open ($mode) by pid $pid"
  printf -v "$__var" '%s' "$pid"
}

# refused DEV TEXT...: a write job, a fill and a rewrite surface on DEV are refused (exit 1)
# with TEXT, and print no results.
refused ()
{
  local dev=$1
  shift
  ssdb_cli job run job "$dev" --rw write --size 8M --duration 0.2 --destroy-data "$dev"
  ssdb_assert_rc 1 "write job on $dev"
  ssdb_assert_contains "$SSDB_ERR" "$@"
  [[ ! -s $SSDB_OUT ]] || ssdb_fail "a refused job on $dev printed results"
  ssdb_cli fill run fill "$dev" --destroy-data "$dev"
  ssdb_assert_rc 1 "fill of $dev"
  ssdb_assert_contains "$SSDB_ERR" "$@"
  ssdb_cli rewrite run surface "$dev" --samples 2 --sample-size 1M --access 0 --no-burst \
    --write rewrite
  ssdb_assert_rc 1 "rewrite surface on $dev"
  ssdb_assert_contains "$SSDB_ERR" "$@"
}

# listed DEV STATE TEXT...: `list` shows DEV in STATE with TEXT as its reason, `list --json`
# says writes are not allowed, and `info DEV` gives the same reason.
listed ()
{
  local dev=$1 state=$2 line
  shift 2
  ssdb_cli list list
  ssdb_assert_rc 0 "list"
  line=$(grep -E "^$dev " "$SSDB_OUT") || ssdb_fail "list does not show $dev"
  [[ $line == *" $state "* ]] || ssdb_fail "list shows $dev as '$line', expected state $state"
  printf '%s\n' "$line" > "$SSDB_TMPDIR/list-line"
  ssdb_assert_contains "$SSDB_TMPDIR/list-line" "$@"
  ssdb_cli listj list --json
  ssdb_assert_json "$SSDB_OUT" \
    "[x for x in d['devices'] if x['path'] == '$dev'][0]['write_allowed'] == False" \
    "list --json: writes to $dev"
  ssdb_assert_json "$SSDB_OUT" \
    "[x for x in d['devices'] if x['path'] == '$dev'][0]['state'] == '$state'" \
    "list --json: state of $dev"
  ssdb_cli info info "$dev"
  ssdb_assert_rc 0 "info $dev"
  ssdb_assert_contains "$SSDB_OUT" "$@"
}

# -- 1. a loop device over this one at an offset, mounted ---------------------------------------
ssdb_loop_create BASE 80M 512
mkfs.ext4 -q -F -E offset=1048576,lazy_itable_init=0,lazy_journal_init=0 "$BASE" 60M ||
  ssdb_fail "mkfs.ext4 at an offset of $BASE"
ssdb__new_name OFFMNT mnt
mkdir "$OFFMNT"
# Read-only, so that the file system itself never writes and the checksum is the proof.
mount -o ro,loop,offset=1048576 "$BASE" "$OFFMNT" || ssdb_skip "cannot mount with -o loop,offset"
ssdb_cleanup_push ssdb__umount "$OFFMNT"
OVER=$(findmnt -n -o SOURCE "$OFFMNT")
ssdb_log "$OVER maps $BASE at offset 1048576, mounted at $OFFMNT"
sum_base=$(ssdb_checksum "$BASE")
why="$BASE: $OVER, which maps this device at offset 1048576, is mounted at $OFFMNT"
listed "$BASE" mounted "$why"
refused "$BASE" "$why"
ssdb_assert_eq "$(ssdb_checksum "$BASE")" "$sum_base" "sha256 of $BASE after the refusals"
[[ -n $(ls "$OFFMNT") ]] || ssdb_fail "the file system at $OFFMNT is gone"

# -- 2. a second loop device over the image of a mounted loop device ----------------------------
ssdb_ext4_create MNTDEV MNT 64M
IMAGE=$SSDB_LOOP_FILE
fsfreeze -f "$MNT"
ssdb_cleanup_push fsfreeze -u "$MNT"
sync
SECOND=$(losetup -f --show --direct-io=on "$IMAGE") || ssdb_fail "losetup over $IMAGE"
ssdb_cleanup_push ssdb__loop_detach "$SECOND" "$IMAGE"
ssdb_wait_blockdev "$SECOND" || ssdb_fail "$SECOND did not appear"
sum_second=$(ssdb_checksum "$SECOND")
why="$SECOND: $MNTDEV, which maps the same file $IMAGE as this device, is mounted at $MNT"
listed "$SECOND" mounted "$why"
refused "$SECOND" "$why"
ssdb_assert_eq "$(ssdb_checksum "$SECOND")" "$sum_second" "sha256 of $SECOND after the refusals"

# -- 3. another program holds the device open, without O_EXCL ----------------------------------
ssdb_loop_create HELD 32M 512 random
sum_held=$(ssdb_checksum "$HELD")
hold HOLDER rdwr "$HELD"
listed "$HELD" "in use" "$HELD is open in python3 (PID $HOLDER) for writing"
refused "$HELD" "$HELD is open in python3 (PID $HOLDER) for writing"
ssdb_cli summary run summary "$HELD" --size 8M --count 1 --duration 0.2 --destroy-data "$HELD"
ssdb_assert_rc 1 "summary on $HELD"
ssdb_assert_contains "$SSDB_ERR" "$HELD is open in python3 (PID $HOLDER) for writing"
kill "$HOLDER"
wait "$HOLDER" 2> /dev/null || true
hold READER rdonly "$HELD"
refused "$HELD" "$HELD is open in python3 (PID $READER) for reading"
kill "$READER"
wait "$READER" 2> /dev/null || true
ssdb_assert_eq "$(ssdb_checksum "$HELD")" "$sum_held" "sha256 of $HELD after the refusals"
# Nobody holds it any more: the same write is allowed, and reads were allowed all along.
ssdb_cli free run job "$HELD" --rw write --size 8M --duration 0.2 --destroy-data "$HELD"
ssdb_assert_rc 0 "write job on $HELD once nobody holds it"

# -- 4. another program holds a loop device's backing file open --------------------------------
ssdb_loop_create BACKED 32M 512 random
BACKFILE=$SSDB_LOOP_FILE
sum_backed=$(ssdb_checksum "$BACKED")
hold FILEHOLDER rdwr "$BACKFILE"
why="$BACKED: its backing file $BACKFILE is open in python3 (PID $FILEHOLDER) for writing"
listed "$BACKED" "in use" "$why"
refused "$BACKED" "$why"
kill "$FILEHOLDER"
wait "$FILEHOLDER" 2> /dev/null || true
ssdb_assert_eq "$(ssdb_checksum "$BACKED")" "$sum_backed" "sha256 of $BACKED after the refusals"

# -- 5. a symlink flipped between two devices while write jobs run ------------------------------
ssdb_loop_create GIVEN 16M 512 random
ssdb_loop_create NOTGIVEN 16M 512 random
sum_notgiven=$(ssdb_checksum "$NOTGIVEN")
LINK=$SSDB_TMPDIR/flip
ln -sfn "$GIVEN" "$LINK"
(
  while true; do
    ln -sfn "$NOTGIVEN" "$LINK.new" && mv -T "$LINK.new" "$LINK"
    ln -sfn "$GIVEN" "$LINK.new" && mv -T "$LINK.new" "$LINK"
  done
) &
FLIPPER=$!
ssdb_track_pid "$FLIPPER"
wrote=0
caught=0
for ((i = 0; i < 100; i++)); do
  ssdb_cli flip run job "$LINK" --rw write --bs 64K --size 1M --duration 0 --io-size 1M \
    --destroy-data "$GIVEN"
  case $SSDB_RC in
    0) wrote=$((wrote + 1)) ;;
    1)
      # Opened the other device: refused by the engine, naming both.
      ssdb_assert_contains "$SSDB_ERR" "The permission to destroy data names $GIVEN" \
        "which is not the target" "Nothing was written"
      caught=$((caught + 1))
      ;;
    2) ssdb_assert_contains "$SSDB_ERR" "is not the target" ;; # the CLI's own check saw it
    *) ssdb_fail "a write job through the flipping link exited with $SSDB_RC" ;;
  esac
done
kill "$FLIPPER"
wait "$FLIPPER" 2> /dev/null || true
ssdb_log "through the flipping link: $wrote written to $GIVEN, $caught refused after the open"
((wrote > 0)) || ssdb_fail "no write job through the link reached $GIVEN"
ssdb_assert_eq "$(ssdb_checksum "$NOTGIVEN")" "$sum_notgiven" \
  "sha256 of $NOTGIVEN, which no permission named, after 100 write jobs through the link"

# -- 6. rewrite-in-place and another program's write during the run ----------------------------
# A 16 MiB region read and written at 8 MB/s: the sample at offset 0 takes about 6 s (a 1 MiB
# chunk at a time: read, read again, write back). 1 s after the start another program writes
# a marker at 4 MiB and keeps the device open for writing. Before, the whole sample was read
# first and written back later, undoing the marker.
ssdb_loop_create SLOW 16M 512 random
MARKER=$SSDB_TMPDIR/marker
head -c 4096 /dev/urandom > "$MARKER"
ssdb_blkio_create GRP
ssdb_blkio_limit "$GRP" "$SLOW" 8000000 8000000 0 0
(
  echo "$BASHPID" > "$GRP/cgroup.procs" || exit 1
  exec env --default-signal=INT,TERM "$SSDBENCH_CLI" run surface "$SLOW" --samples 2 \
    --sample-size 8M --access 0 --no-burst --write rewrite --json "$SSDB_TMPDIR/rewrite.json"
) > "$SSDB_TMPDIR/rewrite.out" 2> "$SSDB_TMPDIR/rewrite.err" &
RUN=$!
ssdb_track_pid "$RUN"
sleep 1
"$SSDB_PYTHON" -c '
import os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR)
os.pwrite(fd, open(sys.argv[2], "rb").read(), 4 * 1048576)
os.fsync(fd)
time.sleep(8)
' "$SLOW" "$MARKER" &
WRITER=$!
ssdb_track_pid "$WRITER"
rc=0
wait "$RUN" || rc=$?
kill "$WRITER" 2> /dev/null || true
wait "$WRITER" 2> /dev/null || true
ssdb_log "rewrite surface exited with $rc: $(tail -n 1 "$SSDB_TMPDIR/rewrite.err")"
got=$(dd if="$SLOW" bs=4096 skip=1024 count=1 iflag=direct status=none | sha256sum)
ssdb_assert_eq "$got" "$(sha256sum < "$MARKER")" \
  "the other program's marker at 4 MiB after the rewrite surface"
if [[ $rc -ne 0 ]]; then
  ssdb_assert_eq "$rc" 1 "exit status of the stopped rewrite surface"
  ssdb_assert_contains "$SSDB_TMPDIR/rewrite.err" "Rewrite-in-place stopped"
fi

# -- 7. the medium changes behind the open device during a run ----------------------------------
# Writes at 8 MB/s: the fill of 16 MiB takes 2 s; 1 s in, the backing file grows to 24 MiB and
# the loop device is told (losetup -c), so its size changes under the open descriptor. The
# write tests that come after must refuse, and the bytes past the old end stay zero.
ssdb_loop_create GROWN 16M 512 random
GROWN_FILE=$SSDB_LOOP_FILE
ssdb_blkio_create GRP2
ssdb_blkio_limit "$GRP2" "$GROWN" 0 8000000 0 0
(
  echo "$BASHPID" > "$GRP2/cgroup.procs" || exit 1
  exec env --default-signal=INT,TERM "$SSDBENCH_CLI" run summary "$GROWN" --destroy-data \
    "$GROWN" --size 16M --count 1 --duration 1 --json "$SSDB_TMPDIR/grown.json"
) > "$SSDB_TMPDIR/grown.out" 2> "$SSDB_TMPDIR/grown.err" &
RUN=$!
ssdb_track_pid "$RUN"
sleep 1
truncate -s 24M "$GROWN_FILE"
losetup -c "$GROWN"
rc=0
wait "$RUN" || rc=$?
ssdb_log "summary over a changed medium exited with $rc: $(tail -n 1 "$SSDB_TMPDIR/grown.err")"
ssdb_assert_eq "$rc" 1 "exit status of the summary whose medium changed"
ssdb_assert_json "$SSDB_TMPDIR/grown.json" \
  "any('changed during the run' in (t.get('message') or '') for t in d['tests'] if t.get('rw') == 'write')" \
  "a write test names the changed medium"
got=$(dd if="$GROWN_FILE" bs=1M skip=16 count=8 status=none | tr -d '\0' | wc -c)
ssdb_assert_eq "$got" 0 "bytes written past the old end of the device"

ssdb_log "all stack refusals held"
