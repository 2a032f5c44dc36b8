# shellcheck shell=bash disable=SC2154 # $units is set by the script that sources this
# What the program says it can do, for the tests that must exercise every verb (sourced by
# stdout-full.sh, bounded-read.sh and output-rule.sh; not run on its own). A unit is a verb, or
# "VERB SUB" for a verb whose --help lists subcommands (store).

# help_section SPEEDMATRIX HEADING [VERB]: the first word of each line under HEADING in the help.
help_section() {
  "$1" ${3:+$3} --help | awk -v heading="$2" '$0 == heading { on = 1; next }
    on && NF == 0 { exit } on { print $1 }'
}

# program_units SPEEDMATRIX: every unit, one a line, in the order of the help.
program_units() {
  local verb sub subs
  for verb in $(help_section "$1" Verbs:); do
    subs=$(help_section "$1" Subcommands: "$verb")
    if [ -z "$subs" ]; then echo "$verb"; else
      for sub in $subs; do echo "$verb $sub"; done
    fi
  done
}

# unit_of COMMAND: the unit a command line runs (its first word, or two for a verb with
# subcommands); needs $units, the output of program_units.
unit_of() {
  local first=${1%% *} rest=${1#* } unit
  while IFS= read -r unit; do
    [ "$unit" = "$first ${rest%% *}" ] && { echo "$unit"; return; }
  done <<<"$units"
  echo "$first"
}

# coverage_problems COVERED...: a line for each unit of $units none of COVERED names, and for
# each of COVERED the program does not report; nothing when they match.
coverage_problems() {
  local unit covered
  while IFS= read -r unit; do
    for covered in "$@"; do [ "$covered" = "$unit" ] && continue 2; done
    echo "the program has \"$unit\" and this test has no row for it"
  done <<<"$units"
  for covered in "$@"; do
    grep -qxF -- "$covered" <<<"$units" ||
      echo "this test has a row for \"$covered\", which the program does not report"
  done
}
