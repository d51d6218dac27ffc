#!/usr/bin/env python3
"""mutations.py - the C synta_cert tool against the Rust `synta cert` on mutated inputs.

    mutations.py SYNTA_CERT SYNTA_RUST REPO_ROOT [COUNT] [SEED]

Derives COUNT (default 3000) inputs, deterministically from SEED (default 1), from
the seeds of the C fuzz target (scripts/fuzz-c: the certificates of tests/corpus and
the inputs of tests/vectors/codec.tsv) plus the files of tests/corpus/malformed, and
runs both tools on each (on standard input). Their exit statuses must be equal; when
both accept an input the C line must equal the Rust line projected onto the keys the C
tool prints (as differential.sh does for the corpus), and when both reject it they must
report the error at the same byte offset ("at byte N" in both messages).

Mutations, one to three per input: bit flips, byte overwrites with boundary values,
byte insertion and deletion, truncation, and on the TLV tree of a certificate (its
lengths then re-encoded so that the input stays well framed; the DER inside OCTET
STRINGs and BIT STRINGs, such as extension values and keys, is part of the tree): tag changes, length
octets made non-minimal or indefinite, contents grown or shrunk by one octet, an
element deleted or duplicated, an element swapped with one of another seed
(splicing), an INTEGER or string contents replaced by boundary values. The random
numbers come from a SplitMix64 generator, so the inputs are the same on every run
and every Python version.
"""
import json
import os
import re
import subprocess
import sys

KEYS = ["issuer", "not_after", "not_before", "public_key", "public_key_algorithm",
        "serial", "signature_algorithm", "subject", "version"]
MASK = (1 << 64) - 1


