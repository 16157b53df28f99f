# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
#
# Real benchmark targets for the tests in tests/real/ and for bench/: zram devices, loop devices
# over sparse files (512 or 4096-byte sectors, direct I/O), read-only loops, ext4 on a loop
# mounted in a temporary directory, a loop used as swap, a loop held open with O_EXCL, a tmpfs
# mount and a cgroup v1 blkio group that throttles one device.
#
# Every function that creates something registers its removal at once; everything is removed in
# reverse order when the script exits (normally, on error, or on SIGINT/SIGTERM). Nothing that
# these functions did not create is ever touched.
#
# Functions that create a target take the name of a variable to receive its path as the first
# argument (they must not run in a $(...) subshell, or the removal would be lost; use upper-case
# variable names: the functions' own locals are lower-case):
#
#   ssdb_zram_create DEV 256M          # DEV=/dev/zramN, empty (reads back zeros)
#   ssdb_fill_random "$DEV"            # incompressible random data, O_DIRECT writes
#   ssdb_loop_create DEV 256M 4096     # loop over a sparse file, 4096-byte sectors
#
# Exit status 77 means "skipped" to meson: ssdb_skip is used when not root or when a kernel part
# is missing.

SSDB_CLEANUP=()
SSDB_TMPDIR=""
SSDB_COUNTER=0
# The system's python3 (for JSON checks and the O_EXCL holder), not a per-user shim.
if [[ -x /usr/bin/python3 ]]; then
  SSDB_PYTHON=/usr/bin/python3
else
  SSDB_PYTHON=python3
fi

# -- messages and skipping ---------------------------------------------------------------------

ssdb_log ()
{
  printf '# %s\n' "$*" >&2
}

ssdb_skip ()
{
  printf 'SKIP: %s\n' "$*" >&2
  exit 77
}

ssdb_fail ()
{
  printf 'FAIL: %s\n' "$*" >&2
  exit 1
}

ssdb_require_root ()
{
  [[ $EUID -eq 0 ]] || ssdb_skip "needs root (creates zram, loop devices and mounts)"
}

# ssdb_require_cmd CMD...: skip unless every command exists.
ssdb_require_cmd ()
{
  local c
  for c in "$@"; do
    command -v "$c" > /dev/null 2>&1 || ssdb_skip "command '$c' is not installed"
  done
}

# -- cleanup stack -----------------------------------------------------------------------------

# ssdb_cleanup_push CMD...: run CMD (as given, one command with its arguments) at exit.
ssdb_cleanup_push ()
{
  local q
  printf -v q '%q ' "$@"
  SSDB_CLEANUP+=("$q")
}

