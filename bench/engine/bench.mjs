// Engine overhead: CapGraph's executor vs LangGraph.js on the same graph shapes, in one run.
//
//   node bench/engine/bench.mjs                # both (LangGraph takes ~4 min), writes bench/engine/results.json
//   node bench/engine/bench.mjs --ours-only    # only our engine
//
// LangGraph runs through the peer harness of ../shared/bench/engine, copied to
// bench/engine/.peer/ (shared/ is read-only; node_modules are installed there with npm ci).
// Ours runs `capgraph run GRAPH --json` on the harness's graphs/*.yaml, each case in its own
// process after two warm-up runs in that process (as the harness warms LangGraph up), and
// takes the run's own timer (elapsed_us: start to finish, no process start or YAML loading
// — like LangGraph's timed invoke()) and the process's peak RSS (getrusage).
//
// "µs per exec" divides by the LangGraph node executions of the case (manifest.json), so
// both columns price the same work; see bench/README.md for how the shapes correspond.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const shared = resolve(root, "../shared/bench/engine");
const cli = process.env.CAPGRAPH_CLI || join(root, "build/app/cli/capgraph");
const oursOnly = process.argv.includes("--ours-only");

if (!existsSync(cli)) {
  console.error(`capgraph not built: ${cli} (run: bash .ci/setup.sh run)`);
  process.exit(2);
}
if (!existsSync(join(shared, "graphs/manifest.json"))) {
  console.error(`peer harness not found at ${shared}`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(shared, "graphs/manifest.json"), "utf8"));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function runOurs(file, extraArgs = []) {
  const r = spawnSync(cli, ["run", file, "--json", "--quiet", "--max-steps", "10000000", "--warmup", "2", ...extraArgs], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`capgraph run ${file} exited ${r.status}: ${r.stderr}`);
  const out = JSON.parse(r.stdout);
  return { us: out.elapsed_us, rssMb: out.peak_rss_kb / 1024, steps: out.steps };
}

// --- ours ---------------------------------------------------------------------------
const ours = {};
for (const g of manifest) {
  const file = join(shared, "graphs", g.file);
  const reps = g.langgraph_node_executions >= 30000 ? 3 : g.langgraph_node_executions >= 3000 ? 5 : 9;
  runOurs(file); // warm the page cache and the binary
  const runs = [];
  for (let i = 0; i < reps; i++) runs.push(runOurs(file));
  ours[g.id] = {
    total_us: median(runs.map((r) => r.us)),
    peak_rss_mb: Math.max(...runs.map((r) => r.rssMb)),
    steps: runs[0].steps,
    runs: reps,
  };
  process.stderr.write(`ours ${g.id}: ${ours[g.id].total_us} us, ${ours[g.id].peak_rss_mb.toFixed(1)} MB\n`);
}

// Fan-out with waiting handlers: every worker sleeps 100 ms; they must overlap.
const delayMock = join(here, ".peer-delay-mock.yaml");
writeFileSync(delayMock, "skills:\n  builtin.noop:\n    delay_ms: 100\n");
const fanoutDelay = {};
for (const w of [10, 100, 1000]) {
  const r = runOurs(join(shared, "graphs", `fanout-${w}.yaml`), ["--mock", delayMock]);
  fanoutDelay[w] = { total_ms: r.us / 1000, sequential_ms: 100 * w };
  process.stderr.write(`ours fanout-${w} with 100 ms handlers: ${(r.us / 1000).toFixed(1)} ms\n`);
}
rmSync(delayMock);

// --- LangGraph (same run) -------------------------------------------------------------
let peer = null;
if (!oursOnly) {
  const peerDir = join(here, ".peer");
  mkdirSync(peerDir, { recursive: true });
  cpSync(shared, peerDir, { recursive: true, filter: (src) => !src.includes("node_modules") && !src.endsWith("results.json") });
  const out = join(peerDir, "results.json");
  const r = spawnSync("bash", ["run.sh"], { cwd: peerDir, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, BENCH_OUT: out } });
  if (r.status === 0 && existsSync(out)) peer = JSON.parse(readFileSync(out, "utf8"));
  else console.error("LangGraph peer run failed; reporting ours only");
}

// --- table ----------------------------------------------------------------------------
function peerCase(graph, size) {
  if (!peer) return null;
  const cases = peer.cases || peer.results || peer;
  const list = Array.isArray(cases) ? cases : Object.values(cases);
  return list.find((c) => c.graph === graph && Number(c.size) === Number(size) && !c.skipped) || null;
}
const rows = [];
for (const g of manifest) {
  const lgCases = Array.isArray(g.langgraph) ? g.langgraph : [g.langgraph];
  const o = ours[g.id];
  const execs = g.langgraph_node_executions;
  const oursPerExec = o.total_us / execs;
  for (const lg of lgCases) {
    const p = peerCase(lg.graph, lg.size);
    const pPerExec = p ? (p.us_per_step ?? p.us_per_exec ?? (p.total_ms * 1000) / execs) : null;
    rows.push({
      graph: g.id,
      peer_case: `${lg.graph} ${lg.size}`,
      execs,
      peer_us_per_exec: pPerExec,
      ours_us_per_exec: oursPerExec,
      ratio: pPerExec ? pPerExec / oursPerExec : null,
      peer_rss_mb: p ? (p.peak_rss_mb ?? p.maxrss_mb ?? null) : null,
      ours_rss_mb: o.peak_rss_mb,
      ours_total_ms: o.total_us / 1000,
      ours_steps: o.steps,
    });
  }
}
const fmt = (x, d = 1) => (x === null || x === undefined ? "—" : Number(x).toFixed(d));
const lines = [];
lines.push("| graph | LangGraph case | execs | LangGraph µs/exec | CapGraph µs/exec | ratio | LangGraph peak RSS MB | CapGraph peak RSS MB | RSS ratio |");
lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  lines.push(`| ${r.graph} | ${r.peer_case} | ${r.execs} | ${fmt(r.peer_us_per_exec)} | ${fmt(r.ours_us_per_exec, 3)} | ${r.ratio ? Math.round(r.ratio) + "×" : "—"} | ${fmt(r.peer_rss_mb)} | ${fmt(r.ours_rss_mb)} | ${r.peer_rss_mb ? (r.peer_rss_mb / r.ours_rss_mb).toFixed(1) + "×" : "—"} |`);
lines.push("");
lines.push("| fan-out, every worker waits 100 ms | CapGraph total ms | if run one after another |");
lines.push("|---|---:|---:|");
for (const [w, f] of Object.entries(fanoutDelay)) lines.push(`| fanout-${w} | ${fmt(f.total_ms)} | ${f.sequential_ms} |`);
console.log(lines.join("\n"));
writeFileSync(join(here, "results.json"), JSON.stringify({ date: new Date().toISOString(), rows, fanout_delay: fanoutDelay, ours, peer }, null, 2));
