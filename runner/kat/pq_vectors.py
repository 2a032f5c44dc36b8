#!/usr/bin/env python3
"""Writes the post-quantum rows of sm_kat_vectors (runner/kat/vectors.c #includes the output
inside the table) from the NIST ACVP excerpts under tests/vectors/pq/, so that no hex is copied
by hand: every value is read from the file the row's `source` names, and
tests/test-kat-sources.c checks it back against that file.

Usage: pq_vectors.py VECTORS_PQ_DIR OUTPUT

What each file gives (the test case fields, as FIPS 203/204/205 and engines/engine.h name them):
  ML-KEM-keyGen-FIPS203/internalProjection.json   keygen: key_seed = d || z, out = ek, priv = dk
  ML-KEM-encapDecap-FIPS203/internalProjection.json
                  encaps: pub = ek, in = m, out = c || k; decaps: priv = dk, in = c, out = k
  ML-DSA-keyGen-FIPS204.txt                        keygen: key_seed = seed (xi), out = pk
  SLH-DSA-keyGen-FIPS205.txt           keygen: key_seed = skSeed || skPrf || pkSeed, out = pk
  ML-DSA-sigGen-FIPS204/{prompt,expectedResults}.json
  SLH-DSA-sigGen-FIPS205/{prompt,expectedResults}.json
                  sign (deterministic, external, pure): priv = sk, in = message, aad = context,
                  out = signature
  ML-DSA-sigVer-FIPS204/{prompt,expectedResults}.json
  SLH-DSA-sigVer-FIPS205/{prompt,expectedResults}.json
                  verify (external, pure): pub = pk, in = message, aad = context, sig = signature,
                  valid = testPassed
The sigGen/sigVer rows name both files in their source: the answers (signature, testPassed) come
from expectedResults.json, matched by tcId. The SLH-DSA sigGen signatures and sigVer inputs are
OpenSSL's conversions of NIST's files, laid out as NIST's (the _excerpt note in each file says
which OpenSSL test gave which tcId)."""
import json
import os
import re
import sys

PREFIX = "tests/vectors/pq/"
WRAP = 84  # hex digits per source line, as clang-format leaves the hand-written rows


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def c_hex(value):
    value = value.lower()
    if not re.fullmatch(r"[0-9a-f]*", value) or len(value) % 2:
        raise SystemExit(f"pq_vectors.py: not hex: {value[:40]}...")
    if len(value) <= WRAP:
        return c_string(value)
    parts = [c_string(value[i:i + WRAP]) for i in range(0, len(value), WRAP)]
    return "\n            ".join(parts)


def row(fields):
    lines = ["    {"]
    for name, value in fields:
        if value is None:
            continue
        if name in ("algorithm", "source"):
            lines.append(f"        .{name} = {c_string(value)},")
        elif name in ("op", "valid"):
            lines.append(f"        .{name} = {value},")
        else:
            lines.append(f"        .{name} =\n            {c_hex(value)},")
    lines.append("    },")
    return "\n".join(lines)


def load(directory, rel):
    with open(os.path.join(directory, rel), encoding="utf-8") as f:
        return json.load(f)


def catalogue_name(parameter_set):
    return parameter_set.lower()  # ML-KEM-512 -> ml-kem-512, SLH-DSA-SHA2-128s -> slh-dsa-sha2-128s


def ml_kem(directory):
    rel = "ML-KEM-keyGen-FIPS203/internalProjection.json"
    for group in load(directory, rel)["testGroups"]:
        for t in group["tests"]:
            yield row([
                ("algorithm", catalogue_name(group["parameterSet"])),
                ("source", f"NIST ACVP ML-KEM keyGen FIPS203 tgId {group['tgId']} tcId {t['tcId']}: "
                           f"key_seed = d || z, out = ek, priv = dk; {PREFIX}{rel}"),
                ("op", "SM_OP_KEYGEN"),
                ("key_seed", t["d"] + t["z"]),
                ("out", t["ek"]),
                ("priv", t["dk"]),
            ])
    rel = "ML-KEM-encapDecap-FIPS203/internalProjection.json"
    for group in load(directory, rel)["testGroups"]:
        for t in group["tests"]:
            head = f"NIST ACVP ML-KEM encapDecap FIPS203 tgId {group['tgId']} tcId {t['tcId']}"
            name = catalogue_name(group["parameterSet"])
            if group["function"] == "encapsulation":
                yield row([
                    ("algorithm", name),
                    ("source", f"{head} (encapsulation): pub = ek, in = m, out = c || k; {PREFIX}{rel}"),
                    ("op", "SM_OP_ENCAPS"),
                    ("pub", t["ek"]),
                    ("in", t["m"]),
                    ("out", t["c"] + t["k"]),
                ])
            else:
                yield row([
                    ("algorithm", name),
                    ("source", f"{head} (decapsulation, {t['reason']}): priv = dk, in = c, out = k; "
                               f"{PREFIX}{rel}"),
                    ("op", "SM_OP_DECAPS"),
                    ("priv", group["dk"]),
                    ("in", t["c"]),
                    ("out", t["k"]),
                ])