ssdb__cleanup_run ()
{
  local rc=$? i
  set +e
  trap - EXIT INT TERM HUP
  for ((i = ${#SSDB_CLEANUP[@]} - 1; i >= 0; i--)); do
    eval "${SSDB_CLEANUP[i]}" > /dev/null 2>&1
  done
  SSDB_CLEANUP=()
  return "$rc"
}

trap 'ssdb__cleanup_run' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# ssdb_scope_begin: first command of a ( ... ) subshell that creates its own targets: they are
# removed when the subshell exits, and the parent's are left alone.
ssdb_scope_begin ()
{
  SSDB_CLEANUP=()
  SSDB_TMPDIR=""
  trap 'ssdb__cleanup_run' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

# ssdb_retry N CMD...: run CMD up to N times, 0.1 s apart, until it succeeds.
ssdb_retry ()
{
  local n=$1 i
  shift
  for ((i = 0; i < n; i++)); do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}

# ssdb_tmpdir: the directory (created once per script, removed at exit) where backing files and
# mount points live. Under $SSDBENCH_TEST_TMPDIR, else /var/tmp (a real disk, not tmpfs).
ssdb_tmpdir ()
{
  if [[ -z $SSDB_TMPDIR ]]; then
    SSDB_TMPDIR=$(mktemp -d "${SSDBENCH_TEST_TMPDIR:-/var/tmp}/ssdbench-test.XXXXXX")
    ssdb_cleanup_push rm -rf --one-file-system "$SSDB_TMPDIR"
  fi
}

ssdb__new_name ()
{
  SSDB_COUNTER=$((SSDB_COUNTER + 1))
  printf -v "$1" '%s/%s%d' "$SSDB_TMPDIR" "$2" "$SSDB_COUNTER"
}

# ssdb_kill_wait PID: SIGKILL a process this script started and reap it.
ssdb_kill_wait ()
{
  kill -9 "$1" 2> /dev/null
  wait "$1" 2> /dev/null
  return 0
}

# ssdb_track_pid PID: kill the background process PID at exit if still running.
ssdb_track_pid ()
{
  ssdb_cleanup_push ssdb_kill_wait "$1"
}

# -- data --------------------------------------------------------------------------------------

# ssdb_fill_random DEV [BYTES]: write incompressible random data over the first BYTES (default:
# the whole device) with 1 MiB O_DIRECT writes. A zram device or a sparse loop file only returns
# real data after it was written.
ssdb_fill_random ()
{
  local dev=$1 bytes=${2:-}
  [[ -n $bytes ]] || bytes=$(blockdev --getsize64 "$dev")
  dd if=/dev/urandom of="$dev" bs=1M count=$((bytes / 1048576)) oflag=direct conv=notrunc \
    status=none
}

# ssdb_checksum PATH: sha256 of a device or file (prints the hex digest).
ssdb_checksum ()
{
  sha256sum "$1" | cut -d' ' -f1
}

# ssdb_majmin DEV: prints "MAJ:MIN" of a block device.
ssdb_majmin ()
{
  local st
  st=$(stat -L -c '%t %T' "$1") || return 1
  printf '%d:%d\n' "0x${st% *}" "0x${st#* }"
}

# ssdb_wait_blockdev DEV: wait up to 5 s for the node to appear (devtmpfs, no udev needed).
ssdb_wait_blockdev ()
{
  ssdb_retry 50 test -b "$1"
}

# -- zram --------------------------------------------------------------------------------------

ssdb__zram_remove ()
{
  local n=$1
  [[ -e /sys/block/zram$n ]] || return 0
  ssdb_retry 50 sh -c "echo 1 > /sys/block/zram$n/reset"
  ssdb_retry 50 sh -c "echo $n > /sys/class/zram-control/hot_remove"
}

# ssdb_zram_create VAR SIZE: a new zram device of SIZE ("256M", "1G"); VAR gets "/dev/zramN".
ssdb_zram_create ()
{
  local __var=$1 size=$2 n
  ssdb_require_root
  [[ -w /sys/class/zram-control/hot_add ]] ||
    ssdb_skip "zram is not available (no /sys/class/zram-control)"
  n=$(cat /sys/class/zram-control/hot_add) || ssdb_skip "zram hot_add failed"
  ssdb_cleanup_push ssdb__zram_remove "$n"
  echo "$size" > "/sys/block/zram$n/disksize" || ssdb_fail "cannot set zram$n disksize to $size"
  ssdb_wait_blockdev "/dev/zram$n" || ssdb_fail "/dev/zram$n did not appear"
  ssdb_log "created /dev/zram$n ($size)"
  printf -v "$__var" '%s' "/dev/zram$n"
}

# -- loop devices ------------------------------------------------------------------------------

ssdb__loop_detach ()
{
  local dev=$1 file=$2
  # Only detach if the loop still points at our own backing file.
  if losetup -n -O BACK-FILE "$dev" 2> /dev/null | grep -qF "$file"; then
    ssdb_retry 50 losetup -d "$dev"
  fi
}

# ssdb_loop_create VAR SIZE [SECTOR_SIZE [OPTIONS...]]: a loop device with direct I/O over a new
# sparse file of SIZE in the temporary directory. SECTOR_SIZE is 512 (default) or 4096.
# OPTIONS: "ro" (read-only loop), "random" (fill the backing file with random data first),
# "ram" (the backing file lives on a tmpfs of its own, so that the disk under the temporary
# directory, busy or not, never limits the loop device).
# VAR gets "/dev/loopN"; SSDB_LOOP_FILE is set to the backing file.
ssdb_loop_create ()
{
  local __var=$1 size=$2 sector=${3:-512} opt ro=() file dev
  shift 3 2> /dev/null || shift $#
  ssdb_require_root
  ssdb_require_cmd losetup
  ssdb_tmpdir
  ssdb__new_name file loop
  file=$file.img
  if [[ " $* " == *" ram "* ]]; then
    local __ramdir
    ssdb_tmpfs_create __ramdir "$(($(numfmt --from=iec "$size") + 1048576))"
    file=$__ramdir/$(basename "$file")
  fi
  truncate -s "$size" "$file"
  for opt in "$@"; do
    case $opt in
      ro) ro=(-r) ;;
      ram) ;;
      random)
        dd if=/dev/urandom of="$file" bs=1M count=$(($(stat -c %s "$file") / 1048576)) \
          conv=notrunc status=none
        ;;
      *) ssdb_fail "ssdb_loop_create: unknown option $opt" ;;
    esac
  done
  [[ -e /dev/loop-control ]] || ssdb_skip "loop devices are not available (no /dev/loop-control)"
  dev=$(losetup -f --show --direct-io=on --sector-size "$sector" "${ro[@]}" "$file") ||
    ssdb_fail "losetup failed for $file"
  ssdb_cleanup_push ssdb__loop_detach "$dev" "$file"
  ssdb_wait_blockdev "$dev" || ssdb_fail "$dev did not appear"
  ssdb_log "created $dev (${size}, ${sector}-byte sectors${ro:+, read-only}) over $file"
  # shellcheck disable=SC2034 # for the caller
  SSDB_LOOP_FILE=$file
  printf -v "$__var" '%s' "$dev"
}

