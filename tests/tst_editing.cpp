// The canvas never shows a different graph from the one that will be saved. Model-based:
// random sequences of the studio's editing actions (add, delete, rename, connect, retarget
// a condition, reconnect an edge, edit properties and conditions, group, paste, align,
// auto-layout, move, drag, undo and redo at random points) — gestures through the real
// widgets where the action is one (a drag on the canvas, a rename typed in the Properties
// id field, Delete, Ctrl+Z, Ctrl+Y), GraphActions (what the widgets call) for the rest.
// After every step the scene must hold exactly one item per node, edge, frame and note of
// the document, with the document's geometry, ends and kinds, every edge drawn between its
// ends; at the end of a sequence undoing everything must give back the bytes that were
// opened. A failing sequence is shrunk (delta debugging) to a short reproducer, printed.
//
// CTest runs it with fixed seeds for a time budget; CAPGRAPH_EDITING_SEED=random (or a
// number) and CAPGRAPH_EDITING_SECONDS=N run more by hand, and a failure prints its seed.
#include "support/Shrink.h"
#include "support/StudioWindow.h"

#include "commands/GraphActions.h"
#include "layout/NodeGeometry.h"
#include "view/LabelEditor.h"
#include "document/GraphDocument.h"
#include "scene/EdgeItem.h"
#include "scene/FrameItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "scene/NoteItem.h"
#include "yaml/GraphYamlWriter.h"

#include <QElapsedTimer>
#include <QLineEdit>
#include <QRandomGenerator>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

struct Action
{
    enum Kind {
        AddNode, Delete, DeleteKey, Rename, RenameTyped, Connect, Retarget, Reconnect, EditNode, EditCondition,
        Group, Paste, Align, AutoLayout, Move, DragGesture, Note, Undo, Redo, UndoKey, RedoKey, LabelTyped, GraphHeader, Count
    };
    Kind kind = AddNode;
    quint32 a = 0, b = 0, c = 0; // choices, taken modulo what there is when the action runs
    QPointF at;

    QString describe() const
    {
        static const char *names[] = {"add node", "delete", "delete (key)", "rename", "rename (typed)", "connect", "retarget condition",
                                      "reconnect edge", "edit node", "edit condition", "group", "paste", "align", "auto-layout",
                                      "move", "drag (gesture)", "add note", "undo", "redo", "undo (Ctrl+Z)", "redo (Ctrl+Y)",
                                      "label (double-click, typed)", "graph name (typed)"};
        return QStringLiteral("%1 [%2 %3 %4 @%5,%6]").arg(QLatin1String(names[kind])).arg(a).arg(b).arg(c).arg(at.x()).arg(at.y());
    }
};

QList<Action> randomActions(QRandomGenerator &r, int count)
{
    // Weights: editing more often than undoing, undo more often than redo.
    static const int weights[Action::Count] = {10, 4, 3, 5, 2, 10, 4, 4, 5, 4, 2, 3, 2, 1, 5, 3, 1, 10, 5, 3, 2, 4, 2};
    int total = 0;
    for (int w : weights)
        total += w;
    QList<Action> out;
    for (int i = 0; i < count; ++i) {
        Action x;
        int roll = int(r.bounded(total));
        int k = 0;
        while (roll >= weights[k])
            roll -= weights[k++];
        x.kind = Action::Kind(k);
        x.a = r.generate();
        x.b = r.generate();
        x.c = r.generate();
        x.at = QPointF(r.bounded(-400, 1400), r.bounded(-300, 900));
        out.append(x);
    }
    return out;
}

QStringList nodeIds(const GraphDocument *doc)
{
    QStringList out;
    for (const Node &n : doc->graph().nodes)
        out << n.id;
    return out;
}

