// The plan viewer, model-based: random sequences of what a reviewer does — click a card, click
// the background, Esc, a participant's chip, the filter (hide one, show everyone), Whole Chain,
// Critical Path, Swimlanes — by the real widgets, and after every step the viewer is checked
// against a model kept beside it: exactly the cards and dependencies the model says are
// highlighted (computed here from the plan's prerequisites, not by the viewer's topology),
// every other shown card dimmed while something is in focus and none otherwise, hidden
// participants' cards and their curves not drawn, the toggles as the model says, no curve
// through a card that is not one of its ends, and the screen showing what a fresh drawing of
// the canvas shows (nothing stale left by a change; every fourth step). A failing sequence is shrunk to a short
// reproducer and printed. A fixed seed in CTest with a time budget; CAPGRAPH_PLAN_SEED=random
// (or a number) and CAPGRAPH_PLAN_SECONDS for longer runs by hand.
#include "support/PlanWindowTesting.h"
#include "support/Shrink.h"
#include "planview/ParticipantChips.h"
#include "planview/PlanEdgeItem.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QMenu>
#include <QPainterPathStroker>
#include <QRandomGenerator>
#include <QToolButton>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;

namespace {

QString example(const char *name)
{
    return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/plans/") + QLatin1String(name);
}

struct Action
{
    enum Kind { ClickCard, ClickBackground, Escape, Chip, HideOne, ShowEveryone, WholeChain, CriticalPath, Lanes, Count };
    Kind kind = ClickCard;
    quint32 choice = 0;

    QString describe(const Plan &plan, const QStringList &participants) const
    {
        static const char *names[] = {"click card", "click background", "Esc", "click chip", "filter: hide", "filter: show everyone",
                                      "whole chain", "critical path", "swimlanes"};
        QString what = QLatin1String(names[kind]);
        if (kind == ClickCard && !plan.tasks.isEmpty())
            what += QLatin1Char(' ') + plan.tasks.at(int(choice % quint32(plan.tasks.size()))).id;
        if ((kind == Chip || kind == HideOne) && !participants.isEmpty())
            what += QLatin1Char(' ') + participants.at(int(choice % quint32(participants.size())));
        return what;
    }
};

// What the viewer should show, kept apart from it.
struct Model
{
    int selected = -1;
    QString participant; // null: none
    bool transitive = false, critical = false, lanes = false;
    QSet<QString> hidden;
};

class Checker
{
public:
    explicit Checker(const Plan &plan)
        : m_plan(plan)
    {
        for (int t = 0; t < plan.tasks.size(); ++t)
            m_index.insert(plan.tasks.at(t).id, t);
        m_pre.resize(plan.tasks.size());
        m_post.resize(plan.tasks.size());
        for (int t = 0; t < plan.tasks.size(); ++t)
            for (const QString &p : plan.tasks.at(t).prerequisites)
                if (m_index.contains(p) && m_index.value(p) != t && !m_pre[t].contains(m_index.value(p))) {
                    m_pre[t].append(m_index.value(p));
                    m_post[m_index.value(p)].append(t);
                }
    }

    bool shown(const Model &m, int t) const { return !m.hidden.contains(m_plan.tasks.at(t).assigneeId); }

    QSet<int> chain(int from, const QList<QList<int>> &next) const
    {
        QSet<int> out;
        QList<int> queue{from};
        while (!queue.isEmpty())
            for (int n : next.at(queue.takeLast()))
                if (!out.contains(n)) {
                    out.insert(n);
                    queue.append(n);
                }
        return out;
    }

    // The tasks and dependencies (a > b) the model highlights.
    QPair<QSet<int>, QSet<QPair<int, int>>> focus(const Model &m) const
    {
        QSet<int> tasks;
        QSet<QPair<int, int>> deps;
        if (m.selected >= 0) {
            const int s = m.selected;
            tasks.insert(s);
            if (m.transitive) {
                const QSet<int> up = chain(s, m_pre), down = chain(s, m_post);
                tasks += up;
                tasks += down;
                for (int b = 0; b < m_plan.tasks.size(); ++b)
                    for (int a : m_pre.at(b))
                        if (((up.contains(a) || a == s) && (up.contains(b) || b == s)) || ((down.contains(a) || a == s) && (down.contains(b) || b == s)))
                            deps.insert({a, b});
            } else {
                for (int a : m_pre.at(s)) {
                    tasks.insert(a);
                    deps.insert({a, s});
                }
                for (int b : m_post.at(s)) {
                    tasks.insert(b);
                    deps.insert({s, b});
                }
            }
        } else if (!m.participant.isNull()) {
            for (int t = 0; t < m_plan.tasks.size(); ++t)
                if (m_plan.tasks.at(t).assigneeId == m.participant)
                    tasks.insert(t);
            for (int b = 0; b < m_plan.tasks.size(); ++b)
                for (int a : m_pre.at(b))
                    if (tasks.contains(a) && tasks.contains(b))
                        deps.insert({a, b});
        }
        QSet<int> shownTasks;
        for (int t : std::as_const(tasks))
            if (shown(m, t))
                shownTasks.insert(t);
        QSet<QPair<int, int>> shownDeps;
        for (const auto &d : std::as_const(deps))
            if (shown(m, d.first) && shown(m, d.second))
                shownDeps.insert(d);
        return {shownTasks, shownDeps};
    }

