#include "algo/DepthFirst.h"

namespace capgraph::algo {

QList<bool> backEdges(const QList<QList<int>> &out, const QList<int> &head, const QList<int> &roots)
{
    const qsizetype n = out.size();
    QList<bool> back(head.size(), false);
    enum : char { White, Grey, Black };
    QList<char> state(n, White);
    struct Frame
    {
        int node;
        qsizetype next;
    };
    QList<Frame> stack;
    for (int root : roots) {
        if (state.at(root) != White)
            continue;
        stack = {{root, 0}};
        state[root] = Grey;
        while (!stack.isEmpty()) {
            Frame &f = stack.last();
            if (f.next < out.at(f.node).size()) {
                const int e = out.at(f.node).at(f.next++);
                const int w = head.at(e);
                if (state.at(w) == Grey) {
                    back[e] = true;
                } else if (state.at(w) == White) {
                    state[w] = Grey;
                    stack.append({w, 0});
                }
            } else {
                state[f.node] = Black;
                stack.removeLast();
            }
        }
    }
    return back;
}

} // namespace capgraph::algo