# -- file systems ------------------------------------------------------------------------------

ssdb__umount ()
{
  local dir=$1
  mountpoint -q "$dir" || return 0
  ssdb_retry 30 umount "$dir" || umount -l "$dir"
}

# ssdb_ext4_create DEV_VAR DIR_VAR SIZE [MOUNT_OPTIONS]: ext4 on a new loop device, mounted on
# a new directory. DEV_VAR gets the loop device, DIR_VAR the mount point. The file system is
# initialised completely at mkfs time (no lazy init writing in the background).
ssdb_ext4_create ()
{
  local __dvar=$1 __mvar=$2 size=$3 mopts=${4:-defaults} __ext4dev __mnt
  ssdb_require_cmd mkfs.ext4 mount umount mountpoint
  ssdb_loop_create __ext4dev "$size" 512
  mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 -m 0 "$__ext4dev" ||
    ssdb_fail "mkfs.ext4 failed on $__ext4dev"
  ssdb__new_name __mnt mnt
  mkdir "$__mnt"
  mount -t ext4 -o "$mopts" "$__ext4dev" "$__mnt" || ssdb_fail "cannot mount $__ext4dev"
  ssdb_cleanup_push ssdb__umount "$__mnt"
  ssdb_log "mounted ext4 on $__ext4dev at $__mnt"
  printf -v "$__dvar" '%s' "$__ext4dev"
  printf -v "$__mvar" '%s' "$__mnt"
}

# ssdb_tmpfs_create DIR_VAR SIZE: a tmpfs of SIZE mounted on a new directory.
ssdb_tmpfs_create ()
{
  local __mvar=$1 size=$2 __mnt
  ssdb_require_root
  ssdb_tmpdir
  ssdb__new_name __mnt tmpfs
  mkdir "$__mnt"
  mount -t tmpfs -o "size=$size,mode=0755" ssdbench-test "$__mnt" || ssdb_fail "cannot mount tmpfs"
  ssdb_cleanup_push ssdb__umount "$__mnt"
  ssdb_log "mounted tmpfs ($size) at $__mnt"
  printf -v "$__mvar" '%s' "$__mnt"
}

# ssdb_df_used DIR: bytes used on the file system of DIR (statfs: (blocks - bfree) x bsize).
ssdb_df_used ()
{
  local bs blocks bfree
  read -r bs blocks bfree < <(stat -f -c '%S %b %f' "$1")
  echo $(((blocks - bfree) * bs))
}

# -- swap --------------------------------------------------------------------------------------

# ssdb_swap_create VAR SIZE: a loop device formatted with mkswap and enabled with swapon.
ssdb_swap_create ()
{
  local __var=$1 size=$2 __swapdev
  ssdb_require_cmd mkswap swapon swapoff
  ssdb_loop_create __swapdev "$size" 4096
  mkswap -q "$__swapdev" > /dev/null || ssdb_fail "mkswap failed on $__swapdev"
  swapon "$__swapdev" || ssdb_skip "swapon refused $__swapdev"
  ssdb_cleanup_push ssdb_retry 30 swapoff "$__swapdev"
  ssdb_log "$__swapdev is used as swap"
  printf -v "$__var" '%s' "$__swapdev"
}

# -- O_EXCL holder -----------------------------------------------------------------------------

