#!/usr/bin/env bash
# differential.sh - the C synta_cert tool against the Rust `synta cert` on the corpus.
#
#   differential.sh PATH/TO/synta_cert PATH/TO/synta REPO_ROOT
#
# For every certificate file under tests/corpus/certs/, every file of
# tests/corpus/malformed/, the PEM bundle tests/corpus/pkcs7/bundle.pem and the
# containers tests/corpus/pkcs7/certs_only.p7b.der and tests/corpus/pkcs12/*.p12
# (encrypted.p12, without a certificate outside its encrypted part, fails in both), both
# tools run on the file alone: their exit statuses must be equal, and when both
# accept it, the C output must equal the Rust output projected onto the keys the C
# tool prints (issuer, not_after, not_before, public_key, public_key_algorithm,
# serial, signature_algorithm, subject, version), written compactly as serde_json
# writes it. Needs python3 for the projection (exit 77, "skipped", without it).
# mutations.py runs the same comparison on inputs derived from the corpus and the
# fuzz seeds (ctest's differential_mutations).
set -u

if [ $# -ne 3 ]; then
  echo "usage: $0 SYNTA_CERT SYNTA_RUST REPO_ROOT" >&2
  exit 2
fi
c_tool=$1
rust_tool=$2
root=$3

if ! command -v python3 >/dev/null 2>&1; then
  echo "differential: python3 not found, skipped"
  exit 77
fi
for t in "$c_tool" "$rust_tool"; do
  if [ ! -x "$t" ]; then
    echo "differential: $t is not an executable" >&2
    exit 2
  fi
done

corpus=$root/tests/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

project='
import json, sys
KEYS = ["issuer", "not_after", "not_before", "public_key", "public_key_algorithm",
        "serial", "signature_algorithm", "subject", "version"]
for line in sys.stdin.buffer.read().decode("utf-8").splitlines():
    v = json.loads(line)
    out = {k: v[k] for k in KEYS}
    sys.stdout.buffer.write((json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
'

files=()
while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$corpus/certs" -type f -print0 | sort -z)
while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$corpus/malformed" -type f ! -name '*.tsv' -print0 | sort -z)
for f in pkcs7/bundle.pem pkcs7/certs_only.p7b.der pkcs12/unencrypted.p12 pkcs12/encrypted.p12; do
  [ -f "$corpus/$f" ] && files+=("$corpus/$f")
done

total=0
failed=0
accepted=0
rejected=0
for f in "${files[@]}"; do
  total=$((total + 1))
  "$c_tool" "$f" >"$tmp/c.out" 2>"$tmp/c.err"
  c_rc=$?
  "$rust_tool" cert "$f" >"$tmp/rust.out" 2>"$tmp/rust.err"
  rust_rc=$?
  name=${f#"$corpus"/}
  if [ "$c_rc" -ne "$rust_rc" ]; then
    echo "DIFF $name: exit status C=$c_rc Rust=$rust_rc"
    sed 's/^/  C: /' "$tmp/c.err" | head -3
    sed 's/^/  Rust: /' "$tmp/rust.err" | head -3
    failed=$((failed + 1))
    continue
  fi
  if [ "$c_rc" -ne 0 ]; then
    rejected=$((rejected + 1))
    continue
  fi
  if ! python3 -c "$project" <"$tmp/rust.out" >"$tmp/rust.proj"; then
    echo "DIFF $name: cannot project the Rust output"
    failed=$((failed + 1))
    continue
  fi
  if ! cmp -s "$tmp/c.out" "$tmp/rust.proj"; then
    echo "DIFF $name: output differs"
    diff "$tmp/c.out" "$tmp/rust.proj" | head -6 | sed 's/^/  /'
    failed=$((failed + 1))
    continue
  fi
  accepted=$((accepted + 1))
done

echo "differential: $total files, $accepted accepted alike, $rejected rejected alike, $failed differ"
[ "$failed" -eq 0 ]
