#!/usr/bin/env python3
"""Regenerate tests/corpus/keys/ (run by hand, never by CI; see ../README.md).

    python3 tests/corpus/keys/generate.py [PATH-TO-draft-ietf-lamps-dilithium-certificates-13.txt]

Needs `cryptography` >= 48 (ML-DSA). Deterministic: seeds are SHA-256 of fixed labels, so
these are public test keys. The private keys of the draft's Appendix C are extracted from
its text (default path: /work/shared/reference/draft-ietf-lamps-dilithium-certificates-13.txt).
"""

import base64
import hashlib
import re
import sys
from pathlib import Path

from cryptography.hazmat.primitives import serialization as ser
from cryptography.hazmat.primitives.asymmetric import ed25519, mldsa

HERE = Path(__file__).resolve().parent
DRAFT = Path(sys.argv[1] if len(sys.argv) > 1 else
             "/work/shared/reference/draft-ietf-lamps-dilithium-certificates-13.txt")
LEVELS = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey, 87: mldsa.MLDSA87PrivateKey}
PKCS8 = (ser.Encoding.DER, ser.PrivateFormat.PKCS8, ser.NoEncryption())


def tlv(tag: int, body: bytes) -> bytes:
    n = len(body)
    if n < 0x80:
        return bytes([tag, n]) + body
    ln = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(ln)]) + ln + body


def elements(der: bytes) -> list:
    """The TLVs inside the outer SEQUENCE of a DER encoding (definite lengths)."""
    body, out, i = der[2 + (der[1] & 0x7F if der[1] & 0x80 else 0):], [], 0
    while i < len(body):
        first = body[i + 1]
        hdr, n = (2, first) if first < 0x80 else (2 + (first & 0x7F), int.from_bytes(body[i + 2:i + 2 + (first & 0x7F)], "big"))
        out.append(body[i:i + hdr + n])
        i += hdr + n
    return out


rows = []


def write(name, der, parameter_set, form, version, seed, public_key, source, description):
    (HERE / name).write_bytes(der)
    rows.append([name, parameter_set, form, str(version), seed.hex() if seed else "-",
                 str(len(public_key)) if public_key else "-", source, description])


for level, cls in LEVELS.items():
    seed = hashlib.sha256(f"synta corpus key mldsa{level}".encode()).digest()
    key = cls.from_seed_bytes(seed)
    assert key.private_bytes_raw() == seed
    der = key.private_bytes(*PKCS8)
    write(f"mldsa{level}_seed.der", der, f"ML-DSA-{level}", "seed", 1, seed, None, "pyca",
          f"pyca/cryptography PKCS#8 of the ML-DSA-{level} key from the seed SHA-256('synta corpus key mldsa{level}')")
    if level == 65:
        # v2 OneAsymmetricKey (RFC 5958): pyca's v1 fields with version 1 and [1] publicKey.
        pub = key.public_key().public_bytes_raw()
        _, alg, priv = elements(der)
        v2 = tlv(0x30, tlv(0x02, b"\x01") + alg + priv + tlv(0x81, b"\x00" + pub))
        write("mldsa65_seed_v2_public_key.der", v2, "ML-DSA-65", "seed", 2, seed, pub, "pyca+hand",
              "the mldsa65 seed key as a v2 OneAsymmetricKey with its [1] publicKey (pyca's raw public key)")

ed = ed25519.Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"synta corpus key ed25519").digest())
write("ed25519.der", ed.private_bytes(*PKCS8), "-", "-", 1, None, None, "pyca",
      "an Ed25519 PKCS#8 key (RFC 8410), not ML-DSA")

if DRAFT.is_file():
    text = DRAFT.read_text()
    blocks = re.findall(r"-----BEGIN PRIVATE KEY-----(.*?)-----END PRIVATE KEY-----", text, re.S)
    assert len(blocks) == 12, len(blocks)
    names = [f"draft_c1_mldsa{lv}_{form}.der" for lv in LEVELS for form in ("seed", "expanded", "both")]
    names += [f"draft_c4_inconsistent_{i}.der" for i in (1, 2, 3)]
    for name, block in zip(names, blocks):
        b64 = "".join(ln.strip() for ln in block.splitlines() if re.fullmatch(r"[A-Za-z0-9+/=]+", ln.strip()))
        der = base64.b64decode(b64)
        level = int(re.search(r"mldsa(\d+)", name).group(1)) if "c1" in name else 44
        form = "both" if "both" in name or name.endswith("_1.der") else "expandedKey" if "expanded" in name or "c4" in name else "seed"
        seed = bytes(range(32)) if form != "expandedKey" else None
        desc = ("Appendix C.1 example, seed 000102...1f" if "c1" in name
                else "Appendix C.4 example, seed and expandedKey (or its public part) inconsistent")
        write(name, der, f"ML-DSA-{level}", form, 1, seed, None, "draft-13", desc)
else:
    sys.exit(f"{DRAFT} not found: pass the draft text (its Appendix C keys are part of the corpus)")

with open(HERE / "index.tsv", "w") as f:
    f.write("file\tparameter_set\tform\tversion\tseed\tpublic_key_len\tsource\tdescription\n")
    for r in rows:
        f.write("\t".join(r) + "\n")
