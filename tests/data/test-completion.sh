#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sources the bash completion of ssdbench-cli and checks what it offers for a few command
# lines, against the real program (its --help texts) and this machine's block devices.
# Usage: test-completion.sh COMPLETION_FILE SSDBENCH_CLI. Prints TAP.
set -uo pipefail

completion=$1
cli=$2
n=0
failed=0

# shellcheck source=/dev/null
source "$completion"

# complete WORD... : runs the completion with the last word as the one being typed.
complete_words() {
  COMP_WORDS=("$cli" "$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="${COMP_WORDS[*]}"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _ssdbench_cli
  printf '%s\n' "${COMPREPLY[@]}" | sort
}

# expect "WHAT" "EXPECTED (sorted, one per line)" WORD...
expect() {
  local what=$1 want=$2 got
  shift 2
  got=$(complete_words "$@")
  n=$((n + 1))
  if [[ $got == "$want" ]]; then
    echo "ok $n - $what"
  else
    echo "not ok $n - $what"
    echo "# words: $*"
    echo "# want: $(tr '\n' ' ' <<< "$want")"
    echo "# got:  $(tr '\n' ' ' <<< "$got")"
    failed=1
  fi
}

# expect_has "WHAT" ITEM WORD... : ITEM is among the completions.
expect_has() {
  local what=$1 item=$2 got
  shift 2
  got=$(complete_words "$@")
  n=$((n + 1))
  if grep -qxF -- "$item" <<< "$got"; then
    echo "ok $n - $what"
  else
    echo "not ok $n - $what"
    echo "# words: $*"
    echo "# got: $(tr '\n' ' ' <<< "$got")"
    failed=1
  fi
}

complete -p ssdbench-cli > /dev/null 2>&1 && n=$((n + 1)) && echo "ok $n - complete -F is registered for ssdbench-cli"

expect_has "commands include run" run ""
expect_has "commands include list" list ""
expect "commands starting with i" "import
info" "i"
expect "commands starting with h" "health
help" "h"
expect "health options starting with --s" "--selftest" health /dev/null --s
expect "self-test types" "short" health /dev/null --selftest sh
expect "top-level options" "--help
--version" "--"
expect_has "tests after run include summary" summary run ""
expect_has "tests after run include fill" fill run ""
expect "tests starting with re (every test of run --help)" "readback
recovery" run re
expect "export options starting with --q" "--quiet" export r.json --q
expect "import options starting with --o" "--output-dir" import cdm.txt --o
expect "tests starting with su" "summary
surface" run su
expect "summary options starting with --pro" "--profile" run summary /tmp --pro
expect "summary options starting with --de" "--destroy-data" run summary /tmp --de
expect "job options starting with --r" "--read-percent
--rw" run job /tmp --r
expect "profiles" "default
nvme
peak
realworld" run summary /tmp --profile ""
expect "profile after --profile= (split at =)" "realworld" run summary /tmp --profile = r
expect "profile as one word --profile=r" "--profile=realworld" run summary /tmp --profile=r
expect "job access patterns" "rand
seq" run job /tmp --access ""
expect "no values offered for surface --access N" "" run surface /tmp --access ""
expect "export chart sizes" "1200x800
1920x1080" export r.json --size 1
expect "export themes" "high-contrast" export r.json --theme h
expect "export chart languages" "zh_TW" export r.json --lang z
expect "export views" "scan
summary
surface
sweep" export r.json --view s
expect "surface write modes" "destroy
rewrite" run surface /tmp --write ""
expect "tests starting with ra" "randomaccess" run ra
expect "tests starting with as" "asssd" run as
expect "asssd options starting with --d" "--destroy-data
--duration" run asssd /tmp --d
expect "randomaccess options starting with --no" "--no-mix" run randomaccess /tmp --no
expect "randomaccess options starting with --w" "--write-only" run randomaccess /tmp --w
expect "randomaccess sizes after a comma" "4K,64K" run randomaccess /tmp --sizes 4K,6
expect "tests starting with co" "compression
consistency
copy" run co
expect "copy methods" "cached" run copy /tmp --method c
expect "copy sets after a comma" "iso,game
iso,program" run copy /tmp --sets iso,
expect "workload options starting with --cy" "--cycle-qd" run workload /tmp --cy
expect "workload queue depths after a comma, above the last" "1,4,128
1,4,16" run workload /tmp --cycle-qd 1,4,1
expect "workload queue depths: none below the last" "" run workload /tmp --cycle-qd 8,4
expect "export views starting with r" "randomaccess
readback
recovery" export r.json --view r
expect "compare views starting with ra" "randomaccess" compare a.json b.json --view ra
expect "compare views starting with as" "asssd" compare a.json b.json --view as

# Directories for the target, and the block devices this machine has.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/folder-a" "$dir/folder-b"
touch "$dir/report.json" "$dir/notes.txt"
expect "directories as the target" "$dir/folder-a
$dir/folder-b" run summary "$dir/fo"
expect "an option's value is not taken for the target" "$dir/folder-a
$dir/folder-b" run summary --size 1G "$dir/fo"
expect "same with --size=1G split at =" "$dir/folder-a
$dir/folder-b" run summary --size = 1G "$dir/fo"
expect "nothing after the target" "" run summary /tmp "$dir/fo"
# Reports (JSON) and the text results of CrystalDiskMark or KDiskMark (.txt) that export imports
expect "reports for export: JSON and text files and directories" "$dir/folder-a
$dir/folder-b
$dir/notes.txt
$dir/report.json" export "$dir/"
expect "--text takes no separate value: the next word is a report" "$dir/folder-a
$dir/folder-b
$dir/notes.txt
$dir/report.json" export --text "$dir/"
expect "files for --json" "$dir/report.json" run summary /tmp --json "$dir/rep"
dev=""
for d in /sys/class/block/*; do
  [[ -b /dev/${d##*/} ]] && dev=/dev/${d##*/} && break
done
if [[ -n $dev ]]; then
  expect_has "block device $dev as the target" "$dev" run summary "${dev:0:-1}"
  expect_has "block device $dev for --destroy-data" "$dev" run fill "$dev" --destroy-data "${dev:0:-1}"
else
  n=$((n + 1))
  echo "ok $n # SKIP no block device on this machine"
fi

echo "1..$n"
exit $failed