// What is wrong between the scene and the document ("" when nothing).
QString mismatch(const GraphDocument *doc, GraphScene *scene)
{
    QStringList wrong;
    const Graph &g = doc->graph();
    QHash<QString, int> nodeItems, frameItems, noteItems;
    QList<EdgeItem *> edgeItems;
    for (QGraphicsItem *item : scene->items()) {
        switch (item->type()) {
        case NodeItem::Type: {
            auto *n = static_cast<NodeItem *>(item);
            ++nodeItems[n->nodeId()];
            if (n->opacity() < 1)
                wrong << QStringLiteral("node %1 left transparent (a drag layer not ended)").arg(n->nodeId());
            break;
        }
        case EdgeItem::Type:
            edgeItems << static_cast<EdgeItem *>(item);
            break;
        case FrameItem::Type:
            ++frameItems[static_cast<FrameItem *>(item)->frameId()];
            break;
        case NoteItem::Type:
            ++noteItems[static_cast<NoteItem *>(item)->noteId()];
            break;
        default:
            break;
        }
    }
    // Nodes: one item each, where the document places it, of its kind.
    for (const Node &n : g.nodes) {
        const int count = nodeItems.take(n.id);
        if (count != 1) {
            wrong << QStringLiteral("node %1 has %2 items").arg(n.id).arg(count);
            continue;
        }
        NodeItem *item = scene->nodeItem(n.id);
        if (!item || item->nodeId() != n.id)
            wrong << QStringLiteral("node %1: the scene's index does not find its item").arg(n.id);
        else {
            if (n.position && QLineF(item->pos(), *n.position).length() > 0.01)
                wrong << QStringLiteral("node %1 drawn at %2,%3, placed at %4,%5").arg(n.id).arg(item->pos().x()).arg(item->pos().y())
                             .arg(n.position->x()).arg(n.position->y());
            if (item->kind() != n.kind)
                wrong << QStringLiteral("node %1 drawn as another kind").arg(n.id);
            // A caption under a small shape says the label (or the id): the item's bounds hold it.
            const QRectF caption = nodeCaptionRect(n.kind, n.caption());
            if (!caption.isEmpty() && !item->boundingRect().contains(caption))
                wrong << QStringLiteral("node %1: its caption '%2' lies outside the item's bounds").arg(n.id, n.caption());
        }
    }
    for (auto it = nodeItems.cbegin(); it != nodeItems.cend(); ++it)
        wrong << QStringLiteral("an item for node %1, which the document does not have").arg(it.key());
    // Edges: one item per flow edge the canvas draws (both ends there, not a loop onto itself).
    const QList<FlowEdge> flows = g.flowEdges();
    const auto signature = [](const FlowEdge &f) {
        return QStringLiteral("%1->%2 origin %3 kind %4 edge %5 condition %6")
            .arg(f.from, f.to)
            .arg(int(f.origin))
            .arg(int(f.kind))
            .arg(f.edgeIndex)
            .arg(f.conditionIndex);
    };
    QStringList wanted, drawn;
    for (const FlowEdge &f : flows)
        if (f.from != f.to && doc->node(f.from) && doc->node(f.to))
            wanted << signature(f);
    for (EdgeItem *e : std::as_const(edgeItems)) {
        drawn << signature(e->flow());
        if (e->flowIndex() < 0 || e->flowIndex() >= flows.size() || signature(flows.at(e->flowIndex())) != signature(e->flow()))
            wrong << QStringLiteral("edge %1: its index in the document's edges is stale").arg(signature(e->flow()));
        if (!e->source() || !e->target() || e->source()->nodeId() != e->flow().from || e->target()->nodeId() != e->flow().to) {
            wrong << QStringLiteral("edge %1 attached to other items").arg(signature(e->flow()));
            continue;
        }
        if (e->path().isEmpty() || e->isLifted() || !e->isVisible()) {
            wrong << QStringLiteral("edge %1 is not drawn").arg(signature(e->flow()));
            continue;
        }
        // Its ends on its nodes (the port or the box's edge, a few pixels out at most).
        const QRectF from = e->source()->box().translated(e->source()->pos()).adjusted(-14, -14, 14, 14);
        const QRectF to = e->target()->box().translated(e->target()->pos()).adjusted(-14, -14, 14, 14);
        if (!from.contains(e->sourcePoint()) || !to.contains(e->targetPoint()))
            wrong << QStringLiteral("edge %1 drawn from %2,%3 to %4,%5, away from its nodes")
                         .arg(signature(e->flow()))
                         .arg(e->sourcePoint().x())
                         .arg(e->sourcePoint().y())
                         .arg(e->targetPoint().x())
                         .arg(e->targetPoint().y());
    }
    wanted.sort();
    drawn.sort();
    if (wanted != drawn) {
        QStringList missing, extra;
        std::set_difference(wanted.cbegin(), wanted.cend(), drawn.cbegin(), drawn.cend(), std::back_inserter(missing));
        std::set_difference(drawn.cbegin(), drawn.cend(), wanted.cbegin(), wanted.cend(), std::back_inserter(extra));
        if (!missing.isEmpty())
            wrong << QStringLiteral("edges not on the canvas: ") + missing.join(QStringLiteral("; "));
        if (!extra.isEmpty())
            wrong << QStringLiteral("edges on the canvas the document lacks: ") + extra.join(QStringLiteral("; "));
    }
    // Frames and notes.
    for (const Frame &f : g.frames)
        if (frameItems.take(f.id) != 1)
            wrong << QStringLiteral("frame %1 is not drawn once").arg(f.id);
    for (auto it = frameItems.cbegin(); it != frameItems.cend(); ++it)
        wrong << QStringLiteral("a frame item %1 the document lacks").arg(it.key());
    for (const Note &n : g.notes)
        if (noteItems.take(n.id) != 1)
            wrong << QStringLiteral("note %1 is not drawn once").arg(n.id);
    for (auto it = noteItems.cbegin(); it != noteItems.cend(); ++it)
        wrong << QStringLiteral("a note item %1 the document lacks").arg(it.key());
    return wrong.join(QStringLiteral("\n    "));
}