class Rng:
    """SplitMix64."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n if n > 0 else 0

    def pick(self, seq):
        return seq[self.below(len(seq))]


# ------------------------------------------------------------------ seeds

def pem_to_der(text):
    """The base64 bodies of the PEM blocks of |text| (bytes)."""
    import base64
    out = []
    lines = text.decode("ascii", "replace").splitlines()
    body = None
    for line in lines:
        if line.startswith("-----BEGIN"):
            body = []
        elif line.startswith("-----END"):
            if body is not None:
                try:
                    out.append(base64.b64decode("".join(body), validate=False))
                except ValueError:
                    pass
            body = None
        elif body is not None and ":" not in line:
            body.append(line.strip())
    return out


def load_seeds(root):
    corpus = os.path.join(root, "tests", "corpus")
    certs = []
    for d, _, files in sorted(os.walk(os.path.join(corpus, "certs"))):
        for f in sorted(files):
            with open(os.path.join(d, f), "rb") as fh:
                data = fh.read()
            certs.extend(pem_to_der(data) if b"-----BEGIN" in data else [data])
    others = []
    mdir = os.path.join(corpus, "malformed")
    for f in sorted(os.listdir(mdir)):
        if not f.endswith(".tsv"):
            with open(os.path.join(mdir, f), "rb") as fh:
                others.append(fh.read())
    with open(os.path.join(root, "tests", "vectors", "codec.tsv"), encoding="utf-8") as fh:
        hexes = sorted({line.split("\t")[0] for line in fh if line.strip() and not line.startswith("#")})
    for h in hexes:
        try:
            others.append(bytes.fromhex(h))
        except ValueError:
            pass
    return certs, others


# --------------------------------------------------------------- TLV tree

class Node:
    __slots__ = ("tag", "children", "content", "prefix")

    def __init__(self, tag, children, content, prefix=b""):
        self.tag = tag  # the identifier octets
        # the elements of a constructed value, or of the DER that an OCTET STRING or
        # BIT STRING (after its |prefix|, the unused-bits octet) encapsulates; else None
        self.children = children
        self.content = content  # contents octets of the other values
        self.prefix = prefix

    def copy(self):
        return Node(self.tag, [c.copy() for c in self.children] if self.children is not None else None,
                    self.content, self.prefix)


def parse_tlvs(data, pos, end, depth):
    nodes = []
    while pos < end:
        start = pos
        if pos >= end:
            return None
        first = data[pos]
        pos += 1
        if first & 0x1F == 0x1F:
            while pos < end and data[pos] & 0x80:
                pos += 1
            pos += 1
        if pos >= end:
            return None
        tag = data[start:pos]
        b = data[pos]
        pos += 1
        if b < 0x80:
            length = b
        elif b == 0x80 or b > 0x84:
            return None
        else:
            n = b & 0x7F
            if pos + n > end:
                return None
            length = int.from_bytes(data[pos:pos + n], "big")
            pos += n
        if pos + length > end:
            return None
        contents = data[pos:pos + length]
        children = None
        prefix = b""
        if first & 0x20 and depth < 40:
            children = parse_tlvs(data, pos, pos + length, depth + 1)
        elif first in (0x03, 0x04) and depth < 40 and length > 2:
            prefix = contents[:1] if first == 0x03 else b""
            if first == 0x04 or prefix == b"\x00":
                children = parse_tlvs(data, pos + len(prefix), pos + length, depth + 1) or None
        nodes.append(Node(tag, children, contents if children is None else None, prefix if children else b""))
        pos += length
    return nodes


def encode_length(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def encode(node, special=None):
    """DER-like encoding of |node|; |special| maps id(node) to a length octets rewrite."""
    if node.children is not None:
        body = node.prefix + b"".join(encode(c, special) for c in node.children)
    else:
        body = node.content
    how = special.get(id(node)) if special else None
    if how == "indefinite":
        return node.tag + b"\x80" + body + b"\x00\x00"
    if how == "long":
        b = len(body).to_bytes(max(1, (len(body).bit_length() + 7) // 8), "big")
        return node.tag + bytes([0x80 | (len(b) + 1)]) + b"\x00" + b + body
    return node.tag + encode_length(len(body)) + body


def all_nodes(nodes, out, parent=None):
    for i, n in enumerate(nodes):
        out.append((n, nodes, i))
        if n.children is not None:
            all_nodes(n.children, out, n)
    return out


# -------------------------------------------------------------- mutations

INTERESTING = [0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF, 0x30, 0x31, 0x05, 0x0C, 0x13, 0x16, 0x17, 0x18, 0x1E]
TAGS = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x0C, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1A, 0x1C,
        0x1E, 0x30, 0x31, 0x80, 0x81, 0x82, 0x86, 0x87, 0xA0, 0xA1, 0xA3, 0x23, 0x24]
CONTENTS = [b"", b"\x00", b"\x80", b"\x00\x01", b"\xff\xff", b"\x00\x80", b"\x7f", b"a", b"\xc3\xa9",
            b"\xc3", b"\xe2\x82", b"\x00\x00\x00\x41", b"\xed\xa0\x80", b"19700101000000Z",
            b"500101000000Z", b"491231235959Z", b"20500101000000Z", b"991301000000Z", b"*.\x00",
            b" lead", b"trail ", b"#x", b"a,b+c", b"\x01\x02\x03\x04\x05\x06\x07\x08\x09"]


def mutate_bytes(rng, data, donors):
    data = bytearray(data)
    kind = rng.below(6)
    if not data:
        return bytes([rng.below(256)])
    at = rng.below(len(data))
    if kind == 0:
        data[at] ^= 1 << rng.below(8)
    elif kind == 1:
        data[at] = rng.pick(INTERESTING)
    elif kind == 2:
        data.insert(at, rng.pick(INTERESTING) if rng.below(2) else rng.below(256))
    elif kind == 3:
        n = 1 + rng.below(4)
        del data[at:at + n]
    elif kind == 4:
        del data[at:]
    else:
        d = rng.pick(donors)
        if d:
            s = rng.below(len(d))
            e = s + 1 + rng.below(len(d) - s)
            data[at:at + rng.below(8)] = d[s:e]
    return bytes(data)


def mutate_tree(rng, data, donor_nodes):
    tree = parse_tlvs(data, 0, len(data), 0)
    if not tree:
        return None
    nodes = all_nodes(tree, [])
    node, siblings, index = rng.pick(nodes)
    special = {}
    kind = rng.below(9)
    if kind == 0:  # another tag
        node.tag = bytes([rng.pick(TAGS)])
        if node.children is not None and not node.tag[0] & 0x20:
            node.content = node.prefix + b"".join(encode(c) for c in node.children)
            node.children = None
    elif kind == 1:  # non-minimal or indefinite length
        special[id(node)] = "indefinite" if rng.below(2) else "long"
    elif kind == 2:  # contents one octet longer or shorter
        if node.children is not None:
            node.content = node.prefix + b"".join(encode(c) for c in node.children)
            node.children = None
        if node.content and rng.below(2):
            node.content = node.content[:-1] if rng.below(2) else node.content[1:]
        else:
            node.content = node.content + bytes([rng.pick(INTERESTING)])
    elif kind == 3:  # element deleted
        if len(nodes) > 1:
            del siblings[index]
    elif kind == 4:  # element duplicated
        siblings.insert(index, node.copy())
    elif kind == 5:  # element from another seed
        siblings[index] = rng.pick(donor_nodes).copy()
    elif kind == 6:  # contents replaced by a boundary value
        node.children = None
        node.content = rng.pick(CONTENTS)
    elif kind == 7:  # siblings swapped
        if len(siblings) > 1:
            j = rng.below(len(siblings))
            siblings[index], siblings[j] = siblings[j], siblings[index]
    else:  # one contents octet changed in a primitive value
        if node.children is None and node.content:
            c = bytearray(node.content)
            at = rng.below(len(c))
            c[at] = rng.pick(INTERESTING) if rng.below(2) else c[at] ^ (1 << rng.below(8))
            node.content = bytes(c)
    return b"".join(encode(n, special) for n in tree)


def derive(rng, certs, others, donor_nodes):
    if rng.below(8) == 0:
        data = rng.pick(others)
    else:
        data = rng.pick(certs)
    for _ in range(1 + rng.below(3)):
        if rng.below(3) == 0:
            data = mutate_bytes(rng, data, certs + others)
        else:
            m = mutate_tree(rng, data, donor_nodes)
            data = m if m is not None else mutate_bytes(rng, data, certs + others)
    return data


# ------------------------------------------------------------------ runs

def run(cmd, data):
    p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    return p.returncode, p.stdout, p.stderr


def error_offset(stderr):
    """The N of the first "at byte N" in a tool's error message, or None."""
    m = re.search(rb"at byte (\d+)", stderr)
    return int(m.group(1)) if m else None


