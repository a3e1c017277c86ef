// The peer of bench/server: LangGraph.js behind a plain Node HTTP server, as the LangGraph API
// server serves a graph — POST /runs/wait runs the graph to its end on a new thread and
// answers with its final state — its checkpoints kept by LangGraph's SQLite checkpointer
// (@langchain/langgraph-checkpoint-sqlite, on a file). The graph is the engine harness's
// chain of N nodes (../shared/bench/engine/lib/graphs.mjs, copied beside this file).
//
//   node peer.mjs PORT DB_FILE N
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { buildChain } from "./lib/graphs.mjs";

const [port, db, n] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4] || 100)];
const checkpointer = SqliteSaver.fromConnString(db);
const { graph, input, config, check } = buildChain(n, { checkpointer });

const server = createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/runs/wait") {
    res.writeHead(404).end();
    return;
  }
  req.resume(); // (the body names nothing the run needs)
  req.on("end", async () => {
    try {
      const out = await graph.invoke(input, { ...config, configurable: { thread_id: randomUUID() } });
      check(out);
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "success", values: out }));
    } catch (e) {
      res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: String(e) }));
    }
  });
});
server.listen(port, "127.0.0.1", () => console.error(`peer listening on http://127.0.0.1:${server.address().port}`));
