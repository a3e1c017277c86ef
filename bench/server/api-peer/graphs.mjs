// The graphs the API-server peer serves (server.mjs registers them as `graphs.mjs:chain10` and
// `graphs.mjs:ask10`). Same shape and state as the engine harness's chain
// (../shared/bench/engine/lib/graphs.mjs buildChain): one plain `counter` channel, nodes n1..nN
// each returning `{counter: counter + 1}`, so a run's input is `{"counter": 0}` and its final
// state `{"counter": 10}`.
//
// Compiled without a checkpointer: the API server sets its own (in-memory) one on the graph
// before each run (graph/load.mjs getGraph).
import { StateGraph, Annotation, START, END, interrupt } from "@langchain/langgraph";

const N = 10;
const ASK_AT = 6; // ask10's n6, right after node 5, asks its question

function chain(nodeFor, State) {
  const g = new StateGraph(State);
  for (let i = 1; i <= N; i++) g.addNode(`n${i}`, nodeFor(i));
  g.addEdge(START, "n1");
  for (let i = 1; i < N; i++) g.addEdge(`n${i}`, `n${i + 1}`);
  g.addEdge(`n${N}`, END);
  return g.compile();
}

const step = (s) => ({ counter: s.counter + 1 });

// START -> n1 -> ... -> n10 -> END
export const chain10 = chain(() => step, Annotation.Root({ counter: Annotation }));

// The same chain, but n6 first calls interrupt(): the run stops there (status "interrupted" on the
// thread, the question in the thread state's interrupts) until a run with
// `{"command": {"resume": ANSWER}}` re-executes n6, where interrupt() now returns ANSWER.
// The answer is kept in state so a client can check it arrived; the counter still ends at 10.
export const ask10 = chain(
  (i) => (i === ASK_AT
    ? (s) => ({ counter: s.counter + 1, answer: interrupt({ question: "ok?" }) })
    : step),
  Annotation.Root({ counter: Annotation, answer: Annotation }),
);
