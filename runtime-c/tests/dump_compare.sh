#!/usr/bin/env bash
# dump_compare.sh SYNTA_DUMP RUST_SYNTA
#
# Runs the C synta_dump and the Rust `synta dump` over every file of
# tests/corpus/**, every input of tests/vectors/codec.tsv and a few argument
# and input edge cases, under --der, --ber and --cer, and fails on the first
# difference in stdout, stderr or exit status (printing a diff).
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 PATH/TO/synta_dump PATH/TO/synta" >&2
    exit 2
fi
c_bin=$(realpath "$1")
rust_bin=$(realpath "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=0
# compare ARGS...: one run of each tool with the same arguments (stdin from
# $stdin_file when set).
compare() {
    local in=${stdin_file:-/dev/null}
    local crc=0 rrc=0
    "$c_bin" "$@" <"$in" >"$work/c.out" 2>"$work/c.err" || crc=$?
    "$rust_bin" dump "$@" <"$in" >"$work/r.out" 2>"$work/r.err" || rrc=$?
    runs=$((runs + 1))
    if [ "$crc" != "$rrc" ] || ! cmp -s "$work/c.out" "$work/r.out" || ! cmp -s "$work/c.err" "$work/r.err"; then
        echo "dump_compare: difference for: dump $*" >&2
        echo "exit status: C $crc, Rust $rrc" >&2
        diff -u "$work/r.out" "$work/c.out" --label rust.stdout --label c.stdout >&2 || true
        diff -u "$work/r.err" "$work/c.err" --label rust.stderr --label c.stderr >&2 || true
        exit 1
    fi
}

# Real files: certificates (DER and PEM), CRLs, CSRs, OCSP, PKCS#7, PKCS#12, malformed.
while IFS= read -r -d '' f; do
    for r in --der --ber --cer; do
        compare "$r" "$f"
    done
done < <(find "$root/tests/corpus" -type f -print0 | sort -z)

# Codec vectors: each distinct input under each rule set.
n=0
while IFS= read -r hex; do
    f="$work/v$n.bin"
    # Hex to bytes with bash's own printf (no xxd needed).
    printf "$(printf '%s' "$hex" | sed 's/../\\x&/g')" >"$f"
    for r in --der --ber --cer; do
        compare "$r" "$f"
    done
    n=$((n + 1))
done < <(grep -v '^#' "$root/tests/vectors/codec.tsv" | grep -v '^$' | cut -f1 | sort -u)

# Edge cases: usage errors, unreadable inputs, stdin, broken PEM.
printf '\x30\x03\x02\x01\x05' >"$work/ok.der"
compare "$work/ok.der"
compare --ber "$work/ok.der"
compare
compare --ber
compare --der --ber "$work/ok.der"
compare "$work/ok.der" --cer --der
compare --der --der "$work/ok.der"
compare --bogus "$work/ok.der"
compare -x "$work/ok.der"
compare "$work/ok.der" extra
compare --der=1 "$work/ok.der"
compare --help
compare "$work/ok.der" -h
compare -- --der
compare "$work/missing"
compare "$work"
stdin_file="$work/ok.der" compare -
stdin_file="$work/ok.der" compare --cer -
printf -- '-----BEGIN X-----\nMAMCAQU=\n-----END X-----\n' >"$work/p1"
printf -- '-----BEGIN X-----\r\nProc-Type: 4\r\n\r\nMAMC AQU=\r\n-----END X-----\r\n' >"$work/p2"
printf -- '-----BEGIN X-----\nMAMCAQU=\n' >"$work/p3"
printf -- 'x-----BEGIN X-----\nMAMCAQU=\n-----END X-----\n' >"$work/p4"
printf -- '-----BEGIN X-----\nMAMCAQ==\n-----END X-----\n' >"$work/p5"
printf -- '-----BEGIN X-----\nMAMCA=U=\n-----END X-----\n' >"$work/p6"
printf -- '-----BEGIN X-----\nMA*CAQU=\n-----END X-----\n' >"$work/p7"
printf -- '-----BEGIN X-----\n\xff\n-----END X-----\n' >"$work/p8"
printf -- '-----BEGIN X-----\n-----END X-----\n' >"$work/p9"
for p in p1 p2 p3 p4 p5 p6 p7 p8 p9; do
    compare "$work/$p"
done

echo "dump_compare: $runs runs, C and Rust agree"
