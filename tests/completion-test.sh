#!/usr/bin/env bash
# Drives the bash completion (completion/speedmatrix) as bash does on TAB: loads bash-completion
# and the file, finds the function with `complete -p`, sets COMP_WORDS, COMP_CWORD, COMP_LINE
# and COMP_POINT, calls it, and checks COMPREPLY against the program's real verbs, flags,
# engines and algorithms. TAP. Usage: completion-test.sh COMPLETION_FILE (SPEEDMATRIX and
# SPEEDMATRIX_ENGINE_DIR from the environment).
set -u
completion=$1
program=${SPEEDMATRIX:?}
n=0 failed=0

say() { # ok|not-ok description [diagnostics...]
    n=$((n + 1))
    if [ "$1" = ok ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=$((failed + 1)); fi
    shift 2
    for line in "$@"; do echo "# $line"; done
}

for f in /usr/share/bash-completion/bash_completion; do
    # shellcheck disable=SC1090
    [ -r "$f" ] && source "$f"
done
if ! declare -F _init_completion >/dev/null; then
    echo "1..1"
    echo "not ok 1 bash-completion is not installed (apt-get install bash-completion)"
    exit 1
fi
# shellcheck disable=SC1090
source "$completion"

spec=$(complete -p speedmatrix 2>/dev/null)
func=$(sed -n 's/.*-F \([^ ]*\) .*/\1/p' <<<"$spec")

# complete WORD... : the candidates for the last word, one a line, sorted.
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    # As bash has it: the words as typed, with no blank around a "=" that COMP_WORDBREAKS split.
    local word previous=""
    COMP_LINE=""
    for word in "$@"; do
        if [ -z "$COMP_LINE" ] || [ "$word" = "=" ] || [ "$previous" = "=" ]; then
            COMP_LINE+=$word
        else
            COMP_LINE+=" $word"
        fi
        previous=$word
    done
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    "$func" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort
}

# expect DESCRIPTION EXPECTED-LINES WORD...
expect() {
    local what=$1 want got
    want=$(printf '%s' "$2" | sed '/^$/d' | sort)
    shift 2
    got=$(complete_words "$@")
    if [ "$got" = "$want" ]; then
        say ok "$what"
    else
        say not-ok "$what" "words: $*" "expected: $(tr '\n' ' ' <<<"$want")" \
            "got:      $(tr '\n' ' ' <<<"$got")"
    fi
}

echo "1..16"
if [ -n "$func" ]; then say ok "complete -p speedmatrix names a function ($spec)"; else
    say not-ok "complete -p speedmatrix names a function" "got: $spec"
    exit 1
fi

verbs=$("$program" --help | awk '/^Verbs:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }')
engines=$("$program" list --names engines)
[ -n "$engines" ] || say not-ok "list --names engines is empty"
expect "verbs from speedmatrix --help" "$verbs" "$program" ""
expect "verbs by prefix" $'report\nrun' "$program" r
expect "top-level options" $'--help\n--version' "$program" --
expect "run flags by prefix" $'--engines' "$program" run --eng
expect "list flags" $'--help\n--names\n--why' "$program" list --
expect "engines: all and every engine loaded" "all"$'\n'"$engines" "$program" run --engines ""
expect "engines as the next item of a list" \
    "$(grep '^g' <<<"$engines" | sed 's/^/openssl,/')" "$program" run -e openssl,g
expect "--engines=VALUE" "$(grep '^o' <<<"$engines")" "$program" run --engines = o
expect "algorithms by prefix" \
    "$("$program" list --names algorithms | grep '^aes-128-g')" "$program" run --algorithms aes-128-g
expect "algorithm kinds" $'signature' "$program" run -a si
expect "algorithms as the next item of a list" $'sha256,sm3\nsha256,sm4-cbc' "$program" run -a sha256,sm
expect "operations" $'decaps\ndecrypt\nderive' "$program" run --operations de
# The formats as the verb's own error lists them; json and markdown must be among them.
formats=$("$program" compare --format "" 2>&1 | sed -n 's/.*(valid: \(.*\))$/\1/p' | tr ', ' '\n\n' | grep . | sort)
case $formats in *json*markdown*) ;; *) formats="compare's --format error names no formats" ;; esac
expect "compare --format values" "$formats" "$program" compare --format ""
expect "report --format values" $'html\nmarkdown' "$program" report --format ""
expect "list --names values" $'algorithms\napis\nengines\nkinds\noperations' \
    "$program" list --names ""
exit $((failed > 0))