# ssdb_hold_excl DEV: open DEV with O_EXCL in a background process (as a mounted file system or
# another program would) until the script exits. SSDB_HOLDER_PID is set to its pid.
ssdb_hold_excl ()
{
  local dev=$1 ready pid i
  ssdb_require_cmd "$SSDB_PYTHON"
  ssdb_tmpdir
  ssdb__new_name ready excl
  "$SSDB_PYTHON" -c '
import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)
open(sys.argv[2], "w").close()
while True:
    time.sleep(60)
' "$dev" "$ready" &
  pid=$!
  ssdb_track_pid "$pid"
  # shellcheck disable=SC2034 # for the caller
  SSDB_HOLDER_PID=$pid
  for ((i = 0; i < 100; i++)); do
    [[ -e $ready ]] && break
    kill -0 "$pid" 2> /dev/null || ssdb_fail "could not open $dev with O_EXCL"
    sleep 0.05
  done
  [[ -e $ready ]] || ssdb_fail "O_EXCL holder of $dev did not start"
  ssdb_log "$dev is held open with O_EXCL by pid $pid"
}

# -- cgroup v1 blkio throttling ----------------------------------------------------------------

SSDB_BLKIO_ROOT=/sys/fs/cgroup/blkio

ssdb__blkio_remove ()
{
  local grp=$1 p
  [[ -d $grp ]] || return 0
  # Processes still inside (a killed run's leftovers) go back to the root group first.
  while read -r p; do
    echo "$p" > "$SSDB_BLKIO_ROOT/cgroup.procs"
  done < "$grp/cgroup.procs"
  ssdb_retry 30 rmdir "$grp"
}

# ssdb_blkio_create VAR: a new cgroup v1 blkio group /sys/fs/cgroup/blkio/ssdbench-test-PID-N;
# VAR gets its directory. Skips when cgroup v1 blkio throttling is not mounted.
ssdb_blkio_create ()
{
  local __var=$1 __grp
  ssdb_require_root
  [[ -e $SSDB_BLKIO_ROOT/blkio.throttle.read_bps_device ]] ||
    ssdb_skip "cgroup v1 blkio throttling is not available at $SSDB_BLKIO_ROOT"
  SSDB_COUNTER=$((SSDB_COUNTER + 1))
  __grp=$SSDB_BLKIO_ROOT/ssdbench-test-$$-$SSDB_COUNTER
  mkdir "$__grp" || ssdb_fail "cannot create $__grp"
  ssdb_cleanup_push ssdb__blkio_remove "$__grp"
  printf -v "$__var" '%s' "$__grp"
}

# ssdb_blkio_limit GROUP DEV READ_BPS WRITE_BPS READ_IOPS WRITE_IOPS: set (or change, while a
# process runs in the group) the limits for DEV; 0 removes a limit. Bytes per second and I/O
# per second.
ssdb_blkio_limit ()
{
  local grp=$1 dev=$2 mm
  mm=$(ssdb_majmin "$dev") || ssdb_fail "$dev is not a block device"
  echo "$mm $3" > "$grp/blkio.throttle.read_bps_device"
  echo "$mm $4" > "$grp/blkio.throttle.write_bps_device"
  echo "$mm $5" > "$grp/blkio.throttle.read_iops_device"
  echo "$mm $6" > "$grp/blkio.throttle.write_iops_device"
}

# ssdb_blkio_run GROUP CMD...: run CMD inside GROUP and return its exit status.
ssdb_blkio_run ()
{
  local grp=$1
  shift
  (
    echo "$BASHPID" > "$grp/cgroup.procs" || exit 1
    exec "$@"
  )
}

# ssdb_blkio_throttled DEV READ_BPS WRITE_BPS READ_IOPS WRITE_IOPS CMD...: run CMD in a new
# group that throttles DEV, then remove the group. Returns CMD's exit status.
ssdb_blkio_throttled ()
{
  local dev=$1 rbps=$2 wbps=$3 riops=$4 wiops=$5 grp rc=0
  shift 5
  ssdb_blkio_create grp
  ssdb_blkio_limit "$grp" "$dev" "$rbps" "$wbps" "$riops" "$wiops"
  ssdb_blkio_run "$grp" "$@" || rc=$?
  ssdb__blkio_remove "$grp"
  return "$rc"
}

# -- running the CLI ---------------------------------------------------------------------------

