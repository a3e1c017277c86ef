// A realistic Chinese plan read as a reviewer meets it (issue 19), through the real plan window
// at the default size (1280 x 800): a generated 60-task plan with six participants and titles
// of about twenty Chinese characters opens at a zoom where titles read, every card shows its
// whole title (wrapped, not elided) and it is drawn; the critical path and a selection show
// both; hiding two participants fades their chips and keeps dependencies through their tasks
// as dashed edges; a plan_json sent as a string has its findings placed in the file, and a
// duplicate id's finding selects the duplicate.
#include "support/PlanWindowTesting.h"

#include "planview/ParticipantChips.h"
#include "planview/PlanCard.h"
#include "planview/PlanEdgeItem.h"
#include "planview/PlanInfoPanel.h"
#include "planview/PlanScene.h"
#include "planview/PlanTaskItem.h"
#include "planview/PlanView.h"
#include "planview/PlanWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QListWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

using namespace capgraph;
using namespace capgraph::editor;

namespace {

const char *const People[][3] = {{"agent_wang", "王芳", "前端开发"}, {"agent_li", "李娜", "后端开发"}, {"agent_zhang", "张伟", "数据工程"},
                                 {"agent_liu", "刘洋", "测试"},      {"agent_chen", "陈静", "运维"},    {"agent_zhao", "赵磊", "产品设计"}};

// Sixty tasks in layers of eight, each after one or two of the layer before; titles of about
// twenty Chinese characters.
QJsonObject sixtyTasks()
{
    static const QStringList verbs{QStringLiteral(u"编写"), QStringLiteral(u"设计"), QStringLiteral(u"实现"), QStringLiteral(u"测试"),
                                   QStringLiteral(u"部署"), QStringLiteral(u"评审")};
    static const QStringList objects{QStringLiteral(u"订单结算流程与对账报表"), QStringLiteral(u"用户登录与权限管理模块"),
                                     QStringLiteral(u"健康数据同步与备份服务"), QStringLiteral(u"移动端首页布局与交互"),
                                     QStringLiteral(u"推荐算法离线评估方案"), QStringLiteral(u"支付回调幂等处理逻辑")};
    QJsonArray participants, tasks;
    for (const auto &p : People)
        participants.append(QJsonObject{{QStringLiteral("agent_id"), QString::fromUtf8(p[0])},
                                        {QStringLiteral("display_name"), QString::fromUtf8(p[1])},
                                        {QStringLiteral("role_in_plan"), QString::fromUtf8(p[2])}});
    for (int i = 0; i < 60; ++i) {
        QJsonArray pre;
        if (i >= 8) {
            const int layerStart = (i / 8 - 1) * 8;
            pre.append(QStringLiteral("task_%1").arg(layerStart + i % 8 + 1));
            if (i % 3 == 0)
                pre.append(QStringLiteral("task_%1").arg(layerStart + (i + 3) % 8 + 1));
        }
        tasks.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("task_%1").arg(i + 1)},
                                 {QStringLiteral("title"), verbs.at(i % 6) + objects.at((i / 6) % 6) + QStringLiteral(u"（第%1部分）").arg(i + 1)},
                                 {QStringLiteral("description"), QStringLiteral(u"负责这部分的全部工作，并与相关参与者确认接口。")},
                                 {QStringLiteral("assignee_id"), QString::fromUtf8(People[i % 6][0])},
                                 {QStringLiteral("prerequisites"), pre},
                                 {QStringLiteral("status"), i < 16 ? QStringLiteral("done") : i < 32 ? QStringLiteral("in_progress") : QStringLiteral("pending")}});
    }
    return QJsonObject{{QStringLiteral("summary"), QStringLiteral(u"健康管理应用的协商计划")}, {QStringLiteral("participants"), participants},
                       {QStringLiteral("tasks"), tasks}};
}

