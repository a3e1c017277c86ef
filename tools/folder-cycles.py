#!/usr/bin/env python3
"""The folder graph of engine/ and editor/: which folder includes which, and every cycle.

    tools/folder-cycles.py                   # print both graphs' cycles; exit 1 when there is one
    tools/folder-cycles.py --edges           # also every folder-to-folder include, with one file as witness
    tools/folder-cycles.py --library engine  # one library only (CTest's folder_graph_engine)

An include "dir/File.h" seen in a file under engine/A/ is an edge A -> dir when dir is a folder
of the same library. Cycles are the graph's strongly connected components of more than one folder.
"""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def graph(library):
    base = os.path.join(ROOT, library)
    folders = sorted(d for d in os.listdir(base) if os.path.isdir(os.path.join(base, d)))
    edges = {}
    for folder in folders:
        for dirpath, _, files in os.walk(os.path.join(base, folder)):
            for name in files:
                if not name.endswith(('.h', '.cpp')):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding='utf-8', errors='replace') as f:
                    text = f.read()
                for inc in INCLUDE.findall(text):
                    head = inc.split('/')[0]
                    if '/' in inc and head in folders and head != folder \
                            and os.path.exists(os.path.join(base, inc)):
                        edges.setdefault((folder, head), os.path.relpath(path, ROOT))
    return folders, edges


def cycles(folders, edges):
    succ = {f: set() for f in folders}
    for a, b in edges:
        succ[a].add(b)
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1
        stack.append(v); on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in folders:
        if v not in index:
            visit(v)
    return out


def main():
    bad = False
    libraries = ('engine', 'editor')
    if '--library' in sys.argv:
        libraries = (sys.argv[sys.argv.index('--library') + 1],)
    for library in libraries:
        folders, edges = graph(library)
        found = cycles(folders, edges)
        print(f'{library}/: {len(folders)} folders, {len(edges)} folder includes, '
              + (f'{len(found)} cycle(s)' if found else 'no cycle'))
        for comp in found:
            bad = True
            print('  cycle: ' + ' <-> '.join(comp))
            for (a, b), witness in sorted(edges.items()):
                if a in comp and b in comp:
                    print(f'    {a} -> {b}  ({witness})')
        if '--edges' in sys.argv:
            for (a, b), witness in sorted(edges.items()):
                print(f'    {a} -> {b}  ({witness})')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