# The CLI under test: $SSDBENCH_CLI (set by meson test), else ssdbench-cli in a build directory
# given by $SSDBENCH_BUILDDIR, else ./build.
ssdb_find_cli ()
{
  if [[ -z ${SSDBENCH_CLI:-} ]]; then
    SSDBENCH_CLI=${SSDBENCH_BUILDDIR:-build}/src/cli/ssdbench-cli
  fi
  [[ -x $SSDBENCH_CLI ]] || ssdb_fail "ssdbench-cli not found at $SSDBENCH_CLI"
}

# ssdb_cli NAME ARGS...: run the CLI with stdout to $SSDB_TMPDIR/NAME.out and stderr to
# NAME.err. Sets SSDB_RC (exit status), SSDB_OUT and SSDB_ERR (file names). Never fails itself.
ssdb_cli ()
{
  local name=$1
  shift
  ssdb_tmpdir
  SSDB_OUT=$SSDB_TMPDIR/$name.out
  SSDB_ERR=$SSDB_TMPDIR/$name.err
  SSDB_RC=0
  ssdb_log "ssdbench-cli $*"
  "$SSDBENCH_CLI" "$@" > "$SSDB_OUT" 2> "$SSDB_ERR" || SSDB_RC=$?
  ssdb_log "exit status $SSDB_RC"
}

# ssdb_cli_bg NAME ARGS...: start the CLI in the background with SIGINT and SIGTERM at their
# default actions (a non-interactive shell would start it with SIGINT ignored). Sets SSDB_PID.
ssdb_cli_bg ()
{
  local name=$1
  shift
  ssdb_tmpdir
  SSDB_OUT=$SSDB_TMPDIR/$name.out
  SSDB_ERR=$SSDB_TMPDIR/$name.err
  ssdb_log "ssdbench-cli $* &"
  env --default-signal=INT,TERM "$SSDBENCH_CLI" "$@" > "$SSDB_OUT" 2> "$SSDB_ERR" &
  SSDB_PID=$!
  ssdb_track_pid "$SSDB_PID"
}

# ssdb_show_output: print the last CLI run's stdout and stderr into the test log.
ssdb_show_output ()
{
  sed 's/^/  stdout: /' "$SSDB_OUT" >&2
  sed 's/^/  stderr: /' "$SSDB_ERR" >&2
}

# -- assertions --------------------------------------------------------------------------------

# ssdb_assert_rc EXPECTED [WHAT]: the last CLI exit status must be EXPECTED.
ssdb_assert_rc ()
{
  if [[ $SSDB_RC -ne $1 ]]; then
    ssdb_show_output
    ssdb_fail "${2:-ssdbench-cli}: exit status $SSDB_RC, expected $1"
  fi
}

# ssdb_assert_contains FILE TEXT...: FILE must contain every TEXT (fixed strings, any case).
ssdb_assert_contains ()
{
  local file=$1 t
  shift
  for t in "$@"; do
    if ! grep -qiF -- "$t" "$file"; then
      sed 's/^/  | /' "$file" >&2
      ssdb_fail "$(basename "$file") does not contain '$t'"
    fi
  done
}

# ssdb_assert_not_contains FILE TEXT...: FILE must contain no TEXT.
ssdb_assert_not_contains ()
{
  local file=$1 t
  shift
  for t in "$@"; do
    if grep -qiF -- "$t" "$file"; then
      sed 's/^/  | /' "$file" >&2
      ssdb_fail "$(basename "$file") contains '$t'"
    fi
  done
}

# ssdb_assert_eq ACTUAL EXPECTED WHAT
ssdb_assert_eq ()
{
  [[ $1 == "$2" ]] || ssdb_fail "$3: '$1', expected '$2'"
}

# ssdb_json FILE EXPR: evaluate a Python expression over the JSON document in FILE (bound to d)
# and print the result (JSON for lists and objects, true/false for booleans).
ssdb_json ()
{
  "$SSDB_PYTHON" -c '
import json, sys
with open(sys.argv[1]) as f:
    d = json.load(f)
v = eval(sys.argv[2], {"d": d, "any": any, "all": all, "len": len, "min": min, "max": max,
                        "abs": abs, "sum": sum, "sorted": sorted})
if isinstance(v, bool):
    print("true" if v else "false")
elif isinstance(v, (dict, list)):
    print(json.dumps(v))
else:
    print(v)
' "$1" "$2"
}