int g_labelEditors = 0; // label editors the gestures opened (the gesture is exercised, not skipped)

QString pick(const QStringList &list, quint32 choice)
{
    return list.isEmpty() ? QString() : list.at(int(choice % quint32(list.size())));
}

// Runs one action; false when it did nothing (nothing to act on, or refused as the widgets
// would refuse it).
void perform(Studio &s, const Action &x)
{
    MainWindow &w = s.w;
    GraphDocument *doc = w.document();
    const QStringList ids = nodeIds(doc);
    const QString one = pick(ids, x.a), other = pick(ids, x.b);
    QString reason;
    switch (x.kind) {
    case Action::AddNode: {
        static const NodeKind kinds[] = {NodeKind::Skill, NodeKind::Branch, NodeKind::Merge, NodeKind::LoopStart, NodeKind::LoopEnd,
                                         NodeKind::ParallelSplit, NodeKind::ParallelJoin, NodeKind::Confirm, NodeKind::Select,
                                         NodeKind::Input, NodeKind::End};
        GraphActions::addNode(doc, kinds[x.c % (sizeof kinds / sizeof *kinds)], x.at);
        break;
    }
    case Action::Delete: {
        QStringList nodes;
        if (!one.isEmpty())
            nodes << one;
        QList<int> edges;
        if (!doc->graph().edges.isEmpty() && x.c % 2)
            edges << int(x.b % quint32(doc->graph().edges.size()));
        GraphActions::deleteItems(doc, nodes, edges);
        break;
    }
    case Action::DeleteKey: // select on the canvas, press Delete
        if (one.isEmpty())
            break;
        w.scene()->selectNodes({one});
        s.key(Qt::Key_Delete);
        break;
    case Action::Rename: {
        if (one.isEmpty())
            break;
        Node after = *doc->node(one);
        after.id = (x.c % 2 ? QStringLiteral("節點_") : QStringLiteral("n_")) + QString::number(x.c % 50);
        GraphActions::editNode(doc, one, after, QStringLiteral("id"), &reason);
        break;
    }
    case Action::RenameTyped: { // select it, type the new id into the Properties id field, Enter
        if (one.isEmpty())
            break;
        w.scene()->selectNodes({one});
        QCoreApplication::processEvents();
        auto *field = w.findChild<QLineEdit *>(QStringLiteral("PropId"));
        if (!field || !field->isVisible())
            break;
        field->setFocus();
        field->selectAll();
        QTest::keyClick(field, Qt::Key_Backspace);
        QTest::keyClicks(field, QStringLiteral("typed_%1").arg(x.c % 40));
        QTest::keyClick(field, Qt::Key_Return);
        break;
    }
    case Action::Connect: {
        static const EdgeKind kinds[] = {EdgeKind::Sequence, EdgeKind::Conditional, EdgeKind::Parallel, EdgeKind::Iteration};
        if (!one.isEmpty() && !other.isEmpty())
            GraphActions::connectNodes(doc, one, other, x.c % 3 ? GraphActions::inferredEdgeKind(doc->graph(), one, other) : kinds[x.c % 4],
                                       &reason);
        break;
    }
    case Action::Retarget: {
        QStringList branches;
        for (const Node &n : doc->graph().nodes)
            if (n.kind == NodeKind::Branch && (!n.conditions.isEmpty() || !n.defaultTarget.isEmpty()))
                branches << n.id;
        const QString branch = pick(branches, x.a);
        if (branch.isEmpty() || other.isEmpty())
            break;
        const Node *n = doc->node(branch);
        const int index = n->conditions.isEmpty() ? -1 : int(x.c % quint32(n->conditions.size() + 1)) - 1;
        GraphActions::retargetCondition(doc, branch, index, other, &reason);
        break;
    }
    case Action::Reconnect: {
        const QList<Edge> &edges = doc->graph().edges;
        if (edges.isEmpty() || other.isEmpty())
            break;
        const int e = int(x.a % quint32(edges.size()));
        if (x.c % 2)
            GraphActions::reconnectEdge(doc, e, edges.at(e).from, other, &reason);
        else
            GraphActions::reconnectEdge(doc, e, other, edges.at(e).to, &reason);
        break;
    }
    case Action::EditNode: {
        if (one.isEmpty())
            break;
        Node after = *doc->node(one);
        switch (x.c % 4) {
        case 0:
            after.prompt = QStringLiteral("請確認 %1").arg(x.b % 10);
            break;
        case 1:
            after.timeout = double(x.b % 100);
            break;
        case 2:
            after.skillId = QStringLiteral("skill-%1").arg(x.b % 7);
            break;
        default:
            after.outputs = {QStringLiteral("out_%1").arg(x.b % 5)};
            break;
        }
        GraphActions::editNode(doc, one, after, QStringLiteral("property"), &reason, x.b % 3 ? QString() : QStringLiteral("merge"));
        break;
    }
    case Action::EditCondition: {
        QStringList branches;
        for (const Node &n : doc->graph().nodes)
            if (n.kind == NodeKind::Branch && !n.conditions.isEmpty())
                branches << n.id;
        const QString branch = pick(branches, x.a);
        if (branch.isEmpty())
            break;
        Node after = *doc->node(branch);
        BranchCondition &c = after.conditions[int(x.b % quint32(after.conditions.size()))];
        if (x.c % 3 == 0)
            c.name = QStringLiteral("條件_%1").arg(x.c % 9); // a label of another length
        else if (x.c % 3 == 1)
            c.expression = QStringLiteral("input.n > %1").arg(x.c % 100);
        else if (!other.isEmpty())
            c.target = other;
        GraphActions::editNode(doc, branch, after, QStringLiteral("condition"), &reason);
        break;
    }
    case Action::Group:
        if (!one.isEmpty())
            GraphActions::groupIntoFrame(doc, other.isEmpty() || other == one ? QStringList{one} : QStringList{one, other},
                                         QStringLiteral("組 %1").arg(x.c % 9));
        break;
    case Action::Paste: {
        if (one.isEmpty())
            break;
        const QByteArray yaml = GraphActions::copyAsYaml(doc, other == one ? QStringList{one} : QStringList{one, other});
        GraphActions::pasteYaml(doc, yaml, QPointF(40 + x.c % 200, 40), &reason);
        break;
    }
    case Action::Align: {
        static const Qt::Alignment how[] = {Qt::AlignLeft, Qt::AlignRight, Qt::AlignHCenter, Qt::AlignTop, Qt::AlignBottom, Qt::AlignVCenter};
        if (!one.isEmpty() && !other.isEmpty() && one != other)
            GraphActions::alignNodes(doc, {one, other}, how[x.c % 6]);
        break;
    }
    case Action::AutoLayout:
        GraphActions::autoLayout(doc, x.c % 2 || one.isEmpty() ? QSet<QString>{} : QSet<QString>{one, other});
        break;
    case Action::Move:
        if (!one.isEmpty())
            GraphActions::moveNode(doc, one, x.at);
        break;
    case Action::DragGesture: { // press on the node, move, release: the canvas's own drag
        NodeItem *item = w.scene()->nodeItem(one);
        if (!item)
            break;
        w.view()->centerOn(item);
        QCoreApplication::processEvents();
        const QPoint from = s.at(item->pos() + QPointF(0, item->box().height() / 4));
        const QPoint to = from + QPoint(int(x.c % 200) - 100, int(x.b % 140) - 70);
        drag(s.viewport(), from, to, Qt::NoModifier, 5);
        break;
    }
    case Action::Note:
        GraphActions::addNote(doc, x.at, QStringLiteral("備註 %1").arg(x.c % 9));
        break;
    case Action::Undo:
        doc->undoStack()->undo();
        break;
    case Action::Redo:
        doc->undoStack()->redo();
        break;
    case Action::UndoKey:
        s.key(Qt::Key_Z, Qt::ControlModifier);
        break;
    case Action::RedoKey:
        s.key(Qt::Key_Y, Qt::ControlModifier);
        break;
    case Action::LabelTyped: { // double-click the card, type a label, Return (or Escape)
        if (one.isEmpty())
            break;
        NodeItem *item = w.scene()->nodeItem(one);
        w.view()->ensureShown(item->box().translated(item->pos()));
        QCoreApplication::processEvents();
        const QPointF centre = item->pos() + QPointF(0, item->box().height() * 0.25); // below a port's row
        if (!w.view()->viewport()->rect().contains(s.at(centre)) || item->isOverPort(centre))
            break;
        doubleClick(s.viewport(), s.at(centre));
        LabelEditor *editor = LabelEditor::current(w.view());
        if (!editor)
            break;
        ++g_labelEditors;
        editor->selectAll();
        QTest::keyClicks(editor, x.c % 3 ? QStringLiteral("label %1").arg(x.c % 9) : QString());
        QTest::keyClick(editor, x.b % 5 ? Qt::Key_Return : Qt::Key_Escape);
        break;
    }
    case Action::GraphHeader: { // nothing selected: the graph's name (or id) typed into the Properties dock
        w.scene()->clearSelection();
        QCoreApplication::processEvents();
        auto *field = w.findChild<QLineEdit *>(x.c % 3 ? QStringLiteral("GraphName") : QStringLiteral("GraphId"));
        if (!field || !field->isVisible())
            break;
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, QStringLiteral("graph_%1").arg(x.b % 7));
        QTest::keyClick(field, Qt::Key_Return);
        w.view()->setFocus();
        break;
    }
    case Action::Count:
        break;
    }
    QCoreApplication::processEvents();
}