def project(line):
    v = json.loads(line)
    out = {k: v[k] for k in KEYS}
    return (json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def main(argv):
    if len(argv) < 4:
        sys.stderr.write("usage: mutations.py SYNTA_CERT SYNTA_RUST REPO_ROOT [COUNT] [SEED]\n")
        return 2
    c_tool, rust_tool, root = argv[1], argv[2], argv[3]
    count = int(argv[4]) if len(argv) > 4 else 3000
    seed = int(argv[5]) if len(argv) > 5 else 1
    keep = os.environ.get("SYNTA_MUTATIONS_KEEP")  # a folder for the differing inputs
    certs, others = load_seeds(root)
    donor_nodes = []
    for c in certs:
        tree = parse_tlvs(c, 0, len(c), 0) or []
        donor_nodes.extend(n for n, _, _ in all_nodes(tree, []))
    rng = Rng(seed)
    seen = set()
    failed = accepted = rejected = 0
    for i in range(count):
        data = derive(rng, certs, others, donor_nodes)
        if data in seen:
            continue
        seen.add(data)
        c_rc, c_out, c_err = run([c_tool, "-"], data)
        r_rc, r_out, r_err = run([rust_tool, "cert", "-"], data)
        why = None
        if c_rc != r_rc:
            why = "exit status C=%d Rust=%d\n  C: %s\n  Rust: %s" % (
                c_rc, r_rc, c_err.decode("utf-8", "replace").strip()[:300],
                r_err.decode("utf-8", "replace").strip()[:300])
        elif c_rc != 0 and error_offset(c_err) != error_offset(r_err):
            why = "error offset C=%s Rust=%s\n  C: %s\n  Rust: %s" % (
                error_offset(c_err), error_offset(r_err), c_err.decode("utf-8", "replace").strip()[:300],
                r_err.decode("utf-8", "replace").strip()[:300])
        elif c_rc == 0:
            try:
                proj = b"".join(project(line) for line in r_out.decode("utf-8").splitlines())
            except (ValueError, KeyError) as e:
                proj = None
                why = "cannot project the Rust output: %s" % e
            if proj is not None and proj != c_out:
                why = "output differs\n  C:    %s\n  Rust: %s" % (
                    c_out.decode("utf-8", "replace").strip()[:400], proj.decode("utf-8").strip()[:400])
        if why is not None:
            failed += 1
            print("DIFF mutation %d (%d bytes): %s" % (i, len(data), why))
            if keep:
                os.makedirs(keep, exist_ok=True)
                with open(os.path.join(keep, "mutation-%d.der" % i), "wb") as fh:
                    fh.write(data)
        elif c_rc == 0:
            accepted += 1
        else:
            rejected += 1
    print("mutations: %d distinct inputs of %d (seed %d), %d accepted alike, %d rejected alike, %d differ"
          % (len(seen), count, seed, accepted, rejected, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
