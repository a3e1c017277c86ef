// The LangGraph side of bench/server's graphs (bench/server/graphs/chain-10.yaml and
// ask-10.yaml on ours), for both peers: the API server (api-peer/server.mjs registers
// `peer-graphs.mjs:chain10` and `:ask10`, compiled without a checkpointer: the server sets its
// own) and peer.mjs (makeGraphs(checkpointer): LangGraph's SQLite or PostgreSQL checkpointer).
// Same shape and state as the engine harness's chain (../shared/bench/engine/lib/graphs.mjs
// buildChain): one plain `counter` channel, nodes n1..n10 each returning {counter: counter + 1};
// a run's input is {"counter": 0} and its final state {"counter": 10}.
import { StateGraph, Annotation, START, END, interrupt } from "@langchain/langgraph";

const N = 10;
const ASK_AT = 6; // ask10's n6, right after node 5, asks its question (ours: the node `ask`)

function chain(nodeFor, State, checkpointer) {
  const g = new StateGraph(State);
  for (let i = 1; i <= N; i++) g.addNode(`n${i}`, nodeFor(i));
  g.addEdge(START, "n1");
  for (let i = 1; i < N; i++) g.addEdge(`n${i}`, `n${i + 1}`);
  g.addEdge(`n${N}`, END);
  return g.compile(checkpointer ? { checkpointer } : undefined);
}

const step = (s) => ({ counter: s.counter + 1 });

// chain10: START -> n1 -> ... -> n10 -> END.
// ask10: the same, but n6 first calls interrupt(): the run stops there until a run with
// {"command": {"resume": ANSWER}} runs n6 again, where interrupt() now returns ANSWER (kept in
// state, so a client can check it arrived; the counter still ends at 10).
export function makeGraphs(checkpointer) {
  return {
    chain10: chain(() => step, Annotation.Root({ counter: Annotation }), checkpointer),
    ask10: chain((i) => (i === ASK_AT ? (s) => ({ counter: s.counter + 1, answer: interrupt({ question: "ok?" }) }) : step),
                 Annotation.Root({ counter: Annotation, answer: Annotation }), checkpointer),
  };
}

export const { chain10, ask10 } = makeGraphs();