# ssdb_assert_json FILE EXPR [WHAT]: the Python expression EXPR over the JSON in FILE (bound
# to d) must be true.
ssdb_assert_json ()
{
  local v
  v=$(ssdb_json "$1" "$2") || ssdb_fail "cannot evaluate '$2' on $1"
  if [[ $v != true ]]; then
    ssdb_fail "${3:-JSON check} failed: $2 (on $(basename "$1"))"
  fi
}

# ssdb_now_ns: CLOCK_REALTIME in ns.
ssdb_now_ns ()
{
  date +%s%N
}

# -- fault injection (FUSE) --------------------------------------------------------------------

# ssdbench-faultfs (tests/fault) serves an image file as MOUNT/disk and makes its reads and
# writes fail with EIO, slow down or hang on command; a loop device over MOUNT/disk is a block
# device with real kernel-level faults. Commands go to MOUNT/control (see tests/fault/README.md).
#
#   ssdb_faultfs_create DEV 64M                  # DEV=/dev/loopN over a new faultfs mount
#   ssdb_faultfs_ctl eio read 1048576 4096       # reads touching that byte range fail
#   ssdb_faultfs_ctl hang rw 0 67108864          # every request is held ...
#   ssdb_faultfs_wait_held 1                     # ... (wait until one is)
#   ssdb_faultfs_ctl release                     # ... until released
#   ssdb_faultfs_stat errors                     # prints a counter
#   ssdb_faultfs_cli_bg NAME ARGS...             # ssdb_cli_bg, released first at exit
#
# At exit, held requests are released (or the FUSE connection aborted) before the loop device
# is detached and the file system unmounted, so no request is left waiting in the kernel.

# The file system binary: $SSDBENCH_FAULTFS (set by meson test when libfuse3 was found), else
# tests/fault/ssdbench-faultfs in $SSDBENCH_BUILDDIR.
ssdb_find_faultfs ()
{
  if [[ -z ${SSDBENCH_FAULTFS:-} && -n ${SSDBENCH_BUILDDIR:-} ]]; then
    SSDBENCH_FAULTFS=$SSDBENCH_BUILDDIR/tests/fault/ssdbench-faultfs
  fi
  [[ -n ${SSDBENCH_FAULTFS:-} && -x $SSDBENCH_FAULTFS ]] ||
    ssdb_skip "ssdbench-faultfs was not built (libfuse3 not found)"
  [[ -c /dev/fuse ]] || ssdb_skip "FUSE is not available (no /dev/fuse)"
}

