#!/usr/bin/env node
// The large graph of the layout target "5,000 nodes and 9,000 edges in under 2 s": a random
// layered DAG made the way the shared corpus makes rand_* (gen_corpus.js: a spine edge into
// every node, ~30% of the other edges spanning 2-6 layers, ids and order shuffled), with a
// fixed seed, so every run lays out the same graph.
//   node bench/layout/gen_big.mjs OUT_DIR [NODES] [EDGES]
import fs from 'node:fs';
import path from 'node:path';

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r = mulberry32(20261122);
const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
const pick = (arr) => arr[Math.floor(r() * arr.length)];
const shuffle = (arr) => { for (let i = arr.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [arr[i], arr[j]] = [arr[j], arr[i]]; } return arr; };

const [outDir, nArg, mArg] = process.argv.slice(2);
if (!outDir) { console.error('usage: gen_big.mjs OUT_DIR [NODES] [EDGES]'); process.exit(2); }
const n = Number(nArg ?? 5000), m = Number(mArg ?? 9000);
const L = Math.max(3, Math.round(Math.sqrt(n) * 1.2));
const layerOf = new Array(n);
const layers = Array.from({ length: L }, () => []);
for (let i = 0; i < n; i++) { const l = i < L ? i : int(0, L - 1); layerOf[i] = l; layers[l].push(i); }
const edges = []; const has = new Set();
const add = (a, b) => { const k = a * n + b; if (has.has(k)) return; has.add(k); edges.push([a, b]); };
for (let v = 0; v < n; v++) if (layerOf[v] > 0) add(pick(layers[layerOf[v] - 1]), v);
while (edges.length < m) {
  const v = int(0, n - 1); const lv = layerOf[v];
  if (lv === 0) continue;
  let span = 1;
  if (r() < 0.3) span = Math.min(int(2, 6), lv);
  add(pick(layers[lv - span]), v);
}
const perm = shuffle([...Array(n).keys()]);
const nodes = shuffle([...Array(n).keys()]).map(i => ({ id: `n${perm[i]}` }));
const outEdges = shuffle(edges.map(([a, b]) => ({ from: `n${perm[a]}`, to: `n${perm[b]}` })));
const name = `big_${n}_${m}`;
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify({ nodes, edges: outEdges }) + '\n');
fs.writeFileSync(path.join(outDir, 'index.json'), JSON.stringify({ graphs: [{ file: `${name}.json`, name, category: 'large', nodes: n, edges: m }] }, null, 1) + '\n');
console.log(`${outDir}/${name}.json: ${n} nodes, ${edges.length} edges, ${L} layers`);