// Runs a sequence on `s` with `file` opened afresh; the index of the action after which the
// scene and the document disagree (actions.size() for the final undo-everything check), or
// -1, and what was wrong.
int runSequence(Studio &s, const QString &file, const QList<Action> &actions, QString *why)
{
    MainWindow &w = s.w;
    testPrompts()->reset();
    if (!w.openFile(file)) {
        *why = QStringLiteral("cannot open ") + file;
        return 0;
    }
    w.view()->setZoom(0.8);
    QCoreApplication::processEvents();
    const QByteArray opened = GraphYamlWriter::toYaml(w.document()->graph());
    if (const QString m = mismatch(w.document(), w.scene()); !m.isEmpty()) {
        *why = QStringLiteral("after opening:\n    ") + m;
        return 0;
    }
    for (int i = 0; i < actions.size(); ++i) {
        perform(s, actions.at(i));
        if (const QString m = mismatch(w.document(), w.scene()); !m.isEmpty()) {
            *why = QStringLiteral("after %1:\n    %2").arg(actions.at(i).describe(), m);
            return i;
        }
    }
    QUndoStack *stack = w.document()->undoStack();
    while (stack->canUndo()) {
        stack->undo();
        QCoreApplication::processEvents();
        if (const QString m = mismatch(w.document(), w.scene()); !m.isEmpty()) {
            *why = QStringLiteral("undoing everything, at %1 (%2):\n    %3").arg(stack->index()).arg(stack->undoText(), m);
            return int(actions.size());
        }
    }
    const QByteArray back = GraphYamlWriter::toYaml(w.document()->graph());
    if (back != opened) {
        *why = QStringLiteral("undoing everything does not give back the opened graph:\n%1\n---- opened:\n%2")
                   .arg(QString::fromUtf8(back.left(1500)), QString::fromUtf8(opened.left(1500)));
        return int(actions.size());
    }
    return -1;
}

} // namespace