# ssdb__faultfs_release MOUNT: answer every held request; when the file system does not answer
# within 5 s, abort its FUSE connection (held requests then fail instead of waiting forever).
ssdb__faultfs_release ()
{
  local mnt=$1 conn
  ssdb__faultfs_mounted "$mnt" || return 0
  if ! timeout 5 sh -c "echo clear > '$mnt/control'" 2> /dev/null; then
    conn=$(mountpoint -d "$mnt" 2> /dev/null) && conn=${conn#*:}
    [[ -n $conn && -w /sys/fs/fuse/connections/$conn/abort ]] &&
      echo 1 > "/sys/fs/fuse/connections/$conn/abort"
  fi
  return 0
}

# ssdb__faultfs_mounted MOUNT: true while MOUNT is in the mount table (also when its process
# is gone and the mount point answers "Transport endpoint is not connected").
ssdb__faultfs_mounted ()
{
  local dev mnt rest
  while read -r dev mnt rest; do
    [[ $mnt == "$1" ]] && return 0
  done < /proc/self/mounts
  return 1
}

# ssdb__faultfs_stop MOUNT PID: unmount the file system and wait for its process to end.
ssdb__faultfs_stop ()
{
  local mnt=$1 pid=$2 i
  ssdb__faultfs_release "$mnt"
  if ssdb__faultfs_mounted "$mnt"; then
    ssdb_retry 30 umount "$mnt" || umount -l "$mnt"
  fi
  for ((i = 0; i < 50; i++)); do
    kill -0 "$pid" 2> /dev/null || break
    sleep 0.1
  done
  ssdb_kill_wait "$pid"
  return 0
}

# ssdb_faultfs_create VAR SIZE [SECTOR_SIZE]: a new image of SIZE (sparse, in the temporary
# directory) served by ssdbench-faultfs, and a loop device with direct I/O over it (buffered if
# the kernel refuses direct I/O). VAR gets "/dev/loopN"; SSDB_FAULTFS_MNT is the mount point,
# SSDB_FAULTFS_IMAGE the image file, SSDB_FAULTFS_PID the file system's process.
ssdb_faultfs_create ()
{
  local __var=$1 size=$2 sector=${3:-512} img mnt pid dev i
  ssdb_require_root
  ssdb_require_cmd losetup mountpoint timeout
  ssdb_find_faultfs
  [[ -e /dev/loop-control ]] || ssdb_skip "loop devices are not available (no /dev/loop-control)"
  ssdb_tmpdir
  ssdb__new_name img fault
  mnt=$img.mnt
  img=$img.img
  truncate -s "$size" "$img"
  mkdir "$mnt"
  "$SSDBENCH_FAULTFS" "$img" "$mnt" -f -o fsname=ssdbench-faultfs 2> "$mnt.log" &
  pid=$!
  ssdb_cleanup_push ssdb__faultfs_stop "$mnt" "$pid"
  for ((i = 0; i < 100; i++)); do
    [[ -e $mnt/control ]] && break
    kill -0 "$pid" 2> /dev/null || break
    sleep 0.05
  done
  [[ -e $mnt/control ]] || { cat "$mnt.log" >&2; ssdb_fail "ssdbench-faultfs did not mount"; }
  dev=$(losetup -f --show --direct-io=on --sector-size "$sector" "$mnt/disk") ||
    ssdb_fail "losetup failed for $mnt/disk"
  ssdb_cleanup_push ssdb__loop_detach "$dev" "$mnt/disk"
  # Runs first at exit: nothing may still be held when the loop device is detached.
  ssdb_cleanup_push ssdb__faultfs_release "$mnt"
  ssdb_wait_blockdev "$dev" || ssdb_fail "$dev did not appear"
  if [[ $(cat "/sys/block/${dev#/dev/}/loop/dio" 2> /dev/null) != 1 ]]; then
    ssdb_log "$dev: direct I/O refused over FUSE, buffered"
  fi
  ssdb_log "created $dev (${size}, ${sector}-byte sectors) over ssdbench-faultfs at $mnt"
  SSDB_FAULTFS_MNT=$mnt
  # shellcheck disable=SC2034 # for the caller
  SSDB_FAULTFS_IMAGE=$img
  # shellcheck disable=SC2034 # for the caller
  SSDB_FAULTFS_PID=$pid
  printf -v "$__var" '%s' "$dev"
}

# ssdb_faultfs_ctl [-m MOUNT] COMMAND ARGS...: send one command (eio, delay, hang, release,
# forget, clear) to the last file system created (or MOUNT); fails the test when it is refused.
ssdb_faultfs_ctl ()
{
  local mnt=${SSDB_FAULTFS_MNT:-}
  if [[ $1 == -m ]]; then
    mnt=$2
    shift 2
  fi
  ssdb_log "faultfs: $*"
  # shellcheck disable=SC2016 # expanded by sh
  timeout 10 sh -c 'echo "$1" > "$2/control"' sh "$*" "$mnt" ||
    ssdb_fail "faultfs refused or did not answer: $*"
}

# ssdb_faultfs_stat [-m MOUNT] NAME: print a counter (rules, reads, writes, errors, delayed,
# held, released).
ssdb_faultfs_stat ()
{
  local mnt=${SSDB_FAULTFS_MNT:-} name value
  if [[ $1 == -m ]]; then
    mnt=$2
    shift 2
  fi
  while read -r name value; do
    [[ $name == "$1" ]] && { echo "$value"; return 0; }
  done < <(timeout 10 cat "$mnt/control")
  return 1
}

# ssdb_faultfs_cli_bg NAME ARGS...: ssdb_cli_bg for a run that may hang on the last file system
# created: at exit its held requests are released before the CLI is killed and waited for (a
# process with requests in flight cannot end until they complete).
ssdb_faultfs_cli_bg ()
{
  ssdb_cli_bg "$@"
  ssdb_cleanup_push ssdb__faultfs_release "$SSDB_FAULTFS_MNT"
}

# ssdb_faultfs_wait_held N [SECONDS]: wait (default 10 s) until at least N requests are held.
ssdb_faultfs_wait_held ()
{
  local n=$1 secs=${2:-10} i held
  for ((i = 0; i < secs * 20; i++)); do
    held=$(ssdb_faultfs_stat held) || held=0
    ((held >= n)) && return 0
    sleep 0.05
  done
  ssdb_fail "no $n requests held after $secs s (held: ${held:-?})"
}
