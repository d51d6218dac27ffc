#!/usr/bin/env python3
"""Regenerate the PKI test corpus under tests/corpus/.

Run by hand (never by CI); CI only reads the committed files.  See README.md.

    python3 tests/corpus/generate.py [--draft PATH-TO-draft-ietf-lamps-dilithium-certificates.txt]

Requirements: Python >= 3.9, `cryptography` >= 48 (ML-DSA support), `certifi`,
the `openssl` command line tool (used for PKCS#7, PKCS#12, one OCSP request,
the RFC 2253 name strings in expected.jsonl and for cross-checking every file).
Optional: `dilithium-py` (pure-Python FIPS 204) for *deterministic* ML-DSA
signatures; without it the script falls back to cryptography's hedged
(randomised) ML-DSA signing and the ML-DSA files change on every run.

Everything is derived from fixed labels: keys are derived deterministically
(RSA primes from a SHA-256 counter DRBG, EC scalars / EdDSA and ML-DSA seeds
from SHA-256/SHAKE-256 of a label), all dates are fixed, ECDSA uses RFC 6979
deterministic nonces and RSA-PSS uses a salt derived from the message.  So a
re-run reproduces the same bytes, except for:
  * pkcs12/encrypted.p12 (OpenSSL picks random salts and IVs),
  * ML-DSA signatures when dilithium-py is not installed,
  * certs/roots/ when the installed certifi version differs.
"""

from __future__ import annotations

import argparse
import warnings
import base64
import datetime as _dt
import hashlib
import ipaddress
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import certifi
import cryptography
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519, mldsa, padding, rsa
from cryptography.x509 import ocsp
from cryptography.x509.name import _ASN1Type
from cryptography.x509.oid import (
    AuthorityInformationAccessOID,
    ExtendedKeyUsageOID,
    NameOID,
    ObjectIdentifier,
)

try:  # deterministic ML-DSA (FIPS 204, "deterministic" variant of ML-DSA.Sign)
    from dilithium_py.ml_dsa import ML_DSA_44, ML_DSA_65, ML_DSA_87

    DILITHIUM_PY = {44: ML_DSA_44, 65: ML_DSA_65, 87: ML_DSA_87}
except ImportError:  # pragma: no cover
    DILITHIUM_PY = None

HERE = Path(__file__).resolve().parent
# Several Mozilla roots have serialNumber 0; cryptography parses them but warns.
warnings.filterwarnings("ignore", category=cryptography.utils.CryptographyDeprecationWarning)
DEFAULT_DRAFT = Path("/work/shared/reference/draft-ietf-lamps-dilithium-certificates-13.txt")
DER = serialization.Encoding.DER
PEM = serialization.Encoding.PEM
SPKI = serialization.PublicFormat.SubjectPublicKeyInfo


def log(*a):
    print(*a, file=sys.stderr)


def utc(*a) -> _dt.datetime:
    return _dt.datetime(*a, tzinfo=_dt.timezone.utc)


# ---------------------------------------------------------------------------
# Minimal DER tree (used to patch what cryptography's builders cannot express)
# ---------------------------------------------------------------------------


class Raw:
    """Pre-encoded bytes standing in for a TLV (for malformed files)."""

    def __init__(self, data: bytes):
        self.data = data

    def encode(self) -> bytes:
        return self.data


class Node:
    """One TLV.  Constructed nodes have `children`, primitive ones `content`.
    `raw_len` overrides the encoded length octets (for malformed files)."""

    def __init__(self, tag: int, content: bytes | None = None, children=None, raw_len: bytes | None = None):
        self.tag = tag
        self.content = content
        self.children = children
        self.raw_len = raw_len

    def encode(self) -> bytes:
        body = b"".join(c.encode() for c in self.children) if self.children is not None else self.content
        return bytes([self.tag]) + (self.raw_len if self.raw_len is not None else enc_len(len(body))) + body

    def __getitem__(self, i):
        return self.children[i]


def enc_len(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def _read(data: bytes, pos: int):
    tag = data[pos]
    if tag & 0x1F == 0x1F:
        raise ValueError("high tag numbers not handled")
    pos += 1
    first = data[pos]
    pos += 1
    if first & 0x80:
        n = first & 0x7F
        length = int.from_bytes(data[pos : pos + n], "big")
        pos += n
    else:
        length = first
    end = pos + length
    if end > len(data):
        raise ValueError("length past end")
    return tag, data[pos:end], end


def parse(data: bytes) -> Node:
    tag, content, end = _read(data, 0)
    if end != len(data):
        raise ValueError("trailing data")
    return _node(tag, content)


def _node(tag: int, content: bytes) -> Node:
    if not tag & 0x20:
        return Node(tag, content=content)
    kids, pos = [], 0
    while pos < len(content):
        t, c, pos2 = _read(content, pos)
        kids.append(_node(t, c))
        pos = pos2
    return Node(tag, children=kids)


def seq(*kids) -> Node:
    return Node(0x30, children=list(kids))


def _oid_der(dotted: str) -> bytes:
    arcs = [int(x) for x in dotted.split(".")]
    vals = [arcs[0] * 40 + arcs[1]] + arcs[2:]
    out = b""
    for v in vals:
        chunk = [v & 0x7F]
        v >>= 7
        while v:
            chunk.append(0x80 | (v & 0x7F))
            v >>= 7
        out += bytes(reversed(chunk))
    return b"\x06" + enc_len(len(out)) + out


def tbs_index(tbs: Node, field: str) -> int:
    """Index of a TBSCertificate field (version may be absent)."""
    order = ["serial", "signature", "issuer", "validity", "subject", "spki"]
    off = 1 if tbs[0].tag == 0xA0 else 0
    return order.index(field) + off


def find_extension(tbs: Node, dotted: str) -> Node:
    exts = [c for c in tbs.children if c.tag == 0xA3][0][0]
    want = _oid_der(dotted)
    for ext in exts.children:
        if ext[0].encode() == want:
            return ext
    raise KeyError(dotted)


# ---------------------------------------------------------------------------
# Deterministic keys
# ---------------------------------------------------------------------------


class Drbg:
    def __init__(self, label: str):
        self.seed = hashlib.sha256(b"synta-corpus/drbg/" + label.encode()).digest()
        self.ctr = 0

    def bytes(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            out += hashlib.sha256(self.seed + self.ctr.to_bytes(8, "big")).digest()
            self.ctr += 1
        return out[:n]

    def int_bits(self, bits: int) -> int:
        return int.from_bytes(self.bytes((bits + 7) // 8), "big") >> ((8 - bits % 8) % 8)


_SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p**0.5) + 1))]


