#!/usr/bin/env python3
"""Seeds tests/fuzz/corpus/<reader>/ from the examples and test fixtures (docs/reliability.md).

Run from anywhere: python3 tools/fuzz-corpus.py [BUILD_DIR]. Seeds are named seed-<source>;
inputs the fuzzer found (named by their SHA-1) and regression inputs (named crash-*) are kept.
BUILD_DIR (default: build) holds the capgraph program, used to record real checkpoints.
Needs python3-yaml.
"""
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
MAX_SEED = 64 * 1024


def put(reader, name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > MAX_SEED:
        return
    folder = os.path.join(CORPUS, reader)
    os.makedirs(folder, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name)[:80]
    with open(os.path.join(folder, "seed-" + safe), "wb") as f:
        f.write(data)


def files(*patterns):
    out = []
    for p in patterns:
        out += glob.glob(os.path.join(ROOT, p), recursive=True)
    return sorted(set(out))


def rel(path):
    return os.path.relpath(path, ROOT)


def is_graph(text):
    return re.search(r"^graph:", text, re.M) is not None


def strings(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, str):
        yield value


# Graphs: every example and fixture that is one (malformed ones too: they reach the error paths).
yaml_files = files("resources/examples/**/*.yaml", "tests/fixtures/**/*.yaml")
for path in yaml_files:
    text = open(path, "rb").read()
    if is_graph(text.decode("utf-8", "replace")) or "/malformed/" in path or "/lint/" in path:
        put("graph_yaml", rel(path), text)

# Expressions and templates: what the graphs' authors wrote, plus every operator and function.
expressions = set()
for path in yaml_files:
    try:
        doc = yaml.safe_load(open(path, encoding="utf-8"))
    except Exception:
        continue
    for s in strings(doc):
        if "${" in s or re.search(r"==|!=|<=|>=|\b(and|or|not|in)\b|\(", s):
            expressions.add(s)
expressions |= {
    "a.b[0].c == 'x' and not (n > 3 or n <= -2.5e3)",
    "len(results) % 2 != 0 && !exists(search.missing)",
    "'量子' in input.topic or input.topic not in ['a', \"b\"]",
    "matches(text, '^(a+)+$')",
    "round(abs(-ratio) * 100 / 3, 2) >= min(1, 2, 3) - max(4, 5)",
    "default(search.result_count, 0) + num('12') - len(str(true))",
    "lower(upper(trim('  Ab  '))) == 'ab' and startswith('abc', 'a') and endswith('abc', 'c')",
    "contains({'k': 1}, 'k') and contains([1, 2], 2) and contains('abc', 'b')",
    "Summary of ${input.topic}: ${len(results)} papers, $${literal}",
    "${ {'a': [1, {'b': null}]}['a'][1].b == null }",
}
for i, e in enumerate(sorted(expressions)):
    put("expression", "%03d" % i, e)

# Plans: the examples and fixtures, the event wrapper and the recorded stream's events.
for path in files("resources/examples/plans/*.json", "tests/fixtures/plans/*.json"):
    put("plan_json", rel(path), open(path, "rb").read())

# Streams: the recorded negotiation, with a few chunk-size prefixes.
for path in files("resources/examples/plans/*.sse"):
    data = open(path, "rb").read()
    put("sse", rel(path), b"\x00" + data)
    put("sse", rel(path) + ".chunked", b"\x03\x01\x07\x02" + data)
    put("sse", rel(path) + ".crlf", b"\x01\x05" + data.replace(b"\n", b"\r\n"))
put("sse", "comments-retry-id", b"\x00: keep-alive\r\nretry: 3000\nid: 7\nevent: plan.ready\ndata: {\"plan_text\": \"x\"}\n\n")

# Capabilities: every definition (and the schema files they share).
for path in files("resources/examples/**/capabilities/*.yaml", "tests/fixtures/capabilities/**/*.yaml",
                  "tests/fixtures/**/capabilities/**/*.yaml"):
    put("capability", rel(path), open(path, "rb").read())

# Run files: answers (0), input (1), mocks (2), checkpoints (3) — the first byte picks the reader.
for path in files("resources/examples/**/*.answers.yaml", "tests/fixtures/**/*.answers.yaml"):
    put("run_files", rel(path), b"\x00" + open(path, "rb").read())
put("run_files", "input-json", b'\x01{"type": "pdf", "topic": "\xe9\x87\x8f\xe5\xad\x90", "n": [1, 2.5, null]}')
put("run_files", "input-yaml", b"\x01topic: x\nlist: [1, 2]\n")
for path in files("resources/examples/**/*.mock.yaml", "tests/fixtures/**/*.mock.yaml"):
    put("run_files", rel(path), b"\x02" + open(path, "rb").read())

# Real checkpoints of the fuzz target's own graph, waiting at each of its questions.
capgraph = os.path.join(BUILD, "app", "cli", "capgraph")
if os.access(capgraph, os.X_OK):
    source = open(os.path.join(ROOT, "tests", "fuzz", "fuzz_run_files.cpp"), encoding="utf-8").read()
    graph = re.search(r'R"\((graph:.*?)\)"', source, re.S).group(1)
    with tempfile.TemporaryDirectory() as tmp:
        gpath = os.path.join(tmp, "iterask.yaml")
        open(gpath, "w", encoding="utf-8").write(graph)
        for n, answers in enumerate([[], ["ask=again"], ["ask=stop"], ["ask=stop", "pick=a"]]):
            cp = os.path.join(tmp, "cp%d.json" % n)
            trace = os.path.join(tmp, "trace%d.jsonl" % n)
            args = [capgraph, "run", gpath, "--checkpoint", cp, "--trace", trace, "--quiet"]
            for a in answers:
                args += ["--answer", a]
            subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if os.path.exists(cp):
                data = open(cp, "rb").read()
                put("run_files", "checkpoint-%d" % n, b"\x03" + data)
                put("run_files", "state-%d" % n, b"\x03" + json.dumps(json.loads(data)["state"]).encode())
            if os.path.exists(trace):
                put("run_files", "trace-%d" % n, b"\x04" + open(trace, "rb").read())
else:
    print("no %s: checkpoints not recorded" % capgraph, file=sys.stderr)

for reader in sorted(os.listdir(CORPUS)):
    print("%-12s %4d inputs" % (reader, len(os.listdir(os.path.join(CORPUS, reader)))))