QString writeTemp(QTemporaryDir &dir, const char *name, const QByteArray &bytes)
{
    const QString path = dir.filePath(QLatin1String(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// The plan window at the studio's default size, as tst_planview opens it.
struct Window : testing::Window
{
    explicit Window(const QString &location)
        : testing::Window(location, QSize(1280, 800))
    {
        QCoreApplication::processEvents();
    }
    QImage shot() const
    {
        QTest::qWait(30);
        return w.view()->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    }
    QRect onScreen(const QRectF &sceneRect) const { return w.view()->mapFromScene(sceneRect).boundingRect(); }
};

// Pixels in `r` darker than the card's white: text ink.
int inkIn(const QImage &image, const QRect &r)
{
    int n = 0;
    const QRect in = r.intersected(image.rect());
    for (int y = in.top(); y <= in.bottom(); ++y)
        for (int x = in.left(); x <= in.right(); ++x)
            n += qGray(image.pixel(x, y)) < 140;
    return n;
}

int pixelsNear(const QImage &image, const QRect &r, QRgb colour, int tolerance = 24)
{
    int n = 0;
    const QRect in = r.intersected(image.rect());
    for (int y = in.top(); y <= in.bottom(); ++y)
        for (int x = in.left(); x <= in.right(); ++x) {
            const QRgb p = image.pixel(x, y);
            n += std::abs(qRed(p) - qRed(colour)) + std::abs(qGreen(p) - qGreen(colour)) + std::abs(qBlue(p) - qBlue(colour)) <= tolerance;
        }
    return n;
}

} // namespace

class TestPlanRead : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QCoreApplication::setApplicationName(QStringLiteral("PlanRead"));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_plan = writeTemp(m_dir, "sixty.json", QJsonDocument(sixtyTasks()).toJson());
    }

    void everyTitleWholeAndLegible()
    {
        Window win(m_plan);
        const Plan &plan = win.w.scene()->plan();
        QCOMPARE(plan.tasks.size(), 60);
        // Opened at a zoom where titles read (at least 9 px on the screen): the plan is too
        // wide to fit, so its first layer is in view and the overview shows the rest.
        const double zoom = win.w.view()->zoom();
        QVERIFY2(zoom * PlanCard::TitlePixels >= PlanCard::LegiblePixels - 1e-6, qPrintable(QString::number(zoom)));
        QVERIFY(win.w.view()->fitIsPartial());
        QVERIFY(win.w.findChild<QDockWidget *>(QStringLiteral("PlanOverviewDock"))->isVisible());
        const QRectF visible = win.w.view()->mapToScene(win.w.view()->viewport()->rect()).boundingRect();
        QVERIFY2(visible.contains(win.w.scene()->taskItem(0)->sceneBoundingRect().center()), "the first task is in view");
        // Scrolled through, every card: its whole title on its lines (wrapped, not elided),
        // drawn (ink where its lines are), and the whole title and description in its tooltip.
        for (int t = 0; t < plan.tasks.size(); ++t) {
            PlanTaskItem *card = win.w.scene()->taskItem(t);
            const QStringList lines = card->titleLines();
            QVERIFY2(lines.size() >= 2 && lines.size() <= PlanCard::MaxTitleLines, qPrintable(plan.tasks.at(t).title));
            QCOMPARE(lines.join(QString()), plan.tasks.at(t).title);
            QVERIFY(!lines.join(QString()).contains(QChar(0x2026))); // no "…"
            QVERIFY(card->toolTip().startsWith(plan.tasks.at(t).title));
            QVERIFY(card->toolTip().contains(plan.tasks.at(t).description));
            win.w.view()->centerOnTask(t);
            const QImage image = win.shot();
            const QRectF box = card->mapRectToScene(card->card());
            for (int k = 0; k < lines.size(); ++k) {
                const QRectF line(box.left() + PlanCard::TextLeft, box.top() + PlanCard::TitleTop + k * PlanCard::titleLineHeight(),
                                  PlanCard::TextWidth, PlanCard::titleLineHeight());
                QVERIFY2(inkIn(image, win.onScreen(line)) >= 15, qPrintable(QStringLiteral("%1, line %2").arg(plan.tasks.at(t).id).arg(k + 1)));
            }
        }
        // Zoomed far out, cards keep their status's colour: done cards green, pending grey.
        win.w.view()->setZoom(0.12);
        win.w.view()->centerOnTask(0);
        const QImage far = win.shot();
        const QRect doneCard = win.onScreen(win.w.scene()->taskItem(0)->sceneBoundingRect());
        QVERIFY2(pixelsNear(far, doneCard, qRgb(0xd4, 0xf1, 0xdc), 12) > 10, "a done card is green far out");
    }

    void criticalPathAndSelectionBothShow()
    {
        Window win(m_plan);
        win.w.criticalPathAction()->setChecked(true);
        const QList<int> path = win.w.scene()->criticalPath();
        QVERIFY(path.size() >= 5);
        // The path as text, in order, in the info panel.
        PlanInfoPanel *info = win.w.infoPanel();
        QVERIFY2(info->firstListTitle().contains(QString::number(path.size())), qPrintable(info->firstListTitle()));
        QCOMPARE(info->prerequisites()->count(), path.size());
        for (int k = 0; k < path.size(); ++k)
            QCOMPARE(info->prerequisites()->item(k)->data(Qt::UserRole).toInt(), path.at(k));
        // A task on it selected: its blue outline on the orange band.
        const int t = path.at(1);
        win.w.scene()->selectTask(t);
        win.w.view()->centerOnTask(t);
        const QImage image = win.shot();
        const QRect card = win.onScreen(win.w.scene()->taskItem(t)->sceneBoundingRect());
        QVERIFY2(pixelsNear(image, card, qRgb(0xf7, 0xb4, 0x88)) > 40, "the critical path's band");
        QVERIFY2(pixelsNear(image, card, qRgb(0x2f, 0x7d, 0xe1)) > 40, "the selection's outline");
    }

    void hiddenParticipantsStayVisibleAsTheyAre()
    {
        Window win(m_plan);
        QMenu *filter = win.w.participantFilter();
        QList<QAction *> people;
        for (QAction *a : filter->actions())
            if (a->isCheckable())
                people << a;
        QCOMPARE(people.size(), 6);
        people.at(1)->setChecked(false);
        people.at(2)->setChecked(false);
        const QSet<QString> hidden = win.w.scene()->hiddenParticipants();
        QCOMPARE(hidden.size(), 2);
        // Their chips say so.
        for (const QString &id : hidden) {
            QToolButton *chip = win.w.chips()->chip(id);
            QVERIFY(chip->font().strikeOut());
            QVERIFY(chip->toolTip().contains(QStringLiteral("Hidden by the participant filter")));
        }
        // Dependencies through their tasks stay, dashed, between the tasks shown.
        const QList<QPair<int, int>> via = win.w.scene()->viaHiddenEdges();
        QVERIFY(!via.isEmpty());
        for (const auto &[from, to] : via) {
            QVERIFY(win.w.scene()->isTaskShown(from));
            QVERIFY(win.w.scene()->isTaskShown(to));
        }
        int dashed = 0;
        for (QGraphicsItem *item : win.w.scene()->items())
            if (auto *edge = qgraphicsitem_cast<PlanEdgeItem *>(item); edge && edge->isViaHidden() && edge->isVisible()) {
                ++dashed;
                QVERIFY(edge->toolTip().contains(QStringLiteral("Via hidden tasks")));
            }
        QCOMPARE(dashed, via.size());
        // A click on a hidden chip shows them again.
        QToolButton *chip = win.w.chips()->chip(*hidden.cbegin());
        QTest::mouseClick(chip, Qt::LeftButton);
        QCOMPARE(win.w.scene()->hiddenParticipants().size(), 1);
        QVERIFY(!chip->font().strikeOut());
    }

    void aStringPlanJsonIsPlacedInTheFile()
    {
        QJsonObject plan = sixtyTasks();
        QJsonArray tasks = plan.value(QStringLiteral("tasks")).toArray();
        QJsonObject duplicate = tasks.at(5).toObject();
        duplicate.insert(QStringLiteral("id"), QStringLiteral("task_2"));
        tasks[5] = duplicate;
        plan.insert(QStringLiteral("tasks"), tasks);
        const QByteArray file = QJsonDocument(QJsonObject{{QStringLiteral("plan_text"), QStringLiteral("x")},
                                                          {QStringLiteral("plan_json"), QString::fromUtf8(QJsonDocument(plan).toJson())}})
                                    .toJson();
        Window win(writeTemp(m_dir, "string.json", file));
        QTreeWidget *problems = win.w.problems();
        QTreeWidgetItem *dup = nullptr;
        for (int i = 0; i < problems->topLevelItemCount(); ++i)
            if (problems->topLevelItem(i)->text(3) == QLatin1String("duplicate-task-id"))
                dup = problems->topLevelItem(i);
        QVERIFY(dup);
        // Placed inside the string, not at 1:1: the place of the duplicate task.
        const PlanTask &second = win.w.scene()->plan().tasks.at(5);
        QCOMPARE(dup->text(1), QStringLiteral("%1:%2").arg(second.line).arg(second.column));
        QVERIFY(second.column > 1);
        QVERIFY2(dup->text(2).contains(QStringLiteral("first at %1:").arg(win.w.scene()->plan().tasks.at(1).line)), qPrintable(dup->text(2)));
        // Activating it selects the duplicate, not the first task of that id.
        emit problems->itemActivated(dup, 0);
        QCOMPARE(win.w.scene()->selectedTask(), 5);
    }

private:
    QTemporaryDir m_dir;
    QString m_plan;
};

QTEST_MAIN(TestPlanRead)
#include "tst_planread.moc"