    // What is wrong with the window against the model ("" when nothing).
    QString check(PlanWindow &w, const Model &m, bool screen) const
    {
        QStringList wrong;
        PlanScene *scene = w.scene();
        const auto id = [this](int t) { return m_plan.tasks.at(t).id; };
        if (scene->isTransitive() != m.transitive || scene->showsCriticalPath() != m.critical || scene->hasLanes() != m.lanes)
            wrong << QStringLiteral("toggles: whole chain %1, critical path %2, lanes %3; the model says %4, %5, %6")
                         .arg(scene->isTransitive()).arg(scene->showsCriticalPath()).arg(scene->hasLanes())
                         .arg(m.transitive).arg(m.critical).arg(m.lanes);
        if (scene->hiddenParticipants() != m.hidden)
            wrong << QStringLiteral("hidden participants differ from the model's");
        if (w.transitiveAction()->isChecked() != m.transitive || w.criticalPathAction()->isChecked() != m.critical
            || w.lanesAction()->isChecked() != m.lanes)
            wrong << QStringLiteral("a toggle's check mark says otherwise");
        if (scene->selectedTask() != m.selected)
            wrong << QStringLiteral("selected %1, the model %2").arg(scene->selectedTask() < 0 ? QStringLiteral("none") : id(scene->selectedTask()),
                                                                     m.selected < 0 ? QStringLiteral("none") : id(m.selected));
        const auto [tasks, deps] = focus(m);
        QStringList want, got;
        for (int t : tasks)
            want << id(t);
        for (int t : scene->highlightedTasks())
            got << id(t);
        want.sort();
        got.sort();
        if (want != got)
            wrong << QStringLiteral("highlighted %1, the model %2").arg(got.join(QLatin1Char(',')), want.join(QLatin1Char(',')));
        QStringList wantDeps, gotDeps;
        for (const auto &d : deps)
            wantDeps << id(d.first) + QLatin1Char('>') + id(d.second);
        for (int k : scene->highlightedEdges())
            gotDeps << id(scene->topology().edges().at(k).first) + QLatin1Char('>') + id(scene->topology().edges().at(k).second);
        wantDeps.sort();
        gotDeps.sort();
        if (wantDeps != gotDeps)
            wrong << QStringLiteral("dependencies highlighted %1, the model %2").arg(gotDeps.join(QLatin1Char(',')), wantDeps.join(QLatin1Char(',')));
        const bool focused = m.selected >= 0 || !m.participant.isNull();
        for (int t = 0; t < m_plan.tasks.size(); ++t) {
            PlanTaskItem *card = scene->taskItem(t);
            if (!card)
                continue;
            if (card->isVisible() != shown(m, t))
                wrong << QStringLiteral("card %1 %2").arg(id(t), card->isVisible() ? QStringLiteral("drawn though hidden") : QStringLiteral("not drawn"));
            const bool dimmed = shown(m, t) && focused && !tasks.contains(t);
            if (shown(m, t) && (card->opacity() < 1.0) != dimmed)
                wrong << QStringLiteral("card %1 %2").arg(id(t), dimmed ? QStringLiteral("not dimmed") : QStringLiteral("dimmed"));
        }
        // No curve through a card that is not one of its ends (the cards a little smaller:
        // touching a card at its port does not count).
        QPainterPathStroker stroker;
        stroker.setWidth(1);
        const auto &edges = scene->topology().edges();
        for (int k = 0; k < edges.size(); ++k) {
            const PlanEdgeItem *edge = scene->edgeItem(k);
            if (!edge || !edge->isVisible())
                continue;
            if (!shown(m, edges.at(k).first) || !shown(m, edges.at(k).second))
                wrong << QStringLiteral("curve %1>%2 drawn to a hidden card").arg(id(edges.at(k).first), id(edges.at(k).second));
            const QPainterPath drawn = stroker.createStroke(edge->mapToScene(edge->path()));
            for (int t = 0; t < m_plan.tasks.size(); ++t) {
                const PlanTaskItem *card = scene->taskItem(t);
                if (t == edges.at(k).first || t == edges.at(k).second || !card || !card->isVisible())
                    continue;
                if (drawn.intersects(card->mapRectToScene(card->card()).adjusted(2, 2, -2, -2)))
                    wrong << QStringLiteral("curve %1>%2 through %3").arg(id(edges.at(k).first), id(edges.at(k).second), id(t));
            }
        }
        if (screen && wrong.isEmpty()) {
            // What a busy machine has not painted yet is not stale: the screen gets time to
            // settle first (a stale picture stays stale however long one waits).
            QTest::qWait(150);
            const QImage shownImage = onScreen(w.view()->viewport());
            const QImage fresh = redrawn(w.view());
            const int stale = differences(shownImage, fresh);
            if (stale) {
                const QString dir = QDir::tempPath();
                shownImage.save(dir + QStringLiteral("/tst_planmodel-shown.png"));
                fresh.save(dir + QStringLiteral("/tst_planmodel-fresh.png"));
                wrong << QStringLiteral("%1 pixels of the canvas differ from a fresh drawing (%2/tst_planmodel-shown.png, -fresh.png)").arg(stale).arg(dir);
                if (qEnvironmentVariableIsSet("PLANDEBUG")) {
                    const QImage again = redrawn(w.view());
                    qWarning("fresh vs fresh again: %d; via hidden %d", differences(fresh, again), int(scene->viaHiddenEdges().size()));
                    for (QGraphicsItem *it : scene->items(QRectF(w.view()->mapToScene(QPoint(431, 372)), QSizeF(2, 2))))
                        qWarning("item type %d z %g visible %d opacity %g cache %d", it->type(), it->zValue(), it->isVisible(), it->opacity(), int(it->cacheMode()));
                }
            }
        }
        return wrong.join(QStringLiteral("\n    "));
    }

private:
    const Plan &m_plan;
    QHash<QString, int> m_index;
    QList<QList<int>> m_pre, m_post;
};

QStringList participantsOf(PlanWindow &w)
{
    return w.chips()->chipIds();
}

QMenu *filterMenu(PlanWindow &w)
{
    for (QMenu *menu : w.findChildren<QMenu *>())
        for (QAction *a : menu->actions())
            if (a->objectName() == QLatin1String("PlanFilterShowAll"))
                return menu;
    return nullptr;
}

// Does the action by the widgets; updates the model as the viewer should.
void perform(Window &win, Model &m, const Action &x)
{
    PlanWindow &w = win.w;
    PlanScene *scene = w.scene();
    const Plan &plan = scene->plan();
    const QStringList participants = participantsOf(w);
    switch (x.kind) {
    case Action::ClickCard: {
        const int t = int(x.choice % quint32(plan.tasks.size()));
        PlanTaskItem *card = scene->taskItem(t);
        if (!card || !card->isVisible())
            break;
        w.view()->centerOn(card);
        QCoreApplication::processEvents();
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, w.view()->mapFromScene(card->pos() + QPointF(20, 0)));
        m.selected = t;
        m.participant = QString();
        break;
    }
    case Action::ClickBackground: {
        const QPoint empty = background(w.view());
        if (empty.x() < 0)
            break;
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, empty);
        m.selected = -1;
        m.participant = QString();
        break;
    }
    case Action::Escape:
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_Escape);
        m.selected = -1;
        m.participant = QString();
        break;
    case Action::Chip: {
        if (participants.isEmpty())
            break;
        const QString p = participants.at(int(x.choice % quint32(participants.size())));
        auto *chip = w.chips()->findChild<QToolButton *>(QStringLiteral("Chip:") + p);
        if (!chip || !chip->isVisible())
            break;
        QTest::mouseClick(chip, Qt::LeftButton);
        if (m.hidden.contains(p)) {
            m.hidden.remove(p); // a hidden participant's chip shows them again, in focus
            m.participant = p;
            m.selected = -1;
        } else if (m.participant == p && m.selected < 0) {
            m.participant = QString();
        } else {
            m.participant = p;
            m.selected = -1;
        }
        break;
    }
    case Action::HideOne: {
        QMenu *menu = filterMenu(w);
        if (!menu || participants.isEmpty())
            break;
        const QString p = participants.at(int(x.choice % quint32(participants.size())));
        for (QAction *a : menu->actions())
            if (a->isCheckable() && a->data().toString() == p)
                a->setChecked(!a->isChecked()); // toggles, as a click on the entry does
        if (m.hidden.contains(p))
            m.hidden.remove(p);
        else
            m.hidden.insert(p);
        if (m.selected >= 0 && !m.hidden.isEmpty() && m.hidden.contains(plan.tasks.at(m.selected).assigneeId))
            m.selected = -1;
        if (!m.participant.isNull() && m.hidden.contains(m.participant))
            m.participant = QString();
        break;
    }
    case Action::ShowEveryone: {
        QMenu *menu = filterMenu(w);
        if (!menu)
            break;
        for (QAction *a : menu->actions())
            if (a->objectName() == QLatin1String("PlanFilterShowAll"))
                a->trigger();
        m.hidden.clear();
        break;
    }
    case Action::WholeChain:
        w.transitiveAction()->trigger();
        m.transitive = !m.transitive;
        break;
    case Action::CriticalPath:
        w.criticalPathAction()->trigger();
        m.critical = !m.critical;
        break;
    case Action::Lanes:
        w.lanesAction()->trigger();
        m.lanes = !m.lanes;
        break;
    case Action::Count:
        break;
    }
    QCoreApplication::processEvents();
}

