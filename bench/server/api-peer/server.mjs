// The API-server peer of bench/server: LangGraph.js's own API server (@langchain/langgraph-api,
// the in-memory server `npx @langchain/langgraph-cli dev` starts) serving peer-graphs.mjs's chain10
// and ask10, started in this process by the package's startServer() instead of through the CLI
// (the CLI adds a file watcher, a Studio browser tab, a LangSmith host lookup and usage analytics,
// none of which serve a benchmark, and it needs a langgraph.json).
//
//   node server.mjs [PORT [N_WORKERS]]     PORT 0 (default): any free port; N_WORKERS 10, as `dev`
//
// Installed and run from bench/server/.peer-api/ (gitignored), where the package's files are copied:
//   mkdir -p bench/server/.peer-api
//   cp bench/server/api-peer/{package.json,package-lock.json,server.mjs} bench/server/peer-graphs.mjs bench/server/.peer-api/
//   npm ci --no-audit --no-fund --prefix bench/server/.peer-api
//   node bench/server/.peer-api/server.mjs 0
//
// Says `listening on 127.0.0.1:PORT` on stderr once it accepts requests. Runs offline: nothing
// here or in the server calls out unless LangSmith tracing is on, which is forced off below.
// "In memory" means what it does under `dev`: threads, runs and checkpoints live in memory and
// are also written, 3 s after each change, as JSON files under CWD/.langgraph_api/ — CWD here is
// a temporary folder, removed on exit, so every start is empty.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const port = Number(process.argv[2] || 0);
const nWorkers = Number(process.argv[3] || 10);

// Before the package is loaded: its logger reads LOG_LEVEL when imported (default "debug", one
// line on stdout per request and per run, as under `dev`), and LangSmith reads these on first use.
for (const v of ["LANGSMITH_TRACING", "LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING", "LANGCHAIN_TRACING_V2"])
  process.env[v] = "false";
process.env.LANGGRAPH_CLI_NO_ANALYTICS = "1"; // (read by the CLI only; set for anything spawned)
process.env.NODE_ENV ??= "development"; // as the CLI sets it for the server it spawns

const here = dirname(fileURLToPath(import.meta.url));
const cwd = mkdtempSync(join(tmpdir(), "langgraph-api-peer-"));
const removeCwd = () => rmSync(cwd, { recursive: true, force: true });
process.on("exit", removeCwd);
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => process.exit(0));

const { startServer } = await import("@langchain/langgraph-api/server");
// startServer(options, storage?) -> Promise<{ host: "ADDRESS:PORT", cleanup }>; options are
// validated by its StartServerSchema. Graph specs are "FILE:EXPORT", FILE resolved against cwd
// (an absolute path stays as it is).
const graphs = { chain10: `${join(here, "peer-graphs.mjs")}:chain10`, ask10: `${join(here, "peer-graphs.mjs")}:ask10` };
const { host } = await startServer({ port, nWorkers, host: "127.0.0.1", cwd, graphs });
process.env.LANGGRAPH_API_URL = `http://${host}`; // as the CLI sets it (stream metadata only)
console.error(`listening on ${host}`);
