// The studio in Chinese (translations/README.md), through the real window at the default size:
// it follows the system's locale (LANG=zh_TW.UTF-8 here, set before the application starts),
// shows translated menus, docks, status-bar messages, lint findings and Qt's own buttons,
// switches language live from View > Language (remembered), and the plan window follows.
#include "support/TestPrompts.h"

#include "planview/PlanWindow.h"
#include "scene/GraphScene.h"
#include "window/MainWindow.h"
#include "window/ProblemsDock.h"
#include "window/StudioActions.h"
#include "window/StudioLanguage.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableWidget>
#include <QTreeWidgetItemIterator>
#include <QToolBar>
#include <QTreeWidget>
#include <QtTest>

using namespace capgraph::editor;

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/") + QLatin1String(name);
}

QString menuTitle(QMainWindow &w, const char *objectName)
{
    for (QAction *a : w.menuBar()->actions())
        if (a->menu() && a->menu()->objectName() == QLatin1String(objectName))
            return a->menu()->title();
    return QStringLiteral("(no menu %1)").arg(QLatin1String(objectName));
}

QAction *languageAction(MainWindow &w, const char *code)
{
    return w.findChild<QAction *>(QStringLiteral("Language_") + QLatin1String(code));
}

QString cancelText()
{
    QDialogButtonBox box(QDialogButtonBox::Cancel);
    return box.button(QDialogButtonBox::Cancel)->text();
}

} // namespace

class TestLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QCoreApplication::setApplicationName(QStringLiteral("Language"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void systemLocaleChoosesTheScript()
    {
        QCOMPARE(StudioLanguage::codeFor(QLocale(QStringLiteral("zh_TW"))), QStringLiteral("zh_TW"));
        QCOMPARE(StudioLanguage::codeFor(QLocale(QStringLiteral("zh_HK"))), QStringLiteral("zh_TW"));
        QCOMPARE(StudioLanguage::codeFor(QLocale(QLocale::Chinese, QLocale::TraditionalChineseScript, QLocale::AnyTerritory)),
                 QStringLiteral("zh_TW"));
        QCOMPARE(StudioLanguage::codeFor(QLocale(QStringLiteral("zh_CN"))), QStringLiteral("zh_CN"));
        QCOMPARE(StudioLanguage::codeFor(QLocale(QStringLiteral("zh_SG"))), QStringLiteral("zh_CN"));
        QCOMPARE(StudioLanguage::codeFor(QLocale(QStringLiteral("en_US"))), QStringLiteral("en"));
        QCOMPARE(StudioLanguage::codeFor(QLocale(QStringLiteral("de_DE"))), QStringLiteral("en"));
        // This process started with LANG=zh_TW.UTF-8 (main below).
        QCOMPARE(StudioLanguage::systemCode(), QStringLiteral("zh_TW"));
    }

    void opensInTheSystemsLanguage()
    {
        QCOMPARE(StudioLanguage::savedChoice(), QString()); // nothing chosen: the system's
        QCOMPARE(StudioLanguage::apply(StudioLanguage::savedChoice()), QStringLiteral("zh_TW"));
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(menuTitle(w, "FileMenu"), QStringLiteral(u"檔案(&F)"));
        QCOMPARE(menuTitle(w, "RunMenu"), QStringLiteral(u"執行(&R)"));
        QVERIFY(w.problems()->windowTitle().startsWith(QStringLiteral(u"問題")));
        QCOMPARE(w.findChild<QDockWidget *>(QStringLiteral("PaletteDock"))->windowTitle(), QStringLiteral(u"節點庫"));
        QVERIFY(languageAction(w, "System")->isChecked());
        QVERIFY2(languageAction(w, "System")->text().contains(QStringLiteral(u"繁體中文")), qPrintable(languageAction(w, "System")->text()));
        // Qt's own catalogue (qtbase_zh_TW): standard buttons too.
        QCOMPARE(cancelText(), QStringLiteral(u"取消"));

        // No English left in the menus, the toolbars' tooltips and the docks' titles (example
        // files, recent files and languages are names, not texts).
        QStringList english;
        const auto hasHan = [](const QString &text) {
            return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() >= 0x3400 && c.unicode() <= 0x9fff; });
        };
        for (QMenu *menu : w.findChildren<QMenu *>()) {
            if (menu->objectName() == QLatin1String("ExamplesMenu") || menu->objectName() == QLatin1String("ExamplePlansMenu")
                || menu->objectName() == QLatin1String("RecentMenu") || menu->objectName() == QLatin1String("LanguageMenu"))
                continue;
            for (QAction *a : menu->actions())
                if (!a->isSeparator() && !a->menu() && !a->text().isEmpty() && !hasHan(a->text()))
                    english << menu->objectName() + QStringLiteral(": ") + a->text();
        }
        for (QToolBar *bar : w.findChildren<QToolBar *>())
            for (QAction *a : bar->actions())
                if (!a->isSeparator() && !a->toolTip().isEmpty() && !hasHan(a->toolTip()))
                    english << bar->objectName() + QStringLiteral(": ") + a->toolTip();
        for (QDockWidget *dock : w.findChildren<QDockWidget *>())
            if (!hasHan(dock->windowTitle()))
                english << dock->objectName() + QStringLiteral(": ") + dock->windowTitle();
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));

        // A status-bar message, and the lint findings and metrics of an opened graph.
        w.actions()->action(StudioActions::GroupIntoFrame)->trigger();
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral(u"請先選取要群組的節點"));
        QVERIFY(w.openFile(fixture("lint/reachability.yaml")));
        w.refreshAnalysis();
        QTRY_VERIFY(w.problems()->count() >= 2);
        QTreeWidget *rows = w.problems()->tree();
        QStringList messages;
        for (int i = 0; i < rows->topLevelItemCount(); ++i)
            messages << rows->topLevelItem(i)->text(0) + QLatin1Char(' ') + rows->topLevelItem(i)->text(2);
        QVERIFY2(messages.join(QLatin1Char('\n')).contains(QStringLiteral(u"從開始節點無法到達")), qPrintable(messages.join(QLatin1Char('\n'))));
        QVERIFY2(messages.constFirst().startsWith(QStringLiteral(u"錯誤")) || messages.constFirst().startsWith(QStringLiteral(u"警告")),
                 qPrintable(messages.constFirst()));
        QVERIFY2(w.metricsLabel()->text().contains(QStringLiteral(u"個節點")), qPrintable(w.metricsLabel()->text()));

        // View > Language > English: at once, everything, remembered.
        languageAction(w, "en")->trigger();
        QCOMPARE(StudioLanguage::current(), QStringLiteral("en"));
        QTRY_COMPARE(menuTitle(w, "FileMenu"), QStringLiteral("&File")); // LanguageChange is posted to every widget
        QCOMPARE(w.problems()->windowTitle().section(QLatin1Char(' '), 0, 0), QStringLiteral("Problems"));
        QVERIFY2(rows->topLevelItem(0)->text(2).contains(QLatin1String("cannot")), qPrintable(rows->topLevelItem(0)->text(2)));
        QVERIFY2(w.metricsLabel()->text().contains(QLatin1String("nodes")), qPrintable(w.metricsLabel()->text()));
        QCOMPARE(cancelText(), QStringLiteral("Cancel"));
        QVERIFY(languageAction(w, "en")->isChecked());
        QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("en"));

        // … and to Simplified Chinese, the terms of seed 004.
        languageAction(w, "zh_CN")->trigger();
        QTRY_COMPARE(menuTitle(w, "FileMenu"), QStringLiteral(u"文件(&F)"));
        QCOMPARE(w.findChild<QDockWidget *>(QStringLiteral("PaletteDock"))->windowTitle(), QStringLiteral(u"节点库"));
        QVERIFY2(rows->topLevelItem(0)->text(2).contains(QStringLiteral(u"节点")), qPrintable(rows->topLevelItem(0)->text(2)));
        QCOMPARE(cancelText(), QStringLiteral(u"取消"));
        QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("zh_CN"));
        w.actions()->action(StudioActions::GroupIntoFrame)->trigger();
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral(u"请先选择要编组的节点"));

        // The plan window, opened now, speaks it too, and follows the next switch.
        PlanWindow plan(testPrompts());
        plan.resize(1280, 800);
        plan.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plan));
        QVERIFY2(plan.windowTitle().startsWith(QStringLiteral(u"计划")), qPrintable(plan.windowTitle()));
        QCOMPARE(plan.findChild<QDockWidget *>(QStringLiteral("PlanProblemsDock"))->windowTitle(), QStringLiteral(u"问题"));
        languageAction(w, "zh_TW")->trigger();
        QTRY_VERIFY2(plan.windowTitle().startsWith(QStringLiteral(u"計畫")), qPrintable(plan.windowTitle()));
        QCOMPARE(plan.findChild<QDockWidget *>(QStringLiteral("PlanProblemsDock"))->windowTitle(), QStringLiteral(u"問題"));

        // System again: back to what LANG says, and nothing remembered.
        languageAction(w, "System")->trigger();
        QCOMPARE(StudioLanguage::current(), QStringLiteral("zh_TW"));
        QVERIFY(!QSettings().contains(QStringLiteral("language")));
    }

    // Issue 25, defect 5: what the default window cut or left in English in Chinese.
    void chineseTextsShownWhole()
    {
        QCOMPARE(StudioLanguage::apply(QStringLiteral("zh_TW")), QStringLiteral("zh_TW"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("長標識.yaml"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"(graph:
  id: 長標識
  nodes:
    - {id: 開始, type: control.start, position: {x: 0, y: 0}}
    - id: 判斷輸入類型
      type: control.branch
      position: {x: 200, y: 0}
      conditions:
        - {name: PubMed模式, expression: "input.type == 'pmid'", target: 從PubMed取得文獻摘要}
        - {name: 檔案模式, expression: "input.type == 'pdf'", target: 讀取上傳的PDF全文}
      default: 結束
    - {id: 從PubMed取得文獻摘要, type: skill, skill_id: pubmed, position: {x: 400, y: -100}}
    - {id: 讀取上傳的PDF全文, type: skill, skill_id: pdf, position: {x: 400, y: 100}}
    - {id: 結束, type: control.end, position: {x: 600, y: 0}}
  edges:
    - {from: 開始, to: 判斷輸入類型}
    - {from: 從PubMed取得文獻摘要, to: 結束}
    - {from: 讀取上傳的PDF全文, to: 結束}
)");
        }
        MainWindow w(testPrompts());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(path));
        w.refreshAnalysis();

        // The palette shows every entry, the last (輸入) included, without scrolling.
        auto *palette = w.findChild<QDockWidget *>(QStringLiteral("PaletteDock"))->widget();
        auto *tree = qobject_cast<QTreeWidget *>(palette);
        QVERIFY(tree);
        QTRY_VERIFY(tree->isVisible());
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            const QRect row = tree->visualItemRect(*it);
            QVERIFY2(tree->viewport()->rect().contains(row), qPrintable((*it)->text(0) + QStringLiteral(" is cut off")));
        }

        // The complexity level in Chinese; the seed's English name in the tooltip.
        QTRY_VERIFY(w.metricsLabel()->text().contains(QStringLiteral(u"複雜度")));
        const QString metrics = w.metricsLabel()->text();
        QVERIFY2(!std::any_of(metrics.cbegin(), metrics.cend(), [](QChar c) { return c.isLetter() && c.unicode() < 0x80; }),
                 qPrintable(metrics));

        // The branch's conditions: whole targets.
        w.scene()->selectNodes({QStringLiteral(u"判斷輸入類型")});
        QCoreApplication::processEvents();
        auto *grid = w.findChild<QTableWidget *>(QStringLiteral("ConditionsGrid"));
        QVERIFY(grid);
        QTRY_VERIFY(grid->isVisible());
        QCOMPARE(grid->rowCount(), 2);
        const QFontMetrics fm(grid->font());
        for (int r = 0; r < grid->rowCount(); ++r) {
            const QString target = grid->item(r, 2)->text();
            QVERIFY2(fm.horizontalAdvance(target) + 12 <= grid->columnWidth(2),
                     qPrintable(QStringLiteral("%1 (%2 px) in a column of %3 px").arg(target).arg(fm.horizontalAdvance(target)).arg(grid->columnWidth(2))));
        }
        StudioLanguage::apply(QString());
    }
};

// The system's language is read from the environment when the application starts.
int main(int argc, char **argv)
{
    qputenv("LANG", "zh_TW.UTF-8");
    qunsetenv("LC_ALL");
    qunsetenv("LC_MESSAGES");
    qunsetenv("LANGUAGE");
    QApplication app(argc, argv);
    TestLanguage test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_language.moc"
