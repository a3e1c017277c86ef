// Runs as a service: `capgraph serve` against LangGraph's servers, in one run, by one client.
//
//   node bench/server/bench.mjs [--runs N] [--concurrency C] [--ours-only]
//
// Two graphs (bench/server/graphs/chain-10.yaml and ask-10.yaml; peer-graphs.mjs chain10 and
// ask10 for LangGraph): a chain of 10 no-op nodes, and the same chain whose sixth node asks a
// question that the client answers over the API. A client (node:http, keep-alive) keeps C runs
// in flight until N have ended, after 20 warm-up runs, and times each run from its first
// request to the answer that says it has ended. The servers, each started fresh:
//   - the LangGraph API server (@langchain/langgraph-api, in memory, as `langgraph-cli dev`
//     starts it; api-peer/server.mjs): POST /runs/wait for chain10; for ask10, POST /threads,
//     POST /threads/ID/runs/wait until the interrupt, then again with {"command": {"resume"}};
//   - LangGraph.js with its SQLite checkpointer, then with its PostgreSQL one (peer.mjs, the
//     same requests);
//   - capgraph serve on SQLite, on PostgreSQL, and two capgraph serve on one PostgreSQL with
//     the client sending runs to each in turn (as a load balancer would): POST /v1/runs?wait=60;
//     for ask-10 POST …/answers then GET /v1/runs/ID?wait=60.
// PostgreSQL is a throwaway cluster (initdb, pg_ctl on a socket in a temporary folder, as
// tests/PostgresCluster.h makes one; PostgreSQL's defaults), a new database per case.
// Prints runs/s, p50 and p99 latency and each server's peak RSS (VmHWM), with ratios, checks
// issue 29's targets, and writes bench/server/results.json.

