#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes the report loader with libFuzzer for a bounded time.
#
#   build-aux/ci-fuzz.sh [SECONDS] [BUILD_DIR]
#
# Builds tests/fuzz-report.c with clang (-Dfuzzing=true) in BUILD_DIR (default build-fuzz in
# the source tree), runs it on a copy of tests/fuzz-corpus/report for SECONDS (default 60) with
# a memory limit, and exits non-zero on a crash, a leak, a timeout or an out-of-memory, printing
# the input that caused it (path, size, base64) and how to reproduce it. The corpus in the
# source tree is never changed; the work directory (the grown copy of the corpus, the log, the
# reproducers) is kept after a failure or with SSDBENCH_FUZZ_KEEP=1, so new inputs can be
# merged into tests/fuzz-corpus/report with:
#   BUILD_DIR/tests/fuzz-report -merge=1 tests/fuzz-corpus/report WORK_DIR/corpus
# Environment: SSDBENCH_FUZZ_RSS_MB (memory limit, default 2048), SSDBENCH_FUZZ_TIMEOUT
# (seconds one input may take, default 10).
set -euo pipefail

seconds=${1:-60}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${2:-$srcdir/build-fuzz}
rss_limit_mb=${SSDBENCH_FUZZ_RSS_MB:-2048}
per_input_timeout=${SSDBENCH_FUZZ_TIMEOUT:-10}

if ! [[ $seconds =~ ^[0-9]+$ ]] || [[ $seconds -lt 1 ]]; then
  echo "ci-fuzz.sh: SECONDS must be a whole number of seconds, not '$seconds'" >&2
  exit 2
fi
if ! command -v clang > /dev/null; then
  echo "ci-fuzz.sh: clang is needed for libFuzzer (apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi

if [[ ! -f $builddir/build.ninja ]]; then
  CC=clang meson setup "$builddir" "$srcdir" -Dfuzzing=true -Dgui=disabled \
    -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized > "$builddir.log" 2>&1 \
    || { cat "$builddir.log" >&2; exit 2; }
fi
ninja -C "$builddir" tests/fuzz-report > "$builddir.log" 2>&1 || { cat "$builddir.log" >&2; exit 2; }
fuzzer=$builddir/tests/fuzz-report

work=$(mktemp -d "${TMPDIR:-/tmp}/ssdbench-fuzz.XXXXXX")
mkdir -p "$work/corpus" "$work/artifacts"
cp "$srcdir"/tests/fuzz-corpus/report/* "$work/corpus/"
n_before=$(find "$work/corpus" -type f | wc -l)

echo "ci-fuzz.sh: fuzzing the report loader for ${seconds} s on $n_before inputs (work dir $work)"
set +e
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  "$fuzzer" -max_total_time="$seconds" -rss_limit_mb="$rss_limit_mb" -timeout="$per_input_timeout" \
  -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
  "$work/corpus" > "$work/fuzz.log" 2>&1
rc=$?
set -e

tail -n 20 "$work/fuzz.log"
n_after=$(find "$work/corpus" -type f | wc -l)
echo "ci-fuzz.sh: corpus $n_before -> $n_after inputs"

shopt -s nullglob
artifacts=("$work"/artifacts/*)
if [[ $rc -ne 0 || ${#artifacts[@]} -gt 0 ]]; then
  echo "ci-fuzz.sh: the fuzzer failed (exit $rc)" >&2
  grep -m 20 -E "ERROR|SUMMARY|runtime error|Assertion|CRITICAL|ERROR:" "$work/fuzz.log" >&2 || true
  for a in "${artifacts[@]}"; do
    echo "ci-fuzz.sh: reproducer $a ($(stat -c %s "$a") bytes), base64:" >&2
    base64 -w 76 "$a" | head -n 200 >&2
    echo "ci-fuzz.sh: reproduce with: $fuzzer $a" >&2
  done
  [[ $rc -ne 0 ]] && exit "$rc"
  exit 1
fi
echo "ci-fuzz.sh: no crash in ${seconds} s"
if [[ -n ${SSDBENCH_FUZZ_KEEP:-} ]]; then
  echo "ci-fuzz.sh: work directory kept: $work"
else
  rm -rf "$work"
fi
