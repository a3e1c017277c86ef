// A peer of bench/server: LangGraph.js behind a plain Node HTTP server with a durable
// checkpointer — LangGraph's SQLite one (@langchain/langgraph-checkpoint-sqlite, on a file) or
// its PostgreSQL one (@langchain/langgraph-checkpoint-postgres) — serving the graphs of
// peer-graphs.mjs with the LangGraph API server's own requests, so one client drives both:
//   POST /runs/wait                 {"assistant_id", "input"}: a run on a new thread, to its end
//   POST /threads                   {}: a new thread → {"thread_id"}
//   POST /threads/ID/runs/wait      {"assistant_id", "input"} or {"assistant_id", "command": {"resume": X}}
// Each answers with the run's final state (with "__interrupt__" when it stopped at a question).
//
//   node peer.mjs PORT (DB_FILE | postgresql://…)
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { Command } from "@langchain/langgraph";
import { makeGraphs } from "./peer-graphs.mjs";

const [port, where] = [Number(process.argv[2]), process.argv[3]];
let checkpointer;
if (/^postgres(ql)?:\/\//.test(where)) {
  const { PostgresSaver } = await import("@langchain/langgraph-checkpoint-postgres");
  checkpointer = PostgresSaver.fromConnString(where);
  await checkpointer.setup(); // its tables
} else {
  const { SqliteSaver } = await import("@langchain/langgraph-checkpoint-sqlite");
  checkpointer = SqliteSaver.fromConnString(where);
}
const graphs = makeGraphs(checkpointer);

async function run(body, threadId) {
  const graph = graphs[body.assistant_id];
  if (!graph) throw new Error(`no graph ${body.assistant_id}`);
  const config = { configurable: { thread_id: threadId } };
  const input = body.command ? new Command(body.command) : body.input;
  return graph.invoke(input, config);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const send = (status, value) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    try {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      const m = req.url.match(/^\/threads\/([^/]+)\/runs\/wait$/);
      if (req.method === "POST" && req.url === "/runs/wait") send(200, await run(body, randomUUID()));
      else if (req.method === "POST" && req.url === "/threads") send(200, { thread_id: randomUUID() });
      else if (req.method === "POST" && m) send(200, await run(body, m[1]));
      else send(404, { error: `no ${req.method} ${req.url}` });
    } catch (e) {
      send(500, { error: String(e) });
    }
  });
});
server.listen(port, "127.0.0.1", () => console.error(`listening on 127.0.0.1:${server.address().port}`));
