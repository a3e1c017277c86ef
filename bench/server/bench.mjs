// Runs as a service: `capgraph serve` against LangGraph.js behind an HTTP server, in one run.
//
//   node bench/server/bench.mjs [--runs N] [--concurrency C] [--ours-only]
//
// The same graph on both sides: the engine harness's chain of 100 no-op nodes
// (../shared/bench/engine/graphs/chain-100.yaml for us, lib/graphs.mjs's buildChain(100) for
// LangGraph). A client keeps C runs in flight until N have ended (after 20 warm-up runs) and
// times each from its request to the moment it knows the run has ended:
//   - LangGraph.js: POST /runs/wait on bench/server/peer.mjs (a Node HTTP server invoking the
//     graph on a new thread, checkpoints in LangGraph's SQLite checkpointer on a file) —
//     installed in bench/server/.peer/ with npm ci of package-lock.json;
//   - CapGraph: POST /v1/runs, then GET /v1/runs/ID/events until `event: end`, on
//     `capgraph serve --workers C` with its runs in SQLite, and in PostgreSQL when Debian's
//     postgresql is installed (a throwaway cluster, as tests/tst_serve.cpp makes one).
// Prints runs/s, p50 and p99 latency and the server's peak RSS for each, with ratios, and
// writes bench/server/results.json.

import { spawn, spawnSync } from "node:child_process";
import { chownSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { userInfo, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const shared = resolve(root, "../shared/bench/engine");
const cli = process.env.CAPGRAPH_CLI || join(root, "build/app/cli/capgraph");
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RUNS = arg("--runs", 300);
const CONCURRENCY = arg("--concurrency", 8);
const WARMUP = 20;
const oursOnly = process.argv.includes("--ours-only");

if (!existsSync(cli)) {
  console.error(`capgraph not built: ${cli} (run: bash .ci/setup.sh run)`);
  process.exit(2);
}
const graphFile = join(shared, "graphs/chain-100.yaml");
if (!existsSync(graphFile)) {
  console.error(`peer harness not found at ${shared}`);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), "capgraph-server-bench-"));
const children = [];
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

// A server process; resolves with its port once it says where it listens.
function startServer(command, args, pattern, env = process.env) {
  return new Promise((resolvePort, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"], env });
    children.push(child);
    let err = "";
    child.stderr.on("data", (d) => {
      if (err.length < 1 << 20) err += d;
      const m = err.match(pattern);
      if (m && !child.port) {
        child.port = Number(m[1]);
        resolvePort(child);
      }
    });
    child.on("exit", (code) => {
      if (!child.port) reject(new Error(`${command} exited ${code}: ${err}`));
    });
  });
}