QList<Action> randomActions(QRandomGenerator &r, int count)
{
    static const int weights[Action::Count] = {12, 3, 3, 4, 3, 2, 3, 3, 2};
    int total = 0;
    for (int w : weights)
        total += w;
    QList<Action> out;
    for (int i = 0; i < count; ++i) {
        int roll = int(r.bounded(total)), k = 0;
        while (roll >= weights[k])
            roll -= weights[k++];
        out.append({Action::Kind(k), r.generate()});
    }
    return out;
}

// Runs a sequence in a fresh window; the index of the step after which the viewer disagrees
// with the model, or -1.
int runSequence(const QString &location, const QList<Action> &actions, bool screen, QString *why)
{
    Window win(location, QSize(1280, 800));
    Model m;
    m.transitive = win.w.scene()->isTransitive();
    m.critical = win.w.scene()->showsCriticalPath();
    m.lanes = win.w.scene()->hasLanes();
    const Checker checker(win.w.scene()->plan());
    if (const QString wrong = checker.check(win.w, m, screen); !wrong.isEmpty()) {
        *why = QStringLiteral("after opening:\n    ") + wrong;
        return 0;
    }
    for (int i = 0; i < actions.size(); ++i) {
        const QString what = actions.at(i).describe(win.w.scene()->plan(), participantsOf(win.w));
        perform(win, m, actions.at(i));
        // The screen against a fresh drawing every fourth step and at the end (it waits for
        // the repaints: the model's own checks run after every step).
        const bool look = screen && (i % 4 == 3 || i + 1 == actions.size());
        if (const QString wrong = checker.check(win.w, m, look); !wrong.isEmpty()) {
            *why = QStringLiteral("after %1:\n    %2").arg(what, wrong);
            return i;
        }
    }
    return -1;
}

} // namespace

class TestPlanModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void theViewerIsTheModel_data()
    {
        QTest::addColumn<QString>("location");
        QTest::addColumn<quint32>("seed");
        const QString env = qEnvironmentVariable("CAPGRAPH_PLAN_SEED");
        const quint32 seed = env == QLatin1String("random") ? QRandomGenerator::global()->generate() : env.isEmpty() ? 20261126u : env.toUInt();
        QTest::newRow("health plan (zh)") << example("health-app.plan-ready.json") << seed;
        QTest::newRow("seed plan") << example("seed-plan.json") << seed + 1;
    }

    void theViewerIsTheModel()
    {
        QFETCH(QString, location);
        QFETCH(quint32, seed);
        const int seconds = qEnvironmentVariableIsSet("CAPGRAPH_PLAN_SECONDS") ? qEnvironmentVariableIntValue("CAPGRAPH_PLAN_SECONDS") : 8;
        QRandomGenerator r(seed);
        QElapsedTimer clock;
        clock.start();
        int sequences = 0, steps = 0;
        while (clock.elapsed() < seconds * 1000) {
            const QList<Action> actions = randomActions(r, 6 + int(r.bounded(20)));
            QString why;
            const int failed = runSequence(location, actions, true, &why);
            if (failed >= 0) {
                const QList<Action> shortest = shrink<Action>(actions.mid(0, failed + 1), [&](const QList<Action> &rest) {
                    QString ignored;
                    return runSequence(location, rest, true, &ignored) >= 0;
                });
                QString shortWhy;
                runSequence(location, shortest, true, &shortWhy);
                Window win(location, QSize(1280, 800));
                QStringList described;
                for (const Action &a : shortest)
                    described << a.describe(win.w.scene()->plan(), participantsOf(win.w));
                QFAIL(qPrintable(QStringLiteral("seed %1: the viewer disagrees with the model %2\nreproducer (%3 steps): %4")
                                     .arg(seed)
                                     .arg(shortWhy.isEmpty() ? why : shortWhy)
                                     .arg(shortest.size())
                                     .arg(described.join(QStringLiteral(" → ")))));
            }
            ++sequences;
            steps += int(actions.size());
        }
        qInfo("%d sequences, %d actions, every step checked, on screen too (seed %u)", sequences, steps, seed);
        QVERIFY(steps > 20);
    }
};

QTEST_MAIN(TestPlanModel)
#include "tst_planmodel.moc"
