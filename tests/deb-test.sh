#!/usr/bin/env bash
# The Debian package, as CI checks it (meson test --suite deb; not in the default run): built
# with dpkg-buildpackage from a copy of the tree in a temporary directory (so that nothing lands
# beside the clone), lintian with no error, installed on this machine with apt-get, and run from
# the installed files only: --version, list, and a small matrix from the default matrix.ini in
# /usr/share/speedmatrix. The package is purged again at the end unless it was installed
# before. Needs root (CI is). TAP.
# Usage: deb-test.sh SOURCE_DIR PROJECT_VERSION
set -u
source=$1 version=$2
n=0 failed=0
say() { # ok|not-ok description [diagnostics...]
    n=$((n + 1))
    if [ "$1" = ok ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=$((failed + 1)); fi
    shift 2
    for line in "$@"; do printf '%s\n' "$line" | sed 's/^/# /'; done
}
elapsed() { echo "$(($(date +%s) - $1)) s"; }

echo "1..11"
if [ "$(id -u)" -ne 0 ]; then
    for i in $(seq 1 11); do echo "ok $i # SKIP installing a package needs root"; done
    exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sm-deb-XXXXXX")
was_installed=$(dpkg-query -W -f='${Status}' speedmatrix 2>/dev/null | grep -c "install ok installed")
cleanup() {
    if [ "$was_installed" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 purge -y -q speedmatrix speedmatrix-dev >/dev/null 2>&1
    fi
    rm -rf "$work"
}
trap cleanup EXIT
# Nothing of the build tree may leak into what is checked: the installed files only.
unset SPEEDMATRIX_ENGINE_DIR SPEEDMATRIX LD_LIBRARY_PATH

# 1. The changelog's version is the program's.
changelog=$(dpkg-parsechangelog -l "$source/debian/changelog" -S Version)
if [ "$changelog" = "$version" ]; then say ok "debian/changelog is at version $version"; else
    say not-ok "debian/changelog is at the project's version" "changelog $changelog, meson $version"
fi

# 2. Build from a copy: the tracked and new files, not the build directories.
tree=$work/speedmatrix-$version
mkdir -p "$tree"
if git -C "$source" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$source" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | tar -xf - -C "$tree"
else
    tar -C "$source" --exclude='./build*' -cf - . | tar -xf - -C "$tree"
fi
start=$(date +%s)
if (cd "$tree" && DEB_BUILD_OPTIONS="nocheck parallel=2" nice -n 19 \
        dpkg-buildpackage -b -us -uc -Pnocheck >"$work/build.log" 2>&1); then
    say ok "dpkg-buildpackage -b -us -uc ($(elapsed "$start"))" \
        "$(cd "$work" && ls -1 ./*.deb)"
else
    say not-ok "dpkg-buildpackage -b -us -uc" "$(tail -40 "$work/build.log")"
    exit 1
fi

# 3. lintian: no error; everything it says goes to the log.
start=$(date +%s)
lintian_out=$(lintian --fail-on error --display-info "$work"/speedmatrix_"$version"_*.changes 2>&1)
lintian_status=$?
lintian_out=$(grep -v "running with root privileges" <<<"$lintian_out")
if [ $lintian_status -eq 0 ]; then
    say ok "lintian: no error ($(grep -c '^E:' <<<"$lintian_out") E, $(grep -c '^W:' <<<"$lintian_out") W, $(grep -c '^I:' <<<"$lintian_out") I; $(elapsed "$start"))" \
        "${lintian_out:-(nothing to say)}"
else
    say not-ok "lintian: no error" "$lintian_out"
fi

# 4. Installed with its dependencies.
if out=$(DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends \
        "$work"/speedmatrix_"$version"_*.deb "$work"/speedmatrix-dev_"$version"_*.deb 2>&1); then
    say ok "apt-get install ./speedmatrix_*.deb ./speedmatrix-dev_*.deb"
else
    say not-ok "apt-get install ./speedmatrix_*.deb ./speedmatrix-dev_*.deb" "$out"
    exit 1
fi

# From here on: /usr/bin/speedmatrix, run where no matrix.ini or build tree is.
bin=/usr/bin/speedmatrix
mkdir -p "$work/empty" && cd "$work/empty" || exit 1
enginedir=/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/speedmatrix/engines

# 5. --version
out=$("$bin" --version 2>&1)
if [ $? -eq 0 ] && grep -q "^speedmatrix $version\$" <<<"$out" &&
    grep -q "(loaded from $enginedir)" <<<"$out" && grep -Eq '^  openssl +OpenSSL +[0-9]' <<<"$out"; then
    say ok "speedmatrix --version" "$out"
else
    say not-ok "speedmatrix --version" "$out"
fi

# 6. list
out=$("$bin" list 2>&1)
if [ $? -eq 0 ] && grep -q "engines (loaded from $enginedir):" <<<"$out" && grep -q "^sha256 " <<<"$out"; then
    say ok "speedmatrix list" "$(sed -n '1,/^$/p' <<<"$out")"
else
    say not-ok "speedmatrix list" "$out"
fi

# 7. A small matrix: the default matrix.ini from /usr/share/speedmatrix (none here), narrowed.
start=$(date +%s)
csv=$("$bin" run --engines openssl --algorithms sha256 --sizes 64 --time 0.05 --passes 1 \
    -q --no-table -o - 2>"$work/run.err")
status=$?
rows=$(python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    print(r["engine"], r["algorithm"], r["api"], r["block_size"], r["status"], r["ops_per_sec"])
' <<<"$csv")
if [ $status -eq 0 ] && [ "$(grep -c ' ok [0-9]' <<<"$rows")" -eq 2 ] && [ "$(wc -l <<<"$rows")" -eq 2 ]; then
    say ok "speedmatrix run with /usr/share/speedmatrix/matrix.ini, openssl sha256 64 bytes ($(elapsed "$start"))" "$rows"
else
    say not-ok "speedmatrix run with /usr/share/speedmatrix/matrix.ini" "status $status" "$rows" "$(cat "$work/run.err")"
fi

# 8. The manual pages, found by man and rendered without a warning.
out=$( { MANWIDTH=80 man --warnings -P cat speedmatrix >/dev/null && MANWIDTH=80 man --warnings -P cat 7 speedmatrix-engine >/dev/null; } 2>&1)
if [ $? -eq 0 ] && [ -z "$out" ]; then
    say ok "man speedmatrix, man 7 speedmatrix-engine: $(man -w speedmatrix) $(man -w 7 speedmatrix-engine)"
else
    say not-ok "man speedmatrix, man 7 speedmatrix-engine" "$out"
fi

# 9. The completion, where bash-completion loads it on demand, completing real engines.
out=$(bash -c 'source /usr/share/bash-completion/bash_completion
    _completion_loader speedmatrix
    COMP_WORDS=(speedmatrix run --engines o); COMP_CWORD=3; COMP_LINE="speedmatrix run --engines o"
    COMP_POINT=${#COMP_LINE}; _speedmatrix speedmatrix o --engines; echo "${COMPREPLY[*]}"' 2>&1)
if [ "$out" = "openssl" ]; then say ok "bash completion loads and completes --engines o to openssl"; else
    say not-ok "bash completion loads and completes --engines o to openssl" "got: $out"
fi

# 10. The SDK from the -dev package.
cflags=$(pkg-config --cflags speedmatrix-engine 2>&1 | sed "s/ *$//")
dir=$(pkg-config --variable=enginedir speedmatrix-engine 2>&1)
if [ "$cflags" = "-I/usr/include/speedmatrix" ] && [ "$dir" = "$enginedir" ] &&
    [ -f /usr/include/speedmatrix/engine.h ]; then
    say ok "speedmatrix-engine.pc: $cflags, enginedir=$dir"
else
    say not-ok "speedmatrix-engine.pc" "cflags: $cflags" "enginedir: $dir"
fi

# 11. Removed cleanly (when this test installed it).
if [ "$was_installed" = 0 ]; then
    if out=$(DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 purge -y -q speedmatrix speedmatrix-dev 2>&1) &&
        [ ! -e "$bin" ] && [ ! -e "$enginedir" ]; then
        say ok "apt-get purge leaves nothing behind"
    else
        say not-ok "apt-get purge leaves nothing behind" "$out"
    fi
else
    echo "ok $((n += 1)) # SKIP speedmatrix was installed before this test: left installed"
fi
exit $((failed > 0))