function peakRssMb(child) {
  try {
    const m = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// C runs in flight until `total` have ended; each one's time from its start to its end.
async function load(runOne, total, concurrency) {
  const times = [];
  let started = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (started < total) {
      started++;
      const t = performance.now();
      await runOne();
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { runs: total, seconds, runsPerS: total / seconds, p50: pct(50), p99: pct(99) };
}

// --- LangGraph.js ------------------------------------------------------------------------
async function peer() {
  const dir = join(here, ".peer");
  mkdirSync(join(dir, "lib"), { recursive: true });
  for (const f of ["package.json", "package-lock.json", "peer.mjs"]) copyFileSync(join(here, f), join(dir, f));
  copyFileSync(join(shared, "lib/graphs.mjs"), join(dir, "lib/graphs.mjs"));
  if (!existsSync(join(dir, "node_modules/@langchain/langgraph-checkpoint-sqlite"))) {
    const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    if (r.status !== 0) throw new Error("npm ci of the peer failed");
  }
  const server = await startServer(process.execPath, [join(dir, "peer.mjs"), "0", join(work, "langgraph.sqlite"), "100"], /listening on http:\/\/127\.0\.0\.1:(\d+)/);
  const url = `http://127.0.0.1:${server.port}/runs/wait`;
  const runOne = async () => {
    const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const body = await r.json();
    if (body.status !== "success") throw new Error(`peer: ${JSON.stringify(body)}`);
  };
  await load(runOne, WARMUP, CONCURRENCY);
  const result = await load(runOne, RUNS, CONCURRENCY);
  result.rssMb = peakRssMb(server);
  server.kill("SIGTERM");
  return result;
}

// --- CapGraph ----------------------------------------------------------------------------
async function ours(store, label) {
  const graphs = join(work, "graphs");
  mkdirSync(graphs, { recursive: true });
  copyFileSync(graphFile, join(graphs, "chain-100.yaml"));
  const server = await startServer(cli, ["serve", "--listen", "127.0.0.1:0", "--store", store, "--graphs", graphs, "--workers", String(CONCURRENCY)],
                                   /listening on http:\/\/127\.0\.0\.1:(\d+)/);
  const base = `http://127.0.0.1:${server.port}/v1/runs`;
  const runOne = async () => {
    const created = await (await fetch(base, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"graph": "chain-100.yaml"}' })).json();
    if (!created.id) throw new Error(`capgraph serve: ${JSON.stringify(created)}`);
    const stream = await fetch(`${base}/${created.id}/events`);
    const reader = stream.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) { // until the stream says the run has ended
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.includes("event: end")) break;
    }
    reader.cancel().catch(() => {});
    if (!text.includes('"event":"run.finished"')) throw new Error(`run ${created.id} did not finish: ${text.slice(-300)}`);
  };
  await load(runOne, WARMUP, CONCURRENCY);
  const result = await load(runOne, RUNS, CONCURRENCY);
  result.rssMb = peakRssMb(server);
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  console.error(`  ${label}: done`);
  return result;
}

// A throwaway PostgreSQL cluster (initdb, pg_ctl on a socket in a temporary folder), or null.
function postgres() {
  const bin = ["15", "16", "17"].map((v) => `/usr/lib/postgresql/${v}/bin`).find((b) => existsSync(join(b, "initdb")));
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), "capgraph-bench-pg-"));
  const asRoot = userInfo().uid === 0;
  const run = (tool, args) => {
    const r = asRoot ? spawnSync("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], { encoding: "utf8" })
                     : spawnSync(join(bin, tool), args, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${tool}: ${r.stderr}`);
  };
  if (asRoot) {
    const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(ids.stdout), Number(gid.stdout));
  }
  run("initdb", ["-D", join(dir, "data"), "-U", "capgraph", "--auth=trust", "-E", "UTF8"]);
  run("pg_ctl", ["-D", join(dir, "data"), "-l", join(dir, "server.log"), "-o", `-c listen_addresses='' -k ${dir} -c max_connections=50`, "-w", "start"]);
  return { url: `postgresql://capgraph@/postgres?host=${dir}`, stop: () => { run("pg_ctl", ["-D", join(dir, "data"), "-m", "fast", "stop"]); rmSync(dir, { recursive: true, force: true }); } };
}

const results = { date: new Date().toISOString(), runs: RUNS, concurrency: CONCURRENCY, graph: "chain-100", cases: {} };
console.error(`${RUNS} runs of chain-100, ${CONCURRENCY} in flight, after ${WARMUP} warm-up runs`);
if (!oursOnly) {
  results.cases.langgraph_sqlite = await peer();
  console.error("  LangGraph.js + SqliteSaver: done");
}
results.cases.capgraph_sqlite = await ours(join(work, "runs.sqlite"), "capgraph serve + SQLite");
const pg = postgres();
if (pg) {
  try {
    results.cases.capgraph_postgresql = await ours(pg.url, "capgraph serve + PostgreSQL");
  } finally {
    pg.stop();
  }
}

const names = { langgraph_sqlite: "LangGraph.js + SqliteSaver", capgraph_sqlite: "capgraph serve + SQLite", capgraph_postgresql: "capgraph serve + PostgreSQL" };
const peerCase = results.cases.langgraph_sqlite;
console.log("| server | runs/s | p50 ms | p99 ms | peak RSS MB | runs/s vs LangGraph | p50 vs LangGraph |");
console.log("|---|---|---|---|---|---|---|");
for (const [key, r] of Object.entries(results.cases)) {
  const ratio = (a, b) => (peerCase ? `${(a / b).toFixed(2)}×` : "—");
  console.log(`| ${names[key]} | ${r.runsPerS.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rssMb.toFixed(0)} | ` +
              `${ratio(r.runsPerS, peerCase?.runsPerS)} | ${ratio(peerCase?.p50, r.p50)} |`);
}
if (!oursOnly)
  writeFileSync(join(here, "results.json"), JSON.stringify(results, null, 1) + "\n");