def transcribed(directory, rel):
    """The keyGen .txt excerpts: 'tgId N parameterSet NAME tcId N' lines, then 'field = hex'."""
    cases = []
    with open(os.path.join(directory, rel), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"tgId (\d+) parameterSet (\S+) tcId (\d+)$", line.strip())
            if m:
                cases.append({"tgId": m.group(1), "parameterSet": m.group(2), "tcId": m.group(3)})
                continue
            m = re.match(r"(\w+) = ([0-9A-Fa-f]+)$", line.strip())
            if m and cases:
                cases[-1][m.group(1)] = m.group(2)
    return cases


def keygen_txt(directory):
    rel = "ML-DSA-keyGen-FIPS204.txt"
    for t in transcribed(directory, rel):
        yield row([
            ("algorithm", catalogue_name(t["parameterSet"])),
            ("source", f"NIST ACVP ML-DSA keyGen FIPS204 tgId {t['tgId']} tcId {t['tcId']}: "
                       f"key_seed = seed (xi), out = pk; {PREFIX}{rel}"),
            ("op", "SM_OP_KEYGEN"),
            ("key_seed", t["seed"]),
            ("out", t["pk"]),
        ])
    rel = "SLH-DSA-keyGen-FIPS205.txt"
    for t in transcribed(directory, rel):
        yield row([
            ("algorithm", catalogue_name(t["parameterSet"])),
            ("source", f"NIST ACVP SLH-DSA keyGen FIPS205 tgId {t['tgId']} tcId {t['tcId']}: "
                       f"key_seed = skSeed || skPrf || pkSeed, out = pk; {PREFIX}{rel}"),
            ("op", "SM_OP_KEYGEN"),
            ("key_seed", t["skSeed"] + t["skPrf"] + t["pkSeed"]),
            ("out", t["pk"]),
        ])


def external_pure(group):
    return group.get("signatureInterface") == "external" and group.get("preHash") == "pure"


def signatures(directory, family, revision):
    """sigGen (deterministic) and sigVer rows from a prompt.json / expectedResults.json pair."""
    for mode in ("sigGen", "sigVer"):
        folder = f"{family}-{mode}-{revision}"
        if not os.path.isdir(os.path.join(directory, folder)):
            continue
        prompt_rel = f"{folder}/prompt.json"
        answers_rel = f"{folder}/expectedResults.json"
        answers = {t["tcId"]: t
                   for g in load(directory, answers_rel)["testGroups"]
                   for t in g["tests"]}
        for group in load(directory, prompt_rel)["testGroups"]:
            if not external_pure(group) or (mode == "sigGen" and not group.get("deterministic")):
                continue
            for t in group["tests"]:
                answer = answers[t["tcId"]]
                head = (f"NIST ACVP {family} {mode} {revision} tgId {group['tgId']} tcId {t['tcId']} "
                        f"(external, pure")
                if mode == "sigGen":
                    yield row([
                        ("algorithm", catalogue_name(group["parameterSet"])),
                        ("source", f"{head}, deterministic): priv = sk, in = message, aad = context, "
                                   f"out = signature; {PREFIX}{prompt_rel} and {PREFIX}{answers_rel}"),
                        ("op", "SM_OP_SIGN"),
                        ("priv", t["sk"]),
                        ("in", t["message"]),
                        ("aad", t["context"] or None),
                        ("out", answer["signature"]),
                    ])
                else:
                    yield row([
                        ("algorithm", catalogue_name(group["parameterSet"])),
                        ("source", f"{head}): pub = pk, in = message, aad = context, sig = signature, "
                                   f"valid = testPassed; {PREFIX}{prompt_rel} and {PREFIX}{answers_rel}"),
                        ("op", "SM_OP_VERIFY"),
                        ("pub", t["pk"]),
                        ("in", t["message"]),
                        ("aad", t["context"] or None),
                        ("sig", t["signature"]),
                        ("valid", "1" if answer["testPassed"] else "0"),
                    ])


def main():
    directory, output = sys.argv[1], sys.argv[2]
    rows = list(ml_kem(directory)) + list(keygen_txt(directory))
    rows += signatures(directory, "ML-DSA", "FIPS204")
    rows += signatures(directory, "SLH-DSA", "FIPS205")
    text = ("/* Generated by runner/kat/pq_vectors.py from tests/vectors/pq/: do not edit. */\n" +
            "\n".join(rows) + "\n")
    with open(output, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