def _probable_prime(n: int, rng: Drbg, rounds: int = 40) -> bool:
    if any(n % p == 0 for p in _SMALL_PRIMES):
        return n in _SMALL_PRIMES
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(rounds):
        a = 2 + rng.int_bits(n.bit_length()) % (n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def rsa_key(label: str, bits: int) -> rsa.RSAPrivateKey:
    rng = Drbg("rsa/" + label)
    e = 65537

    def prime(half: int) -> int:
        while True:
            c = rng.int_bits(half) | (3 << (half - 2)) | 1
            if (c - 1) % e and _probable_prime(c, rng):
                return c

    p = prime(bits // 2)
    q = prime(bits - bits // 2)
    while q == p:
        q = prime(bits - bits // 2)
    if p < q:
        p, q = q, p
    lam = (p - 1) * (q - 1) // _gcd(p - 1, q - 1)
    d = pow(e, -1, lam)
    numbers = rsa.RSAPrivateNumbers(
        p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q), rsa.rsa_crt_iqmp(p, q), rsa.RSAPublicNumbers(e, p * q)
    )
    key = numbers.private_key()
    assert key.key_size == bits
    return key


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


_EC_ORDERS = {
    "secp256r1": 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
    "secp384r1": 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
}


class Key:
    """A private key plus what the certificate machinery needs to know about it."""

    def __init__(self, label: str, kind: str):
        self.label, self.kind = label, kind
        seed = hashlib.sha256(b"synta-corpus/key/" + label.encode()).digest()
        self.mldsa_level = None
        if kind in ("rsa2048", "rsa3072"):
            self.priv = rsa_key(label, int(kind[3:]))
        elif kind in ("p256", "p384"):
            curve = ec.SECP256R1() if kind == "p256" else ec.SECP384R1()
            order = _EC_ORDERS[curve.name]
            scalar = int.from_bytes(hashlib.sha512(seed).digest(), "big") % (order - 1) + 1
            self.priv = ec.derive_private_key(scalar, curve)
        elif kind == "ed25519":
            self.priv = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
        elif kind == "ed448":
            self.priv = ed448.Ed448PrivateKey.from_private_bytes(hashlib.shake_256(seed).digest(57))
        elif kind.startswith("mldsa"):
            self.mldsa_level = int(kind[5:])
            cls = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey, 87: mldsa.MLDSA87PrivateKey}
            self.seed = seed
            self.priv = cls[self.mldsa_level].from_seed_bytes(seed)
            if DILITHIUM_PY:
                pk, self.dpy_sk = DILITHIUM_PY[self.mldsa_level].key_derive(seed)
                assert pk == self.priv.public_key().public_bytes_raw(), "dilithium-py / OpenSSL key mismatch"
        else:
            raise ValueError(kind)
        self.spki = self.priv.public_key().public_bytes(DER, SPKI)

    @property
    def builder_public_key(self):
        """Public key to hand to cryptography's builders (ML-DSA: a dummy, patched later)."""
        return DUMMY.priv.public_key() if self.mldsa_level else self.priv.public_key()

    def ski(self) -> x509.SubjectKeyIdentifier:
        # RFC 5280 4.2.1.2 method (1): SHA-1 of the subjectPublicKey BIT STRING value.
        bits = parse(self.spki)[1].content[1:]
        return x509.SubjectKeyIdentifier(hashlib.sha1(bits).digest())


class Signer:
    """How an issuer signs: key + scheme (+ hash)."""

    def __init__(self, key: Key, scheme: str, hash_alg=None):
        self.key, self.scheme, self.hash = key, scheme, hash_alg

    def builder_args(self):
        """(private key, algorithm, kwargs) for cryptography's *Builder.sign()."""
        if self.scheme == "mldsa":
            return DUMMY.priv, hashes.SHA256(), {"ecdsa_deterministic": True}
        if self.scheme == "pkcs1":
            return self.key.priv, self.hash, {"rsa_padding": padding.PKCS1v15()}
        if self.scheme == "pss":
            pad = padding.PSS(mgf=padding.MGF1(self.hash), salt_length=self.hash.digest_size)
            return self.key.priv, self.hash, {"rsa_padding": pad}
        if self.scheme == "ecdsa":
            return self.key.priv, self.hash, {"ecdsa_deterministic": True}
        return self.key.priv, None, {}

    def alg_der(self) -> bytes | None:
        """AlgorithmIdentifier to force, or None to keep the builder's."""
        if self.scheme != "mldsa":
            return None
        arc = {44: 17, 65: 18, 87: 19}[self.key.mldsa_level]
        return seq(parse(_oid_der(f"2.16.840.1.101.3.4.3.{arc}"))).encode()  # parameters ABSENT

    def sign(self, data: bytes) -> bytes:
        k = self.key.priv
        if self.scheme == "pkcs1":
            return k.sign(data, padding.PKCS1v15(), self.hash)
        if self.scheme == "pss":
            return pss_sign_deterministic(k, data, self.hash)
        if self.scheme == "ecdsa":
            return k.sign(data, ec.ECDSA(self.hash, deterministic_signing=True))
        if self.scheme == "eddsa":
            return k.sign(data)
        if self.scheme == "mldsa":
            if DILITHIUM_PY:  # deterministic ML-DSA.Sign, empty context string
                return DILITHIUM_PY[self.key.mldsa_level].sign(self.key.dpy_sk, data, ctx=b"", deterministic=True)
            return k.sign(data)  # hedged, empty context string
        raise ValueError(self.scheme)

    def describe(self) -> str:
        if self.scheme == "pkcs1":
            return f"sha{self.hash.digest_size * 8}WithRSAEncryption"
        if self.scheme == "pss":
            return f"RSASSA-PSS-{self.hash.name.upper()}"
        if self.scheme == "ecdsa":
            return f"ecdsa-with-{self.hash.name.upper()}"
        if self.scheme == "eddsa":
            return "Ed25519" if self.key.kind == "ed25519" else "Ed448"
        return f"ML-DSA-{self.key.mldsa_level}"


def pss_sign_deterministic(key: rsa.RSAPrivateKey, msg: bytes, h) -> bytes:
    """RFC 8017 RSASSA-PSS with MGF1(h), sLen = hLen, salt derived from the message."""

    def H(b):
        x = hashes.Hash(h)
        x.update(b)
        return x.finalize()

    hlen = h.digest_size
    nums = key.private_numbers()
    n, d = nums.public_numbers.n, nums.d
    em_bits = n.bit_length() - 1
    em_len = (em_bits + 7) // 8
    salt = hashlib.sha256(b"synta-corpus/pss-salt/" + msg).digest()[:hlen]
    mhash = H(msg)
    hh = H(b"\x00" * 8 + mhash + salt)
    db = b"\x00" * (em_len - len(salt) - hlen - 2) + b"\x01" + salt
    mask, c = b"", 0
    while len(mask) < len(db):
        mask += H(hh + c.to_bytes(4, "big"))
        c += 1
    masked = bytearray(a ^ b for a, b in zip(db, mask))
    masked[0] &= 0xFF >> (8 * em_len - em_bits)
    em = bytes(masked) + hh + b"\xbc"
    s = pow(int.from_bytes(em, "big"), d, n)
    sig = s.to_bytes(key.key_size // 8 + (1 if key.key_size % 8 else 0), "big")
    key.public_key().verify(sig, msg, padding.PSS(mgf=padding.MGF1(h), salt_length=hlen), h)
    return sig


def resign(signed_der: bytes, signer: Signer, patch=None, spki: bytes | None = None, kind: str = "cert") -> bytes:
    """Re-sign a SIGNED{} structure (certificate, CRL, CSR, BasicOCSPResponse).

    Replaces the signature AlgorithmIdentifier (in TBS and outside) when the
    signer forces one, the SubjectPublicKeyInfo when given, applies `patch` to
    the TBS node, then signs the re-encoded TBS."""
    top = parse(signed_der)
    tbs = top[0]
    alg = signer.alg_der()
    if alg is not None:
        top.children[1] = parse(alg)
        if kind == "cert":
            tbs.children[tbs_index(tbs, "signature")] = parse(alg)
        elif kind == "crl":
            tbs.children[1 if tbs[0].tag == 0x02 else 0] = parse(alg)
    if spki is not None:
        if kind == "cert":
            tbs.children[tbs_index(tbs, "spki")] = parse(spki)
        elif kind == "csr":
            tbs.children[2] = parse(spki)
        else:
            raise ValueError(kind)
    if patch:
        patch(tbs)
    tbs_der = tbs.encode()
    top.children[2] = Node(0x03, content=b"\x00" + signer.sign(tbs_der))
    return top.encode()


# ---------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------


def A(oid, value, typ=None):
    return x509.NameAttribute(oid, value, _type=typ) if typ else x509.NameAttribute(oid, value)


def name(*rdns) -> x509.Name:
    """Each argument is an attribute or a list of attributes (multi-valued RDN)."""
    return x509.Name([x509.RelativeDistinguishedName(r if isinstance(r, list) else [r]) for r in rdns])


def corpus_name(cn: str, *extra) -> x509.Name:
    return name(A(NameOID.COUNTRY_NAME, "XX"), A(NameOID.ORGANIZATION_NAME, "Synta Test Corpus"), *extra, A(NameOID.COMMON_NAME, cn))


# ---------------------------------------------------------------------------
# Certificate issuance
# ---------------------------------------------------------------------------

NB, NA = utc(2025, 1, 1), utc(2035, 1, 1)
ROOT_NB, ROOT_NA = utc(2025, 1, 1), utc(2045, 1, 1)


class Entity:
    def __init__(self, label, key: Key, der: bytes, signer: Signer, issuer: "Entity | None", note: str):
        self.label, self.key, self.der, self.signer, self.issuer, self.note = label, key, der, signer, issuer, note
        self.cert = x509.load_der_x509_certificate(der)
        self.ski = key.ski()

    @property
    def pem(self) -> bytes:
        return self.cert.public_bytes(PEM)

    def aki(self) -> x509.AuthorityKeyIdentifier:
        return x509.AuthorityKeyIdentifier(self.ski.digest, None, None)


def issue(label, key: Key, subject, issuer: Entity | None, signer: Signer | None = None, *, serial, nb=NB, na=NA,
          exts=(), patch=None, note="", ski=True, aki=True) -> Entity:
    """Build a certificate with cryptography, then finalize with resign()."""
    if issuer is None:
        issuer_name, issuer_key = subject, key
        aki_ext = x509.AuthorityKeyIdentifier(key.ski().digest, None, None)
    else:
        issuer_name, issuer_key = issuer.cert.subject, issuer.key
        aki_ext = issuer.aki()
    signer = signer or default_signer(issuer_key)
    b = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer_name)
        .public_key(key.builder_public_key)
        .serial_number(serial)
        .not_valid_before(nb)
        .not_valid_after(na)
    )
    for ext, crit in exts:
        b = b.add_extension(ext, critical=crit)
    if ski:
        b = b.add_extension(key.ski(), critical=False)
    if aki and not any(isinstance(e, x509.AuthorityKeyIdentifier) for e, _ in exts):
        b = b.add_extension(aki_ext, critical=False)
    pk, alg, kw = signer.builder_args()
    der = b.sign(pk, alg, **kw).public_bytes(DER)
    der = resign(der, signer, patch=patch, spki=key.spki if key.mldsa_level else None)
    return Entity(label, key, der, signer, issuer, note)


def default_signer(key: Key) -> Signer:
    return {
        "rsa2048": lambda: Signer(key, "pkcs1", hashes.SHA256()),
        "rsa3072": lambda: Signer(key, "pkcs1", hashes.SHA256()),
        "p256": lambda: Signer(key, "ecdsa", hashes.SHA256()),
        "p384": lambda: Signer(key, "ecdsa", hashes.SHA384()),
        "ed25519": lambda: Signer(key, "eddsa"),
        "ed448": lambda: Signer(key, "eddsa"),
    }.get(key.kind, lambda: Signer(key, "mldsa"))()


def ca_exts(path_len, ku_digital=False):
    return [
        (x509.BasicConstraints(ca=True, path_length=path_len), True),
        (x509.KeyUsage(ku_digital, False, False, False, False, True, True, False, False), True),
    ]


def ee_ku(digital=True, non_rep=False, key_enc=False, key_agree=False):
    return (x509.KeyUsage(digital, non_rep, key_enc, False, key_agree, False, False, False, False), True)


EE_BC = (x509.BasicConstraints(ca=False, path_length=None), True)
URI = x509.UniformResourceIdentifier
DNS = x509.DNSName
IP = x509.IPAddress


def crldp(url):
    return (x509.CRLDistributionPoints([x509.DistributionPoint([URI(url)], None, None, None)]), False)


def aia(ocsp_url, ca_url):
    descs = []
    if ocsp_url:
        descs.append(x509.AccessDescription(AuthorityInformationAccessOID.OCSP, URI(ocsp_url)))
    descs.append(x509.AccessDescription(AuthorityInformationAccessOID.CA_ISSUERS, URI(ca_url)))
    return (x509.AuthorityInformationAccess(descs), False)


def build_pki():
    """Returns (ordered dict label -> Entity, dict of keys)."""
    global DUMMY
    DUMMY = Key("dummy-for-mldsa-builder", "p256")
    K = {
        "root_rsa": Key("root_rsa", "rsa2048"),
        "root_ec": Key("root_ec", "p384"),
        "root_ed448": Key("root_ed448", "ed448"),
        "root_mldsa87": Key("root_mldsa87", "mldsa87"),
        "int_rsa": Key("int_rsa", "rsa3072"),
        "int_ec": Key("int_ec", "p256"),
        "int_ed25519": Key("int_ed25519", "ed25519"),
        "int_mldsa65": Key("int_mldsa65", "mldsa65"),
        "ee_rsa2048": Key("ee_rsa2048", "rsa2048"),
        "ee_rsa3072": Key("ee_rsa3072", "rsa3072"),
        "ee_p256": Key("ee_p256", "p256"),
        "ee_p384": Key("ee_p384", "p384"),
        "ee_ed25519": Key("ee_ed25519", "ed25519"),
        "ee_ed448": Key("ee_ed448", "ed448"),
        "ee_mldsa44": Key("ee_mldsa44", "mldsa44"),
        "ss_mldsa44": Key("ss_mldsa44", "mldsa44"),
        "misc_p256": Key("misc_p256", "p256"),
        "v1_p256": Key("v1_p256", "p256"),
    }
    E = {}

    def add(e):
        E[e.label] = e
        return e

    # ---- roots -----------------------------------------------------------
    add(issue("root_rsa", K["root_rsa"], corpus_name("Synta Corpus Root CA RSA"), None, serial=1,
              nb=ROOT_NB, na=ROOT_NA, exts=ca_exts(None), aki=False,
              note="self-signed root, RSA-2048, sha256WithRSAEncryption, basicConstraints CA without pathLen"))
    add(issue("root_ec", K["root_ec"], corpus_name("Synta Corpus Root CA P-384"), None, serial=1,
              nb=ROOT_NB, na=ROOT_NA, exts=ca_exts(1),
              note="self-signed root, ECDSA P-384 / ecdsa-with-SHA384, pathLen 1, AKI keyid == SKI"))
    add(issue("root_ed448", K["root_ed448"], corpus_name("Synta Corpus Root CA Ed448"), None, serial=1,
              nb=ROOT_NB, na=ROOT_NA, exts=ca_exts(None, ku_digital=True), aki=False,
              note="self-signed root, Ed448"))
    add(issue("root_mldsa87", K["root_mldsa87"], corpus_name("Synta Corpus Root CA ML-DSA-87"), None, serial=1,
              nb=ROOT_NB, na=ROOT_NA, exts=ca_exts(None, ku_digital=True), aki=False,
              note="self-signed root, ML-DSA-87 key and signature (params absent)"))

    # ---- intermediates ---------------------------------------------------
    nc = x509.NameConstraints(
        permitted_subtrees=[
            DNS("example.com"),
            DNS(".example.org"),
            IP(ipaddress.ip_network("192.0.2.0/24")),
            IP(ipaddress.ip_network("2001:db8::/32")),
            x509.RFC822Name("example.com"),
            x509.DirectoryName(name(A(NameOID.COUNTRY_NAME, "XX"), A(NameOID.ORGANIZATION_NAME, "Synta Test Corpus"))),
        ],
        excluded_subtrees=[
            DNS("forbidden.example.com"),
            IP(ipaddress.ip_network("192.0.2.128/25")),
            IP(ipaddress.ip_network("2001:db8:bad::/48")),
            x509.RFC822Name("blocked@example.com"),
        ],
    )
    add(issue("int_rsa", K["int_rsa"], corpus_name("Synta Corpus Intermediate CA RSA", A(NameOID.ORGANIZATIONAL_UNIT_NAME, "Issuing")),
              E["root_rsa"], serial=0x1000,
              exts=ca_exts(0) + [
                  (nc, True),
                  crldp("http://crl.example.com/root-rsa.crl"),
                  aia(None, "http://pki.example.com/root-rsa.cer"),
                  (x509.CertificatePolicies([x509.PolicyInformation(x509.ObjectIdentifier("2.5.29.32.0"), None)]), False),
              ],
              note="intermediate, RSA-3072 key, sha256WithRSAEncryption by root_rsa; pathLen 0; nameConstraints permitted+excluded (DNS, IPv4, IPv6, email, dirName); CRL DP; AIA caIssuers only; anyPolicy"))
    int_ec_aki = x509.AuthorityKeyIdentifier(
        E["root_ec"].ski.digest, [x509.DirectoryName(E["root_ec"].cert.subject)], E["root_ec"].cert.serial_number)
    add(issue("int_ec", K["int_ec"], corpus_name("Synta Corpus Intermediate CA P-256"), E["root_ec"], serial=0x2000,
              exts=ca_exts(0) + [(int_ec_aki, False), crldp("http://crl.example.com/root-ec.crl")],
              note="intermediate, P-256 key, ecdsa-with-SHA384 by root_ec; AKI with keyIdentifier + authorityCertIssuer + authorityCertSerialNumber"))
    add(issue("int_ed25519", K["int_ed25519"], corpus_name("Synta Corpus Intermediate CA Ed25519"), E["root_ed448"], serial=0x3000,
              exts=ca_exts(0, ku_digital=True),
              note="intermediate, Ed25519 key, Ed448 signature by root_ed448"))
    add(issue("int_mldsa65", K["int_mldsa65"], corpus_name("Synta Corpus Intermediate CA ML-DSA-65"), E["root_mldsa87"], serial=0x4000,
              exts=ca_exts(0, ku_digital=True),
              note="intermediate, ML-DSA-65 key, ML-DSA-87 signature by root_mldsa87"))

    # ---- end entities ----------------------------------------------------
    san_full = x509.SubjectAlternativeName([
        DNS("www.example.com"),
        DNS("*.example.com"),
        IP(ipaddress.ip_address("192.0.2.10")),
        IP(ipaddress.ip_address("2001:db8::10")),
        x509.RFC822Name("admin@example.com"),
        URI("https://www.example.com/path?q=1#frag"),
        x509.DirectoryName(corpus_name("Alternate Directory Name", A(NameOID.ORGANIZATIONAL_UNIT_NAME, "SAN"))),
    ])
    policies = x509.CertificatePolicies([
        x509.PolicyInformation(x509.ObjectIdentifier("2.23.140.1.2.2"), [
            "https://pki.example.com/cps",
            x509.UserNotice(x509.NoticeReference("Synta Test Corpus", [1, 2]), "Test certificate - do not rely on it"),
        ]),
        x509.PolicyInformation(x509.ObjectIdentifier("1.3.6.1.4.1.32473.2.1"), [x509.UserNotice(None, "explicit text only")]),
    ])
    add(issue("ee_rsa2048_tls", K["ee_rsa2048"], corpus_name("www.example.com"), E["int_rsa"], serial=0x1001,
              exts=[
                  EE_BC, ee_ku(key_enc=True),
                  (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]), False),
                  (san_full, False),
                  crldp("http://crl.example.com/int-rsa.crl"),
                  aia("http://ocsp.example.com", "http://pki.example.com/int-rsa.cer"),
                  (policies, False),
              ],
              note="TLS server, RSA-2048, sha256WithRSAEncryption; BC CA:FALSE, KU, EKU, SAN (DNS, wildcard DNS, IPv4, IPv6, email, URI, dirName), SKI, AKI keyid, CRL DP, AIA OCSP+caIssuers, certificatePolicies with CPS + userNotice (noticeRef + explicitText)"))
    add(issue("ee_rsa3072_pss", K["ee_rsa3072"], corpus_name("RSA-PSS Client", A(NameOID.ORGANIZATIONAL_UNIT_NAME, "Clients")),
              E["int_rsa"], Signer(K["int_rsa"], "pss", hashes.SHA256()), serial=0x1002,
              exts=[EE_BC, ee_ku(), (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH]), False),
                    (x509.SubjectAlternativeName([x509.RFC822Name("client@example.com")]), False)],
              note="client cert, RSA-3072 key, RSASSA-PSS (SHA-256, MGF1-SHA-256, saltLength 32) signature by int_rsa"))
    add(issue("ee_p256", K["ee_p256"], corpus_name("ecdsa.example.com"), E["int_ec"], serial=0x2001,
              exts=[
                  EE_BC, ee_ku(key_agree=True),
                  (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False),
                  (x509.SubjectAlternativeName([
                      DNS("ecdsa.example.com"),
                      x509.OtherName(ObjectIdentifier("1.3.6.1.4.1.311.20.2.3"), b"\x0c\x10user@example.com"),
                      x509.RegisteredID(ObjectIdentifier("1.3.6.1.4.1.32473.3")),
                  ]), False),
                  aia("http://ocsp.example.com/ec", "http://pki.example.com/int-ec.cer"),
              ],
              note="TLS server, ECDSA P-256 / ecdsa-with-SHA256; SAN with otherName (UPN) and registeredID"))
    add(issue("ee_p384_smime", K["ee_p384"],
              name(A(NameOID.COUNTRY_NAME, "XX"), A(NameOID.ORGANIZATION_NAME, "Synta Test Corpus"),
                   A(NameOID.COMMON_NAME, "S/MIME User"), A(NameOID.EMAIL_ADDRESS, "smime@example.com")),
              E["int_ec"], Signer(K["int_ec"], "ecdsa", hashes.SHA384()), serial=0x2002,
              exts=[EE_BC, ee_ku(non_rep=True), (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.EMAIL_PROTECTION]), False),
                    (x509.SubjectAlternativeName([x509.RFC822Name("smime@example.com")]), False)],
              note="S/MIME, ECDSA P-384 key, ecdsa-with-SHA384 signature; subject emailAddress (IA5String)"))
    add(issue("ee_ed25519", K["ee_ed25519"], corpus_name("ed25519.example.com"), E["int_ed25519"], serial=0x3001,
              exts=[EE_BC, ee_ku(), (x509.SubjectAlternativeName([DNS("ed25519.example.com")]), False)],
              note="Ed25519 key and signature"))
    add(issue("ee_ed448", K["ee_ed448"], corpus_name("ed448.example.com"), E["int_ed25519"], serial=0x3002,
              exts=[EE_BC, ee_ku(), (x509.SubjectAlternativeName([DNS("ed448.example.com")]), False)],
              note="Ed448 key, Ed25519 signature"))
    add(issue("ee_mldsa44", K["ee_mldsa44"], corpus_name("mldsa44.example.com"), E["int_mldsa65"], serial=0x4001,
              exts=[EE_BC, ee_ku(non_rep=True), (x509.SubjectAlternativeName([DNS("mldsa44.example.com")]), False)],
              note="ML-DSA-44 key, ML-DSA-65 signature"))
    add(issue("selfsigned_mldsa44", K["ss_mldsa44"], corpus_name("Self-signed ML-DSA-44"), None, serial=0x4444,
              exts=[EE_BC, ee_ku()], aki=False,
              note="self-signed end entity, ML-DSA-44 key and signature"))

    # ---- feature certificates (P-256 keys under int_ec) ------------------
    mk = K["misc_p256"]
    add(issue("ee_unknown_ext", mk, corpus_name("Unknown Extensions"), E["int_ec"], serial=0x2101,
              exts=[EE_BC,
                    (x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.32473.1.1"), b"\x0c\x0bhello world"), False),
                    (x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.32473.1.2"), b"\x30\x03\x02\x01\x2a"), True)],
              note="private (RFC 5612 example PEN 32473) extensions: 1.3.6.1.4.1.32473.1.1 non-critical UTF8String, 1.3.6.1.4.1.32473.1.2 CRITICAL SEQUENCE{INTEGER 42}"))
    add(issue("ee_utctime_bounds", mk, corpus_name("UTCTime Bounds"), E["int_ec"], serial=0x2102,
              nb=utc(1950, 1, 1), na=utc(2049, 12, 31, 23, 59, 59), exts=[EE_BC],
              note="validity 1950-01-01T00:00:00Z .. 2049-12-31T23:59:59Z, both UTCTime (the extremes of the RFC 5280 UTCTime window)"))
    add(issue("ee_generalizedtime", mk, corpus_name("GeneralizedTime Validity"), E["int_ec"], serial=0x2103,
              nb=utc(2050, 1, 1), na=utc(9999, 12, 31, 23, 59, 59), exts=[EE_BC],
              note="validity 2050-01-01T00:00:00Z .. 9999-12-31T23:59:59Z, both GeneralizedTime"))
    add(issue("ee_serial_159bit", mk, corpus_name("Serial 20 Octets"), E["int_ec"],
              serial=(int.from_bytes(hashlib.sha256(b"serial159").digest()[:20], "big") & ((1 << 159) - 1)) | (1 << 158),
              exts=[EE_BC],
              note="20-octet positive serial, high bit clear (largest size RFC 5280 allows)"))

    def highbit_serial(tbs):
        tbs.children[tbs_index(tbs, "serial")] = Node(0x02, content=b"\x00" + b"\x80" + hashlib.sha256(b"serial160").digest()[:19])

    add(issue("ee_serial_highbit", mk, corpus_name("Serial High Bit"), E["int_ec"], serial=0x2104, exts=[EE_BC],
              patch=highbit_serial,
              note="serial magnitude is 20 octets with the high bit set, so the DER INTEGER is 21 octets (00 80 ...): valid DER, positive, but over RFC 5280's 20-octet limit"))
    add(issue("ee_multivalued_rdn", mk,
              name(A(NameOID.COUNTRY_NAME, "XX"), A(NameOID.ORGANIZATION_NAME, "Synta Test Corpus"),
                   [A(NameOID.ORGANIZATIONAL_UNIT_NAME, "Unit A"), A(NameOID.ORGANIZATIONAL_UNIT_NAME, "Unit B")],
                   [A(NameOID.COMMON_NAME, "Multi Valued"), A(NameOID.USER_ID, "mv001"), A(NameOID.SERIAL_NUMBER, "42")]),
              E["int_ec"], serial=0x2105, exts=[EE_BC],
              note="subject with multi-valued RDNs (OU+OU, CN+UID+serialNumber)"))
    add(issue("ee_string_types", mk,
              name(A(NameOID.COUNTRY_NAME, "XX"),
                   A(NameOID.ORGANIZATION_NAME, "Printable Org (1998) Ltd.", _ASN1Type.PrintableString),
                   A(NameOID.ORGANIZATIONAL_UNIT_NAME, "BMP Ünïcödé", _ASN1Type.BMPString),
                   A(NameOID.DOMAIN_COMPONENT, "example"),
                   A(NameOID.COMMON_NAME, "Zoë Ångström 認証局 🔐"),
                   A(NameOID.EMAIL_ADDRESS, "zoe@example.com")),
              E["int_ec"], serial=0x2106, exts=[EE_BC],
              note="subject string types: C PrintableString, O PrintableString, OU BMPString, DC IA5String, CN UTF8String with non-ASCII (incl. a 4-byte UTF-8 char), emailAddress IA5String"))
    add(issue("ee_rfc4514_escaping", mk,
              name(A(NameOID.COUNTRY_NAME, "XX"),
                   A(NameOID.ORGANIZATION_NAME, 'Comma, Plus+ Quote" Backslash\\ Semi; Angle<> Equals='),
                   A(NameOID.ORGANIZATIONAL_UNIT_NAME, "#leading hash"),
                   A(NameOID.LOCALITY_NAME, " leading and trailing space "),
                   A(NameOID.COMMON_NAME, "Escaping Test")),
              E["int_ec"], serial=0x2107, exts=[EE_BC],
              note="subject values needing RFC 4514 escaping: , + \" \\ ; < > = inside, leading '#', leading and trailing space"))

    def make_v1(tbs):
        tbs.children = [c for c in tbs.children if c.tag not in (0xA0, 0xA3)]

    add(issue("v1_selfsigned", K["v1_p256"], corpus_name("Version 1 Self-signed"), None, serial=0x01, ski=False, aki=False,
              patch=make_v1, note="X.509 v1 (version field absent, no extensions), self-signed ECDSA P-256"))
    return E, K


# ---------------------------------------------------------------------------
# Other PKI objects
# ---------------------------------------------------------------------------


def build_crls(E):
    out = {}

    def rev(serial, when, reason=None, invalid=None):
        b = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(when)
        if reason:
            b = b.add_extension(x509.CRLReason(reason), critical=False)
        if invalid:
            b = b.add_extension(x509.InvalidityDate(invalid), critical=False)
        return b.build()

    def crl(issuer: Entity, number, this, nxt, revoked, extra=(), signer=None):
        b = (x509.CertificateRevocationListBuilder().issuer_name(issuer.cert.subject)
             .last_update(this).next_update(nxt)
             .add_extension(x509.CRLNumber(number), critical=False)
             .add_extension(issuer.aki(), critical=False))
        for e, c in extra:
            b = b.add_extension(e, critical=c)
        for r in revoked:
            b = b.add_revoked_certificate(r)
        signer = signer or default_signer(issuer.key)
        pk, alg, kw = signer.builder_args()
        return resign(b.sign(pk, alg, **kw).public_bytes(DER), signer, kind="crl")

    R = x509.ReasonFlags
    out["int_rsa.crl"] = (crl(E["int_rsa"], 42, utc(2025, 6, 1), utc(2025, 6, 8), [
        rev(0x1A01, utc(2025, 5, 1, 12), R.key_compromise, utc(2025, 4, 30, 8, 15)),
        rev(0x1A02, utc(2025, 5, 2), R.superseded),
        rev(0x1A03, utc(2025, 5, 3)),
        rev(0x1002, utc(2025, 5, 4), R.certificate_hold),
    ]), E["int_rsa"], "v2 CRL by int_rsa (sha256WithRSAEncryption): crlNumber 42, AKI keyid; 4 entries: keyCompromise+invalidityDate, superseded, no entry extensions, certificateHold (serial of ee_rsa3072_pss)")
    out["root_ec.crl"] = (crl(E["root_ec"], 7, utc(2025, 6, 1), utc(2026, 6, 1), [
        rev(0x2A01, utc(2025, 2, 1), R.ca_compromise, utc(2025, 1, 15)),
    ], extra=[(x509.IssuingDistributionPoint([URI("http://crl.example.com/root-ec.crl")], None, False, True, None, False, False), True)]),
        E["root_ec"], "v2 CRL by root_ec (ecdsa-with-SHA384): crlNumber 7, AKI, critical issuingDistributionPoint (onlyContainsCACerts); 1 entry cACompromise+invalidityDate")
    out["int_ed25519_empty.crl"] = (crl(E["int_ed25519"], 1, utc(2025, 6, 1), utc(2025, 7, 1), []),
                                     E["int_ed25519"], "v2 CRL by int_ed25519 (Ed25519) with no revokedCertificates, crlNumber 1, AKI")
    out["int_mldsa65.crl"] = (crl(E["int_mldsa65"], 3, utc(2025, 6, 1), utc(2025, 7, 1), [
        rev(0x4A01, utc(2025, 5, 20), R.affiliation_changed)]),
        E["int_mldsa65"], "v2 CRL by int_mldsa65 (ML-DSA-65 signature, parameters absent), crlNumber 3, AKI; 1 entry affiliationChanged")
    return out


def build_csrs(K):
    from cryptography.x509.oid import AttributeOID

    out = {}

    def csr(key: Key, subject, exts=(), attrs=(), signer=None):
        b = x509.CertificateSigningRequestBuilder().subject_name(subject)
        for e, c in exts:
            b = b.add_extension(e, critical=c)
        for oid, v in attrs:
            b = b.add_attribute(oid, v)
        signer = signer or default_signer(key)
        pk = key.priv if not key.mldsa_level else DUMMY.priv
        _, alg, kw = signer.builder_args()
        der = b.sign(pk, alg, **kw).public_bytes(DER)
        return resign(der, signer, kind="csr", spki=key.spki if key.mldsa_level else None)

    out["rsa2048.csr"] = (csr(Key("csr_rsa", "rsa2048"), corpus_name("csr-rsa.example.com"),
                              attrs=[(AttributeOID.CHALLENGE_PASSWORD, b"corpus-challenge")]),
                          "RSA-2048, sha256WithRSAEncryption, challengePassword attribute, no extensionRequest")
    out["p256.csr"] = (csr(Key("csr_p256", "p256"), corpus_name("csr-p256.example.com")),
                       "ECDSA P-256, ecdsa-with-SHA256, no attributes")
    out["ed25519.csr"] = (csr(Key("csr_ed25519", "ed25519"), corpus_name("csr-ed25519.example.com")),
                          "Ed25519, no attributes")
    out["p384_extreq_san.csr"] = (csr(Key("csr_p384", "p384"), corpus_name("csr-san.example.com"), exts=[
        (x509.SubjectAlternativeName([DNS("csr-san.example.com"), DNS("alt.example.com"),
                                      IP(ipaddress.ip_address("192.0.2.77")), IP(ipaddress.ip_address("2001:db8::77"))]), False),
        (x509.KeyUsage(True, False, False, False, True, False, False, False, False), True),
        (x509.BasicConstraints(ca=False, path_length=None), True),
    ]), "ECDSA P-384 / ecdsa-with-SHA384 with an extensionRequest attribute (SAN DNS+IPv4+IPv6, critical KU, critical BC)")
    out["mldsa44.csr"] = (csr(Key("csr_mldsa44", "mldsa44"), corpus_name("csr-mldsa44.example.com")),
                          "ML-DSA-44 key and signature (parameters absent), no attributes")
    return out


def build_ocsp(E, tmp: Path):
    out = {}
    ee, ca = E["ee_p256"], E["int_ec"]
    # 1) openssl-made request (SHA-1 CertID, no nonce, deterministic)
    (tmp / "ee.pem").write_bytes(ee.pem)
    (tmp / "ca.pem").write_bytes(ca.pem)
    run(["openssl", "ocsp", "-issuer", tmp / "ca.pem", "-cert", tmp / "ee.pem", "-no_nonce", "-reqout", tmp / "req.der"])
    out["request.der"] = ((tmp / "req.der").read_bytes(), "openssl ocsp request for ee_p256: SHA-1 CertID, no nonce, unsigned")
    # 2) request with SHA-256 CertID and a fixed nonce (cryptography)
    nonce = hashlib.sha256(b"synta-corpus/ocsp-nonce").digest()[:16]
    req = (ocsp.OCSPRequestBuilder().add_certificate(ee.cert, ca.cert, hashes.SHA256())
           .add_extension(x509.OCSPNonce(nonce), critical=False).build())
    out["request_nonce_sha256.der"] = (req.public_bytes(DER), "request for ee_p256: SHA-256 CertID, 16-byte nonce extension")

    def basic_response(builder, signer: Signer, produced: str) -> bytes:
        pk, alg, _ = signer.builder_args()
        resp = builder.sign(pk, alg).public_bytes(DER)
        top = parse(resp)  # OCSPResponse { status, [0] { SEQ { oid, OCTET STRING basic } } }
        rb = top[1][0]
        basic_der = rb[1].content

        def set_produced(tbs):
            for c in tbs.children:
                if c.tag == 0x18:
                    c.content = produced.encode()
                    return
            raise ValueError("no producedAt")

        rb.children[1] = Node(0x04, content=resign(basic_der, signer, patch=set_produced, kind="basic"))
        return top.encode()

    b = (ocsp.OCSPResponseBuilder()
         .add_response(cert=ee.cert, issuer=ca.cert, algorithm=hashes.SHA256(), cert_status=ocsp.OCSPCertStatus.GOOD,
                       this_update=utc(2025, 6, 1, 12), next_update=utc(2025, 6, 8, 12), revocation_time=None, revocation_reason=None)
         .responder_id(ocsp.OCSPResponderEncoding.HASH, ca.cert)
         .add_extension(x509.OCSPNonce(nonce), critical=False))
    out["response_good.der"] = (basic_response(b, default_signer(ca.key), "20250601120000Z"),
                                "successful basic response signed by int_ec (ecdsa-with-SHA256): status good for ee_p256, SHA-256 CertID, responderID byKey, nonce echoing request_nonce_sha256.der, producedAt 2025-06-01T12:00:00Z")
    ee2, ca2 = E["ee_rsa3072_pss"], E["int_rsa"]
    b = (ocsp.OCSPResponseBuilder()
         .add_response(cert=ee2.cert, issuer=ca2.cert, algorithm=hashes.SHA1(), cert_status=ocsp.OCSPCertStatus.REVOKED,
                       this_update=utc(2025, 6, 1), next_update=utc(2025, 6, 2), revocation_time=utc(2025, 5, 4),
                       revocation_reason=x509.ReasonFlags.key_compromise)
         .responder_id(ocsp.OCSPResponderEncoding.NAME, ca2.cert)
         .certificates([ca2.cert]))
    out["response_revoked.der"] = (basic_response(b, default_signer(ca2.key), "20250601000000Z"),
                                   "successful basic response signed by int_rsa (sha256WithRSAEncryption): ee_rsa3072_pss revoked (keyCompromise), SHA-1 CertID, responderID byName, certs [int_rsa]")
    out["response_unauthorized.der"] = (ocsp.OCSPResponseBuilder.build_unsuccessful(ocsp.OCSPResponseStatus.UNAUTHORIZED).public_bytes(DER),
                                        "unsuccessful response (unauthorized, status 6): no responseBytes")
    return out


# ---------------------------------------------------------------------------
# Malformed certificates
# ---------------------------------------------------------------------------


def build_malformed(E):
    """Each entry: name -> (bytes, class, reason). Base: ee_p256 signed by int_ec.
    Where the defect is inside the TBS, the TBS is re-signed so the signature
    is valid over the bytes as written: the encoding defect is the only defect."""
    base_e = E["ee_p256"]
    base = base_e.der
    signer = default_signer(base_e.issuer.key)

    issuer_pub = base_e.issuer.cert.public_key()

    def patched(fn):
        der = resign(base, signer, patch=fn)
        # self-check: the signature is valid over the (defective) TBS bytes as written
        _, body, _ = _read(der, 0)
        _, _, tbs_end = _read(body, 0)
        _, _, alg_end = _read(body, tbs_end)
        _, sig, _ = _read(body, alg_end)
        issuer_pub.verify(sig[1:], body[:tbs_end], ec.ECDSA(hashes.SHA256()))
        return der

    def tree_mod(fn):
        t = parse(base)
        fn(t)
        return t.encode()

    out = {}
    out["empty.der"] = (b"", "invalid", "empty file: no TLV at all")
    out["truncated.der"] = (base[:-10], "invalid", "last 10 bytes cut off: outer length exceeds the data")
    out["truncated_header.der"] = (base[:3], "invalid", "only the first 3 bytes (tag + start of a 2-octet long-form length)")
    out["trailing_garbage.der"] = (base + b"\x00", "invalid", "one extra 0x00 byte after the Certificate SEQUENCE")
    out["wrong_outer_tag.der"] = (b"\x31" + base[1:], "invalid", "outer tag is SET (0x31) instead of SEQUENCE (0x30)")

    def len_plus(t):
        serial = t[0][tbs_index(t[0], "serial")]
        serial.raw_len = bytes([len(serial.content) + 0x40])

    out["length_exceeds_parent.der"] = (tree_mod(len_plus), "invalid",
                                        "serialNumber INTEGER length is 0x40 larger than its content: it runs past the end of the enclosing TBSCertificate")
    out["length_4gib.der"] = (b"\x30\x84\xff\xff\xff\xff" + base[4:], "invalid",
                              "outer length 0x84 FFFFFFFF (4 GiB - 1) with far fewer bytes present")
    out["length_9_octets.der"] = (b"\x30\x89\x01" + b"\x00" * 8 + base[4:], "invalid",
                                  "outer length uses 9 length octets (value 2^64): overflows a 64-bit length")
    n = int.from_bytes(base[2:4], "big")
    out["nonminimal_length_outer.der"] = (b"\x30\x83\x00" + n.to_bytes(2, "big") + base[4:], "ber-only",
                                          "outer length 0x83 00 xx xx: long form with a leading zero octet (DER 10.1: minimum octets)")

    def short_as_long(tbs):
        tbs[0].raw_len = b"\x81\x03"  # version [0] (length 3) in long form

    out["nonminimal_length_long_form.der"] = (patched(short_as_long), "ber-only",
                                              "version [0] length 3 encoded in long form 0x81 0x03 (DER requires the short form for lengths < 128)")

    def bool01(tbs):
        find_extension(tbs, "2.5.29.19")[1].content = b"\x01"

    out["boolean_true_0x01.der"] = (patched(bool01), "ber-only",
                                    "basicConstraints critical BOOLEAN TRUE encoded as 0x01 instead of 0xFF (X.690 11.1)")

    def bool_false(tbs):
        ext = find_extension(tbs, "2.5.29.19")
        ext[1].content = b"\x00"

    out["boolean_default_false_present.der"] = (patched(bool_false), "ber-only",
                                                "extension critical=FALSE encoded explicitly (01 01 00): a DEFAULT value must be omitted in DER (X.690 11.5)")

    def serial_pad(tbs):
        i = tbs_index(tbs, "serial")
        tbs.children[i] = Node(0x02, content=b"\x00" + tbs[i].content)

    out["serial_nonminimal_integer.der"] = (patched(serial_pad), "invalid",
                                            "serialNumber INTEGER with a superfluous leading 0x00 (first 9 bits zero; X.690 8.3.2, invalid even in BER)")

    def serial_empty(tbs):
        tbs.children[tbs_index(tbs, "serial")] = Node(0x02, content=b"")

    out["serial_empty_integer.der"] = (patched(serial_empty), "invalid", "serialNumber INTEGER with zero content octets (X.690 8.3.1)")

    def bits8(t):
        t.children[2].content = b"\x08" + t[2].content[1:]

    out["bitstring_unused_bits_8.der"] = (tree_mod(bits8), "invalid",
                                          "signatureValue BIT STRING initial octet (unused bits) is 8; must be 0..7 (X.690 8.6.2.2)")

    def bits_nonzero_pad(tbs):
        spki = tbs[tbs_index(tbs, "spki")]
        spki.children[1].content = b"\x01" + spki[1].content[1:-1] + bytes([spki[1].content[-1] | 0x01])

    out["bitstring_unused_bits_not_zero.der"] = (patched(bits_nonzero_pad), "ber-only",
                                                 "subjectPublicKey BIT STRING says 1 unused bit but that bit is 1 (DER 11.2.1 requires unused bits to be zero)")

    def bits_constructed(t):
        sig = t[2].content
        t.children[2] = Node(0x23, children=[Node(0x03, content=sig[:20]), Node(0x03, content=b"\x00" + sig[20:])])

    out["bitstring_constructed.der"] = (tree_mod(bits_constructed), "ber-only",
                                        "signatureValue as a constructed BIT STRING (0x23) of two segments (DER 10.2 forbids constructed strings)")
    assert base[1] == 0x82
    out["indefinite_length.der"] = (b"\x30\x80" + base[4:] + b"\x00\x00", "ber-only",
                                    "outer SEQUENCE with indefinite length (0x80 ... 00 00) (DER 10.1)")

    def v1_explicit(tbs):
        tbs.children[0] = Node(0xA0, children=[Node(0x02, content=b"\x00")])
        tbs.children = [c for c in tbs.children if c.tag != 0xA3]

    out["version_v1_explicit.der"] = (patched(v1_explicit), "ber-only",
                                      "version [0] present encoding v1 (A0 03 02 01 00), which is the DEFAULT and must be absent in DER; no extensions")

    def validity(value: bytes, which=0):
        def f(tbs):
            tbs[tbs_index(tbs, "validity")].children[which] = Node(0x17, content=value)
        return f

    out["utctime_no_seconds.der"] = (patched(validity(b"2501010000Z")), "ber-only",
                                     "notBefore UTCTime '2501010000Z' without seconds (allowed by X.680, not by DER 11.8 / RFC 5280)")
    out["utctime_no_z.der"] = (patched(validity(b"250101000000")), "invalid",
                               "notBefore UTCTime '250101000000' with no 'Z' and no offset (X.680 requires one; DER requires 'Z')")
    out["utctime_offset.der"] = (patched(validity(b"250101000000+0100")), "ber-only",
                                 "notBefore UTCTime '250101000000+0100' with a time-zone offset (DER 11.8 requires 'Z')")

    def high_tag(tbs):
        i = tbs_index(tbs, "serial")
        v = tbs[i].content
        tbs.children[i] = Raw(b"\x1f\x02" + enc_len(len(v)) + v)

    out["tag_high_form_low_number.der"] = (patched(high_tag), "invalid",
                                           "serialNumber tag written in high-tag-number form (1F 02) although 2 < 31 (X.690 8.1.2.2)")

    def unsorted_set(tbs):
        subj = tbs[tbs_index(tbs, "subject")]
        avas = [seq(parse(_oid_der("2.5.4.3")), Node(0x0C, content=b"unsorted")),
                seq(parse(_oid_der("0.9.2342.19200300.100.1.1")), Node(0x0C, content=b"uid-value-longer"))]
        avas.sort(key=lambda a: a.encode(), reverse=True)  # DER wants ascending
        assert avas[0].encode() > avas[1].encode()
        subj.children[-1] = Node(0x31, children=avas)

    out["set_of_unsorted.der"] = (patched(unsorted_set), "ber-only",
                                  "multi-valued RDN whose SET OF AttributeTypeAndValue is not in ascending encoding order (DER 11.6)")
    return out


# ---------------------------------------------------------------------------
# Expectations
# ---------------------------------------------------------------------------


def rfc3339(d: _dt.datetime) -> str:
    return d.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def spki_alg_oid(der: bytes) -> str:
    """Dotted OID of SubjectPublicKeyInfo.algorithm, read from the DER (fallback)."""
    tbs = parse(der)[0]
    alg = tbs[tbs_index(tbs, "spki")][0][0]
    body = alg.content
    arcs, v = [], 0
    for b in body:
        v = (v << 7) | (b & 0x7F)
        if not b & 0x80:
            arcs.append(v)
            v = 0
    first = min(arcs[0] // 40, 2)
    return ".".join(str(x) for x in [first, arcs[0] - 40 * first] + arcs[1:])


def openssl_names(path: Path) -> dict:
    p = subprocess.run(["openssl", "x509", "-inform", "DER", "-in", str(path), "-noout", "-subject", "-issuer",
                        "-nameopt", "RFC2253"], capture_output=True)
    if p.returncode != 0:
        return {"issuer_openssl": None, "subject_openssl": None}
    out = {}
    for line in p.stdout.decode("utf-8", "surrogateescape").splitlines():
        k, _, v = line.partition("=")
        out[f"{k.strip()}_openssl"] = v
    return {"issuer_openssl": out.get("issuer_openssl"), "subject_openssl": out.get("subject_openssl")}


def expectation(path: Path) -> dict:
    data = path.read_bytes()
    rec = {"file": path.relative_to(HERE).as_posix()}
    try:
        c = x509.load_der_x509_certificate(data)
        rec["version"] = {x509.Version.v1: 1, x509.Version.v3: 3}[c.version]
        rec["serial"] = format(c.serial_number, "x")
        rec["issuer"] = c.issuer.rfc4514_string()
        rec["subject"] = c.subject.rfc4514_string()
        rec["not_before"] = rfc3339(c.not_valid_before_utc)
        rec["not_after"] = rfc3339(c.not_valid_after_utc)
        rec["signature_algorithm_oid"] = c.signature_algorithm_oid.dotted_string
        try:
            rec["public_key_algorithm_oid"] = c.public_key_algorithm_oid.dotted_string
        except Exception:  # pragma: no cover
            rec["public_key_algorithm_oid"] = spki_alg_oid(data)
        try:
            rec["extensions"] = [{"oid": e.oid.dotted_string, "critical": e.critical} for e in c.extensions]
        except Exception as ex:
            rec["extensions"] = None
            rec["error"] = f"extensions: {type(ex).__name__}: {ex}"
    except Exception as ex:
        rec["error"] = f"{type(ex).__name__}: {ex}"
    rec.update(openssl_names(path))
    rec["sha256"] = hashlib.sha256(data).hexdigest()
    return rec


# ---------------------------------------------------------------------------
# Utilities, verification, main
# ---------------------------------------------------------------------------


def run(cmd, check=True, **kw) -> subprocess.CompletedProcess:
    p = subprocess.run([str(c) for c in cmd], capture_output=True, **kw)
    if check and p.returncode != 0:
        raise RuntimeError(f"command failed ({p.returncode}): {' '.join(map(str, cmd))}\n{p.stderr.decode(errors='replace')}")
    return p


def hashed_name(der: bytes) -> str:
    return hashlib.sha256(der).hexdigest()[:16] + ".der"


def clean_dir(d: Path, pattern="*"):
    d.mkdir(parents=True, exist_ok=True)
    for f in d.glob(pattern):
        if f.is_file():
            f.unlink()


def write_roots() -> int:
    d = HERE / "certs" / "roots"
    clean_dir(d, "*.der")
    pem = Path(certifi.where()).read_text()
    blocks = re.findall(r"-----BEGIN CERTIFICATE-----\s*(.*?)\s*-----END CERTIFICATE-----", pem, re.S)
    seen = set()
    for b in blocks:
        der = base64.b64decode("".join(b.split()))
        fn = hashed_name(der)
        assert fn not in seen, f"sha256 prefix collision {fn}"
        seen.add(fn)
        (d / fn).write_bytes(der)
    return len(blocks)


def write_draft_examples(draft: Path | None) -> int:
    d = HERE / "certs" / "draft-examples"
    if draft is None or not draft.is_file():
        log(f"note: draft text not found ({draft}); keeping certs/draft-examples/ as is")
        return len(list(d.glob("*.der"))) if d.is_dir() else 0
    clean_dir(d, "*.der")
    text = draft.read_text()
    n = 0
    for m in re.finditer(r"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", text, re.S):
        b64 = "".join(l.strip() for l in m.group(1).splitlines() if re.fullmatch(r"[A-Za-z0-9+/=]+", l.strip()))
        der = base64.b64decode(b64)
        c = x509.load_der_x509_certificate(der)
        c.public_key().verify(c.signature, c.tbs_certificate_bytes)  # self-signed ML-DSA
        (d / hashed_name(der)).write_bytes(der)
        n += 1
    return n


def verify_sig(ent: Entity):
    issuer = ent.issuer or ent
    pub = issuer.cert.public_key()
    c = ent.cert
    if issuer.key.mldsa_level:
        pub.verify(c.signature, c.tbs_certificate_bytes)
        assert c.issuer == issuer.cert.subject
    else:
        c.verify_directly_issued_by(issuer.cert)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--draft", type=Path, default=Path(os.environ.get("MLDSA_DRAFT", DEFAULT_DRAFT)),
                    help="draft-ietf-lamps-dilithium-certificates text, source of certs/draft-examples/")
    args = ap.parse_args()
    if DILITHIUM_PY is None:
        log("warning: dilithium-py not installed; ML-DSA signatures will be randomised (hedged)")
    openssl_version = run(["openssl", "version"]).stdout.decode().strip()
    log(f"cryptography {cryptography.__version__}, certifi {certifi.__version__}, {openssl_version}")

    n_roots = write_roots()
    n_draft = write_draft_examples(args.draft)

    E, K = build_pki()
    gen = HERE / "certs" / "generated"
    clean_dir(gen, "*.der")
    index = ["file\tlabel\tkey\tsignature\tissuer\tdescription"]
    for e in E.values():
        verify_sig(e)
        fn = hashed_name(e.der)
        (gen / fn).write_bytes(e.der)
        e.path = gen / fn
        index.append(f"{fn}\t{e.label}\t{e.key.kind}\t{e.signer.describe()}\t{(e.issuer or e).label}\t{e.note}")
    (HERE / "generated_index.tsv").write_text("\n".join(index) + "\n")

    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        for e in E.values():
            (tmp / f"{e.label}.pem").write_bytes(e.pem)

        # OpenSSL chain verification (OpenSSL 3.0 cannot do ML-DSA; those are checked with cryptography above)
        chains = {
            "root_rsa": ["int_rsa", "ee_rsa2048_tls", "ee_rsa3072_pss"],
            "root_ec": ["int_ec", "ee_p256", "ee_p384_smime", "ee_unknown_ext", "ee_utctime_bounds", "ee_generalizedtime",
                        "ee_serial_159bit", "ee_serial_highbit", "ee_multivalued_rdn", "ee_string_types", "ee_rfc4514_escaping"],
            "root_ed448": ["int_ed25519", "ee_ed25519", "ee_ed448"],
            "v1_selfsigned": [],
        }
        for root, leaves in chains.items():
            ints = [l for l in leaves if l.startswith("int_")]
            untrusted = tmp / f"untrusted_{root}.pem"
            untrusted.write_bytes(b"".join(E[i].pem for i in ints))
            for leaf in [root] + leaves:
                cmd = ["openssl", "verify", "-no_check_time", "-x509_strict", "-CAfile", tmp / f"{root}.pem"]
                if ints:
                    cmd += ["-untrusted", untrusted]
                if leaf == "ee_unknown_ext":
                    cmd.append("-ignore_critical")
                if leaf in ("v1_selfsigned", "ee_serial_highbit"):
                    cmd.remove("-x509_strict")  # strict mode rejects v1 CA certs / serials > 20 octets
                run(cmd + [tmp / f"{leaf}.pem"])

        # CRLs
        d = HERE / "crls"
        clean_dir(d)
        crl_index = []
        for fn, (der, issuer, note) in build_crls(E).items():
            path = d / (fn + ".der")
            path.write_bytes(der)
            crl = x509.load_der_x509_crl(der)
            if issuer.key.mldsa_level:
                issuer.cert.public_key().verify(crl.signature, crl.tbs_certlist_bytes)
            else:
                assert crl.is_signature_valid(issuer.cert.public_key()), fn
            run(["openssl", "crl", "-inform", "DER", "-in", path, "-noout", "-text"])
            if not issuer.key.mldsa_level:
                run(["openssl", "crl", "-inform", "DER", "-in", path, "-noout", "-CAfile", tmp / f"{issuer.label}.pem"])
            crl_index.append(f"{path.name}\t{issuer.label}\t{note}")
        (d / "index.tsv").write_text("file\tissuer\tdescription\n" + "\n".join(crl_index) + "\n")

        # CSRs
        d = HERE / "csrs"
        clean_dir(d)
        idx = []
        for fn, (der, note) in build_csrs(K).items():
            path = d / (fn + ".der")
            path.write_bytes(der)
            csr = x509.load_der_x509_csr(der)
            if "mldsa" in fn:
                csr.public_key().verify(csr.signature, csr.tbs_certrequest_bytes)
            else:
                assert csr.is_signature_valid, fn
            run(["openssl", "req", "-inform", "DER", "-in", path, "-noout", "-text"])
            if "mldsa" not in fn:
                run(["openssl", "req", "-inform", "DER", "-in", path, "-noout", "-verify"])
            idx.append(f"{path.name}\t{note}")
        (d / "index.tsv").write_text("file\tdescription\n" + "\n".join(idx) + "\n")

        # OCSP
        d = HERE / "ocsp"
        clean_dir(d)
        idx = []
        for fn, (der, note) in build_ocsp(E, tmp).items():
            path = d / fn
            path.write_bytes(der)
            if fn.startswith("request"):
                ocsp.load_der_ocsp_request(der)
                run(["openssl", "ocsp", "-reqin", path, "-req_text", "-noverify"])
            else:
                r = ocsp.load_der_ocsp_response(der)
                p = run(["openssl", "ocsp", "-respin", path, "-resp_text", "-noverify"], check=False)
                # openssl exits 1 for a non-successful responseStatus after printing it
                assert p.returncode == 0 or b"Responder Error: unauthorized (6)" in p.stdout + p.stderr, p.stderr
                if r.response_status == ocsp.OCSPResponseStatus.SUCCESSFUL:
                    signer_label = "int_ec" if "good" in fn else "int_rsa"
                    root = "root_ec" if signer_label == "int_ec" else "root_rsa"
                    chain = tmp / f"chain_{signer_label}.pem"
                    chain.write_bytes(E[signer_label].pem + E[root].pem)
                    p = run(["openssl", "ocsp", "-respin", path, "-CAfile", chain, "-no_cert_checks",
                             "-VAfile", tmp / f"{signer_label}.pem"])
                    assert b"Response verify OK" in p.stderr + p.stdout, p.stderr
            idx.append(f"{fn}\t{note}")
        (d / "index.tsv").write_text("file\tdescription\n" + "\n".join(idx) + "\n")

        # PKCS#7 certs-only + PEM bundle
        d = HERE / "pkcs7"
        clean_dir(d)
        chain = tmp / "rsa_chain.pem"
        chain.write_bytes(E["ee_rsa2048_tls"].pem + E["int_rsa"].pem + E["root_rsa"].pem)
        run(["openssl", "crl2pkcs7", "-nocrl", "-certfile", chain, "-outform", "DER", "-out", d / "certs_only.p7b.der"])
        p = run(["openssl", "pkcs7", "-inform", "DER", "-in", d / "certs_only.p7b.der", "-print_certs", "-noout"])
        assert p.stdout.count(b"subject=") == 3
        bundle_labels = ["ee_p256", "int_ec", "root_ec", "ee_ed25519", "int_ed25519", "root_ed448", "ee_mldsa44"]
        (d / "bundle.pem").write_bytes(b"".join(E[l].pem for l in bundle_labels))
        assert len(x509.load_pem_x509_certificates((d / "bundle.pem").read_bytes())) == len(bundle_labels)

        # PKCS#12
        d = HERE / "pkcs12"
        clean_dir(d)
        key_pem = tmp / "ee.key"
        key_pem.write_bytes(K["ee_rsa2048"].priv.private_bytes(PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        cas = tmp / "cas.pem"
        cas.write_bytes(E["int_rsa"].pem + E["root_rsa"].pem)
        base = ["openssl", "pkcs12", "-export", "-inkey", key_pem, "-in", tmp / "ee_rsa2048_tls.pem", "-certfile", cas,
                "-name", "synta corpus ee_rsa2048_tls"]
        run(base + ["-keypbe", "NONE", "-certpbe", "NONE", "-nomac", "-passout", "pass:", "-out", d / "unencrypted.p12"])
        run(base + ["-passout", "pass:synta-corpus", "-out", d / "encrypted.p12"])
        for f in d.glob("*.p12"):
            f.chmod(0o644)
        run(["openssl", "pkcs12", "-in", d / "unencrypted.p12", "-info", "-noout", "-passin", "pass:"])
        run(["openssl", "pkcs12", "-in", d / "encrypted.p12", "-info", "-noout", "-passin", "pass:synta-corpus"])
        from cryptography.hazmat.primitives.serialization import pkcs12 as p12

        for fn, pw in (("unencrypted.p12", None), ("encrypted.p12", b"synta-corpus")):
            k, c, extra = p12.load_key_and_certificates((d / fn).read_bytes(), pw)
            assert c == E["ee_rsa2048_tls"].cert and len(extra) == 2, fn

    # every committed certificate parses with openssl
    for f in sorted((HERE / "certs").rglob("*.der")):
        run(["openssl", "x509", "-inform", "DER", "-in", f, "-noout", "-text"])

    # malformed
    d = HERE / "malformed"
    clean_dir(d)
    rows = ["file\tclass\topenssl_x509\topenssl_asn1parse\tcryptography\treason"]
    for fn, (der, cls, reason) in build_malformed(E).items():
        path = d / fn
        path.write_bytes(der)
        ox = run(["openssl", "x509", "-inform", "DER", "-in", path, "-noout"], check=False).returncode
        oa = run(["openssl", "asn1parse", "-inform", "DER", "-in", path], check=False)
        oa_ok = oa.returncode == 0 and b"error" not in oa.stdout.lower() + oa.stderr.lower()
        try:
            x509.load_der_x509_certificate(der)
            cr = "accepted"
        except Exception:
            cr = "rejected"
        rows.append(f"{fn}\t{cls}\t{'rejected' if ox else 'accepted'}\t{'accepted' if oa_ok else 'rejected'}\t{cr}\t{reason}")
    (d / "index.tsv").write_text("\n".join(rows) + "\n")

    # expected.jsonl
    recs = [expectation(f) for f in sorted((HERE / "certs").rglob("*.der"))]
    with open(HERE / "expected.jsonl", "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    log(f"roots {n_roots}, draft examples {n_draft}, generated {len(E)}, expected.jsonl {len(recs)} records "
        f"({sum('error' in r for r in recs)} with error)")


if __name__ == "__main__":
    main()