import http from "node:http";
import { spawn, spawnSync } from "node:child_process";
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { userInfo, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
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
const work = mkdtempSync(join(tmpdir(), "capgraph-server-bench-"));
const children = [];
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

// --- the client ----------------------------------------------------------------------------
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function call(port, method, path, body) {
  return new Promise((resolveCall, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = data === undefined ? {} : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) };
    const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        try {
          resolveCall(JSON.parse(text));
        } catch {
          reject(new Error(`${method} ${path} → ${res.statusCode}: ${text.slice(0, 300)}`));
        }
      });
    });
    req.on("error", reject);
    req.end(data);
  });
}
const expect = (ok, what, got) => {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(got).slice(0, 400)}`);
};

// One run of each graph, over each API, from its first request to the answer that it ended.
const langgraph = {
  chain: async (port) => {
    const out = await call(port, "POST", "/runs/wait", { assistant_id: "chain10", input: { counter: 0 } });
    expect(out.counter === 10, "chain10 did not end with counter 10", out);
  },
  ask: async (port) => {
    const { thread_id } = await call(port, "POST", "/threads", {});
    const asked = await call(port, "POST", `/threads/${thread_id}/runs/wait`, { assistant_id: "ask10", input: { counter: 0 } });
    expect(Array.isArray(asked.__interrupt__) && asked.__interrupt__.length === 1, "ask10 did not stop at its question", asked);
    const out = await call(port, "POST", `/threads/${thread_id}/runs/wait`, { assistant_id: "ask10", command: { resume: "yes" } });
    expect(out.counter === 10 && out.answer === "yes", "ask10 did not end with its answer", out);
  },
};
const capgraph = {
  chain: async (port) => {
    const run = await call(port, "POST", "/v1/runs?wait=60", { graph: "chain-10.yaml" });
    expect(run.status === "finished", "chain-10 did not finish", run);
  },
  ask: async (port) => {
    const asked = await call(port, "POST", "/v1/runs?wait=60", { graph: "ask-10.yaml" });
    expect(asked.status === "waiting" && asked.waiting?.[0]?.node === "ask", "ask-10 did not wait for its question", asked);
    const answered = await call(port, "POST", `/v1/runs/${asked.id}/answers`, { node: "ask", answer: true });
    expect(answered.id === asked.id, "the answer was refused", answered);
    const run = await call(port, "GET", `/v1/runs/${asked.id}?wait=60`);
    expect(run.status === "finished" && run.steps >= 11, "ask-10 did not finish", run);
  },
};

// C runs in flight until `total` have ended (spread over `ports` in turn); each one's time.
async function load(runOne, ports, total, concurrency) {
  const times = [];
  let started = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (started < total) {
      const port = ports[started++ % ports.length];
      const t = performance.now();
      await runOne(port);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { runs: total, seconds, runsPerS: total / seconds, p50: pct(50), p99: pct(99) };
}

// --- servers -------------------------------------------------------------------------------
// A server process; resolves with it (its port set) once it says where it listens.
function startServer(command, args, env = process.env, cwd = undefined) {
  return new Promise((resolveServer, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"], env, cwd });
    children.push(child);
    let err = "";
    child.stderr.on("data", (d) => {
      if (err.length < 1 << 20) err += d;
      const m = err.match(/listening on (?:http:\/\/)?127\.0\.0\.1:(\d+)/);
      if (m && !child.port) {
        child.port = Number(m[1]);
        resolveServer(child);
      }
    });
    child.on("exit", (code) => {
      if (!child.port) reject(new Error(`${command} exited ${code}: ${err.slice(-2000)}`));
    });
  });
}
const stopServer = (child) => new Promise((r) => {
  if (child.exitCode !== null) return r();
  child.on("exit", r);
  child.kill("SIGTERM");
});
function peakRssMb(child) {
  try {
    const m = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// A peer's npm folder (gitignored), installed from its lock file once.
function installPeer(dir, files, marker) {
  mkdirSync(dir, { recursive: true });
  for (const [from, to] of files) copyFileSync(from, join(dir, to));
  if (!existsSync(join(dir, "node_modules", marker))) {
    const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    if (r.status !== 0) throw new Error(`npm ci in ${dir} failed`);
  }
  return dir;
}

// Measures `graph` ("chain" or "ask") on servers made by `start()` (a list of processes).
async function measure(label, start, runner, graph) {
  const servers = await start();
  const ports = servers.map((s) => s.port);
  try {
    await load(runner[graph], ports, WARMUP, CONCURRENCY);
    const result = await load(runner[graph], ports, RUNS, CONCURRENCY);
    result.rssMb = Math.max(...servers.map(peakRssMb));
    result.servers = servers.length;
    console.error(`  ${graph}: ${label}: ${result.runsPerS.toFixed(1)} runs/s, p99 ${result.p99.toFixed(1)} ms`);
    return result;
  } finally {
    await Promise.all(servers.map(stopServer));
  }
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
    const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(uid.stdout), Number(gid.stdout));
  }
  run("initdb", ["-D", join(dir, "data"), "-U", "capgraph", "--auth=trust", "-E", "UTF8"]);
  run("pg_ctl", ["-D", join(dir, "data"), "-l", join(dir, "server.log"), "-o", `-c listen_addresses='' -k ${dir} -c max_connections=100`, "-w", "start"]);
  let n = 0;
  return {
    // A new database on it: its URL.
    database: () => {
      const name = `bench${++n}`;
      run("createdb", ["-h", dir, "-U", "capgraph", name]);
      return `postgresql://capgraph@/${name}?host=${dir}`;
    },
    stop: () => {
      run("pg_ctl", ["-D", join(dir, "data"), "-m", "fast", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --- the cases -----------------------------------------------------------------------------
const graphsDir = join(here, "graphs");
const ours = (stores) => () => Promise.all(stores().map((store) => startServer(cli, ["serve", "--listen", "127.0.0.1:0", "--store", store,
                                                                                  "--graphs", graphsDir, "--workers", String(CONCURRENCY)])));
const names = {
  api_server: "LangGraph API server (in memory)",
  langgraph_sqlite: "LangGraph.js + SqliteSaver",
  langgraph_postgresql: "LangGraph.js + PostgresSaver",
  capgraph_sqlite: "capgraph serve + SQLite",
  capgraph_postgresql: "capgraph serve + PostgreSQL",
  capgraph_postgresql_2: "2 × capgraph serve + PostgreSQL",
};
const results = { date: new Date().toISOString(), runs: RUNS, concurrency: CONCURRENCY, node: process.version, graphs: {} };
console.error(`${RUNS} runs of each graph, ${CONCURRENCY} in flight, after ${WARMUP} warm-up runs`);
const pg = postgres();
if (!pg) console.error("  (no PostgreSQL here: its cases are left out)");
const skipped = {};
try {
  let apiDir = null;
  let peerDir = null;
  if (!oursOnly) {
    try {
      apiDir = installPeer(join(here, ".peer-api"), [[join(here, "api-peer/package.json"), "package.json"], [join(here, "api-peer/package-lock.json"), "package-lock.json"],
                                                     [join(here, "api-peer/server.mjs"), "server.mjs"], [join(here, "peer-graphs.mjs"), "peer-graphs.mjs"]],
                           "@langchain/langgraph-api");
    } catch (e) {
      skipped.api_server = String(e.message);
    }
    try {
      peerDir = installPeer(join(here, ".peer"), [[join(here, "package.json"), "package.json"], [join(here, "package-lock.json"), "package-lock.json"],
                                                  [join(here, "peer.mjs"), "peer.mjs"], [join(here, "peer-graphs.mjs"), "peer-graphs.mjs"]],
                            "@langchain/langgraph-checkpoint-postgres");
    } catch (e) {
      skipped.langgraph_sqlite = skipped.langgraph_postgresql = String(e.message);
    }
  }
  let db = 0;
  for (const graph of ["chain", "ask"]) {
    const cases = {};
    if (apiDir)
      cases.api_server = await measure(names.api_server, async () => [await startServer(process.execPath, [join(apiDir, "server.mjs"), "0"], { ...process.env, LOG_LEVEL: "warn" })],
                                       langgraph, graph);
    if (peerDir) {
      cases.langgraph_sqlite = await measure(names.langgraph_sqlite, async () => [await startServer(process.execPath, [join(peerDir, "peer.mjs"), "0", join(work, `langgraph-${++db}.sqlite`)])],
                                             langgraph, graph);
      if (pg)
        cases.langgraph_postgresql = await measure(names.langgraph_postgresql, async () => [await startServer(process.execPath, [join(peerDir, "peer.mjs"), "0", pg.database()])],
                                                   langgraph, graph);
    }
    cases.capgraph_sqlite = await measure(names.capgraph_sqlite, ours(() => [join(work, `runs-${++db}.sqlite`)]), capgraph, graph);
    if (pg) {
      cases.capgraph_postgresql = await measure(names.capgraph_postgresql, ours(() => [pg.database()]), capgraph, graph);
      cases.capgraph_postgresql_2 = await measure(names.capgraph_postgresql_2, ours(() => { const url = pg.database(); return [url, url]; }), capgraph, graph);
    }
    results.graphs[graph] = cases;
  }
} finally {
  pg?.stop();
}

// --- the report ----------------------------------------------------------------------------
const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "—");
for (const [graph, cases] of Object.entries(results.graphs)) {
  const api = cases.api_server;
  console.log(`\n${graph === "chain" ? "chain-10 (10 no-op nodes)" : "ask-10 (the same, its sixth node a question answered over the API)"}\n`);
  console.log("| server | runs/s | p50 ms | p99 ms | peak RSS MB | runs/s vs API server | p99 API server / ours |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [key, r] of Object.entries(cases))
    console.log(`| ${names[key]} | ${fmt(r.runsPerS)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.rssMb, 0)} | ` +
                `${api ? fmt(r.runsPerS / api.runsPerS, 2) + "×" : "—"} | ${api ? fmt(api.p99 / r.p99, 2) + "×" : "—"} |`);
}
for (const [key, why] of Object.entries(skipped)) console.log(`\n${names[key]}: not measured: ${why}`);

// Issue 29's targets, on this machine in this run.
const c = results.graphs.chain;
const targets = [];
if (c.api_server)
  targets.push([`runs/s on SQLite ≥ 20× the API server's (chain-10, ${CONCURRENCY} in flight)`, c.capgraph_sqlite.runsPerS >= 20 * c.api_server.runsPerS,
                `${fmt(c.capgraph_sqlite.runsPerS / c.api_server.runsPerS, 1)}×`]);
targets.push(["p99 POST → finished < 50 ms (chain-10, SQLite)", c.capgraph_sqlite.p99 < 50, `${fmt(c.capgraph_sqlite.p99)} ms`]);
targets.push(["server RSS < 60 MB (SQLite)", c.capgraph_sqlite.rssMb < 60, `${fmt(c.capgraph_sqlite.rssMb, 0)} MB`]);
if (c.capgraph_postgresql_2)
  targets.push(["PostgreSQL with 2 servers at least as fast as SQLite with 1 (chain-10)", c.capgraph_postgresql_2.runsPerS >= c.capgraph_sqlite.runsPerS,
                `${fmt(c.capgraph_postgresql_2.runsPerS)} vs ${fmt(c.capgraph_sqlite.runsPerS)} runs/s`]);
console.log("\n| target | met | measured |\n|---|---|---|");
for (const [what, met, figure] of targets) console.log(`| ${what} | ${met ? "yes" : "no"} | ${figure} |`);
results.targets = targets.map(([what, met, figure]) => ({ what, met, figure }));
results.skipped = skipped;
if (!oursOnly)
  writeFileSync(join(here, "results.json"), JSON.stringify(results, null, 1) + "\n");