class TestEditing : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void theCanvasIsTheDocument_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<quint32>("seed");
        const QString env = qEnvironmentVariable("CAPGRAPH_EDITING_SEED");
        const quint32 seed = env == QLatin1String("random") ? QRandomGenerator::global()->generate()
                             : env.isEmpty()                ? 20261126u
                                                            : env.toUInt();
        QTest::newRow("write-report") << example("write-report.yaml") << seed;
        QTest::newRow("paper-review (frames, notes)") << example("paper-review.yaml") << seed + 1;
        QTest::newRow("new graph") << QString() << seed + 2;
    }

    void theCanvasIsTheDocument()
    {
        QFETCH(QString, file);
        QFETCH(quint32, seed);
        // A time budget, not a count: CTest's run is bounded, a long run by hand finds more.
        const int seconds = qEnvironmentVariableIsSet("CAPGRAPH_EDITING_SECONDS") ? qEnvironmentVariableIntValue("CAPGRAPH_EDITING_SECONDS") : 12;
        QTemporaryDir dir;
        QString path = file;
        if (path.isEmpty()) { // a small new graph, as File > New starts one
            path = dir.filePath(QStringLiteral("new.yaml"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("graph:\n  id: new-graph\n  nodes:\n    - id: start\n      type: control.start\n      position: {x: 0, y: 0}\n"
                    "    - id: end\n      type: control.end\n      position: {x: 400, y: 0}\n  edges:\n    - {from: start, to: end}\n");
            f.close();
        }
        Studio s;
        QRandomGenerator r(seed);
        QElapsedTimer clock;
        clock.start();
        int sequences = 0, steps = 0;
        while (clock.elapsed() < seconds * 1000) {
            const QList<Action> actions = randomActions(r, 8 + int(r.bounded(30)));
            QString why;
            const int failed = runSequence(s, path, actions, &why);
            ++sequences;
            steps += int(actions.size());
            if (failed < 0)
                continue;
            const QList<Action> shortest =
                shrink<Action>(actions.mid(0, std::min<qsizetype>(failed + 1, actions.size())), [&](const QList<Action> &rest) {
                    QString ignored;
                    return runSequence(s, path, rest, &ignored) >= 0;
                });
            runSequence(s, path, shortest, &why);
            QString reproducer;
            for (const Action &a : shortest)
                reproducer += QStringLiteral("\n  ") + a.describe();
            QFAIL(qPrintable(QStringLiteral("seed %1, sequence %2: the canvas and the document disagree %3\nshortest sequence:%4")
                                 .arg(seed)
                                 .arg(sequences)
                                 .arg(why, reproducer)));
        }
        qInfo("%d sequences, %d actions, every step checked (seed %u); %d labels typed on cards so far", sequences, steps, seed, g_labelEditors);
        QVERIFY(g_labelEditors > 0);
        QVERIFY(sequences > 0);
    }
};

QTEST_MAIN(TestEditing)
#include "tst_editing.moc"
