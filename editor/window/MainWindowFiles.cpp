// MainWindow's files (docs/studio.md, "Files, safety, export"): new, open (with the examples and
// the recent files), save, export, print, plans, and the recovery of autosaved work.
#include "window/MainWindow.h"
#include "analysis/GraphInputs.h"
#include "catalog/CapabilitiesDock.h"
#include "catalog/CapabilityCatalog.h"
#include "commands/GraphActions.h"
#include "document/Autosave.h"
#include "dify/DifyImporter.h"
#include "document/GraphDocument.h"
#include "io/AtomicWrite.h"
#include "io/YamlValue.h"
#include "yaml/GraphYamlWriter.h"
#include "export/SceneExporter.h"
#include "expr/Expression.h"
#include "handlers/TrustedFolders.h"
#include "metrics/GraphMetrics.h"
#include "planview/PlanWindow.h"
#include "properties/EdgePropertiesForm.h"
#include "properties/GraphPropertiesForm.h"
#include "properties/NodePropertiesForm.h"
#include "properties/PropertiesDock.h"
#include "run/InboxDock.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "run/RunLogDock.h"
#include "run/NodeDock.h"
#include "run/TestsDock.h"
#include "window/ComparisonDock.h"
#include "run/VariablesDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "validation/GraphValidator.h"
#include "view/GraphView.h"
#include "view/OverviewView.h"
#include "view/QuickAddPopup.h"
#include "ui/AppIcon.h"
#include "ui/DialogPrompts.h"
#include "ui/PaletteList.h"
#include "ui/PluralTranslator.h"
#include "ui/RecentList.h"
#include "ui/StudioPaths.h"
#include "ui/UiText.h"
#include "ui/WindowSize.h"
#include "window/CanvasContextMenu.h"
#include "window/HelpMenu.h"
#include "window/NodeLabelEditing.h"
#include "window/PathPreviewBar.h"
#include "window/ProblemsDock.h"
#include "window/QuickAddHandler.h"
#include "window/StudioActions.h"
#include "window/StudioLanguage.h"
#include "window/StudioLayout.h"
#include "window/StudioTheme.h"
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QUndoStack>
#include <QGraphicsItem>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>
#include <QToolButton>
#include <QUndoView>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>

namespace capgraph::editor {

QString MainWindow::examplesDir()
{
    return StudioPaths::examplesDir();
}

void MainWindow::fillExampleMenus()
{
    const QDir dir(examplesDir());
    QStringList graphs = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    // Beside the graphs: their test suites and pinned outputs, which are not graphs.
    graphs.removeIf([](const QString &f) { return f.endsWith(QLatin1String(".test.yaml")) || f.endsWith(QLatin1String(".pins.yaml")); });
    // Examples that keep their graph in a folder of their own (with capabilities, mocks).
    for (const QString &folder : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (QFileInfo::exists(dir.filePath(folder + QLatin1Char('/') + folder + QStringLiteral(".yaml"))))
            graphs.append(folder + QLatin1Char('/') + folder + QStringLiteral(".yaml"));
    for (const QString &name : std::as_const(graphs)) {
        const QString path = dir.filePath(name);
        m_actions->examplesMenu()->addAction(QFileInfo(name).fileName(), this, [this, path] { openChosen(path); })->setToolTip(path);
    }
    const QDir planDir(examplesDir() + QStringLiteral("/plans"));
    for (const QString &name : planDir.entryList(QDir::Files, QDir::Name)) {
        const QString path = planDir.filePath(name);
        m_actions->examplePlansMenu()->addAction(name, this, [this, path] { openPlan(path); });
    }
}

void MainWindow::newGraph()
{
    if (!maybeSave())
        return;
    Graph fresh;
    fresh.id = QStringLiteral("new-graph");
    fresh.version = QStringLiteral("1.0");
    m_document->reset(fresh);
    // A new graph starts at its own size, around the origin, whatever the last one needed.
    m_view->setZoom(1.0);
    m_view->centerOn(QPointF(0, 0));
}

bool MainWindow::openFile(const QString &path, QString *error)
{
    {
        QFile probe(path);
        if (probe.open(QIODevice::ReadOnly) && DifyImporter::looksLikeDify(probe.read(4 * 1024 * 1024)))
            return openDify(path, error);
    }
    QString detail;
    QString why;
    if (!m_document->load(path, &detail, &why)) {
        if (error)
            *error = detail;
        statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()), 8000);
        m_prompts->showError(this, tr("Open"), tr("Could not open %1:\n\n%2\n\nThe open graph is unchanged.").arg(path, why));
        return false;
    }
    addRecent(m_document->filePath());
    // Lint and metrics: at once for a graph of a usual size; on a worker thread for a big one
    // (a 5,000-node graph takes 300 ms), so that it shows first and its findings follow.
    if (m_document->graph().nodes.size() > 1000)
        analyseInBackground();
    else
        refreshAnalysis();
    m_view->fitAll();
    return true;
}

bool MainWindow::openDify(const QString &path, QString *error)
{
    const QFileInfo dsl(path);
    const DifyImportResult r = DifyImporter::readFile(path);
    if (!r.ok()) {
        QStringList lines;
        for (const Diagnostic &d : r.diagnostics)
            lines << d.localFormat();
        if (error)
            *error = r.errorText();
        statusBar()->showMessage(tr("Could not open %1").arg(dsl.fileName()), 8000);
        m_prompts->showError(this, tr("Open"), tr("%1 is not a Dify app this studio can open:\n\n%2\n\nThe open graph is unchanged.").arg(dsl.fileName(), lines.join(QLatin1Char('\n'))));
        return false;
    }
    const QString target = dsl.dir().filePath(dsl.completeBaseName() + QStringLiteral(".capgraph.yaml"));
    const QString mocks = dsl.dir().filePath(QStringLiteral("mocks/%1.capgraph.mock.yaml").arg(dsl.completeBaseName()));
    int mapped = 0, approximated = 0, standIns = 0;
    for (const DifyNodeReport &n : r.report) {
        mapped += n.status == DifyNodeReport::Status::Mapped;
        approximated += n.status == DifyNodeReport::Status::Approximated;
        standIns += n.status == DifyNodeReport::Status::StandIn;
    }
    QString question = tr("%1 is a Dify app (%2, DSL %3).").arg(dsl.fileName(), r.mode, r.version) + QStringLiteral("\n\n")
                       + tr("Its nodes: mapped onto ours %1, approximated %2, standing in for tools, knowledge bases or agents (answering with placeholders) %3.")
                             .arg(mapped)
                             .arg(approximated)
                             .arg(standIns);
    for (const Diagnostic &d : r.diagnostics)
        question += QStringLiteral("\n") + d.localFormat();
    const bool converted = QFileInfo::exists(target);
    int choice;
    if (converted) {
        question += QStringLiteral("\n\n") + tr("It was converted before, to %1. Open that graph, or convert the app again and replace it?").arg(QFileInfo(target).fileName());
        choice = m_prompts->askChoice(this, tr("Open Dify App"), question, {tr("Open %1").arg(QFileInfo(target).fileName()), tr("Convert Again")});
        if (choice == 0)
            return openFile(target, error);
    } else {
        question += QStringLiteral("\n\n")
                    + tr("Convert it to a capability graph? The Dify file stays as it is; the graph is written to %1, with placeholder answers for its LLM and tool calls in %2.")
                          .arg(QFileInfo(target).fileName(), QDir(dsl.absolutePath()).relativeFilePath(mocks));
        choice = m_prompts->askChoice(this, tr("Open Dify App"), question, {tr("Convert")}) == 0 ? 1 : -1;
    }
    if (choice != 1) {
        statusBar()->showMessage(tr("%1 was not opened").arg(dsl.fileName()), 6000);
        return false;
    }
    // The mocks: a file of its own the first time; converted again, the mocks of call sites
    // the file does not have yet are added to it (the ones there may have been edited).
    QByteArray mockText = r.mocksYaml();
    if (QFileInfo::exists(mocks)) {
        QVariant kept;
        QString unreadable;
        mockText.clear();
        if (readYamlFile(mocks, &kept, &unreadable)) {
            QVariantMap all = kept.toMap();
            QVariantMap nodes = all.value(QStringLiteral("nodes")).toMap();
            const QVariantMap fresh = r.mocks.value(QStringLiteral("nodes")).toMap();
            bool added = false;
            for (auto it = fresh.cbegin(); it != fresh.cend(); ++it)
                if (!nodes.contains(it.key())) {
                    nodes.insert(it.key(), it.value());
                    added = true;
                }
            if (added) {
                all.insert(QStringLiteral("nodes"), nodes);
                mockText = variantToYamlText(all).toUtf8();
            }
        }
    }
    QString why;
    if (!GraphYamlWriter::writeFile(*r.graph, target, &why)
        || (!mockText.isEmpty() && !(QDir().mkpath(QFileInfo(mocks).absolutePath()) && writeFileAtomically(mocks, mockText, &why)))) {
        if (error)
            *error = why;
        m_prompts->showError(this, tr("Open Dify App"), tr("Could not write the converted graph:\n\n%1").arg(why));
        return false;
    }
    if (!openFile(target, error))
        return false;
    statusBar()->showMessage(tr("Converted %1 from Dify: %2 nodes mapped, %3 approximated, %4 stand-ins").arg(dsl.fileName()).arg(mapped).arg(approximated).arg(standIns), 10000);
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            // After the drop has ended: opening may ask questions, which must not run inside it.
            QTimer::singleShot(0, this, [this, path = url.toLocalFile()] { openChosen(path); });
            return;
        }
}

bool MainWindow::saveTo(const QString &path, QString *error)
{
    QString why;
    if (!m_document->save(path, &why)) {
        if (error)
            *error = why;
        m_prompts->showError(this, tr("Save"), tr("Could not save %1:\n\n%2").arg(path, why));
        return false;
    }
    addRecent(m_document->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

void MainWindow::open()
{
    const QString path = m_prompts->openFileName(this, tr("Open Graph"), QFileInfo(m_document->filePath()).absolutePath(),
                                                  tr("Capability graphs and Dify apps (*.yaml *.yml)"));
    if (!path.isEmpty())
        openChosen(path);
}

void MainWindow::openChosen(const QString &path)
{
    if (m_document->filePath().isEmpty() || !GraphDocument::sameFile(path, m_document->filePath())) {
        if (maybeSave())
            openFile(path);
        return;
    }
    // The graph that is open: nothing to open, but it may have changed here or on disk.
    const QString name = QFileInfo(path).fileName();
    if (m_document->isModified()
        && m_prompts->askYesNo(this, tr("Reload"),
                               tr("%1 is already open and has unsaved changes. Reload it from disk and discard the changes?").arg(name))) {
        if (openFile(path))
            statusBar()->showMessage(tr("Reloaded %1 from disk").arg(name), 6000);
        return;
    }
    statusBar()->showMessage(tr("%1 is already open").arg(name), 6000);
}

void MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        saveAs();
    else
        saveTo(m_document->filePath());
}

void MainWindow::saveAs()
{
    const QString path = m_prompts->saveFileName(this, tr("Save Graph"), m_document->filePath(), tr("Capability graphs (*.yaml *.yml)"));
    if (!path.isEmpty())
        saveTo(path);
}

void MainWindow::exportPicture()
{
    const QString base = QFileInfo(m_document->filePath()).completeBaseName();
    const QString path = m_prompts->saveFileName(this, tr("Export Picture"), base.isEmpty() ? QStringLiteral("graph.svg") : base + QStringLiteral(".svg"),
                                                 tr("SVG (*.svg);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool selection = !m_scene->selectedItems().isEmpty();
    if (!SceneExporter::exportTo(m_scene, path, selection, 2.0, &error))
        m_prompts->showError(this, tr("Export"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 4000);
}

void MainWindow::printTo(QPrinter *printer)
{
    QRectF source;
    for (QGraphicsItem *item : m_scene->selectedItems())
        source = source.united(item->sceneBoundingRect());
    if (source.isEmpty())
        source = m_scene->itemsBoundingRect();
    const QList<QGraphicsItem *> selected = m_scene->selectedItems();
    m_scene->clearSelection();
    m_scene->setExporting(true);
    QPainter painter(printer);
    m_scene->render(&painter, QRectF(), source.adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
    painter.end();
    m_scene->setExporting(false);
    for (QGraphicsItem *item : selected)
        item->setSelected(true);
}

PlanWindow *MainWindow::openPlan(const QString &location)
{
    // One plan window, its own menus and recent plans: another plan opens in it.
    if (!m_planWindow) {
        m_planWindow = new PlanWindow(m_prompts);
        m_planWindow->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_planWindow->show();
    m_planWindow->raise();
    m_planWindow->activateWindow();
    m_planWindow->openLocation(location);
    return m_planWindow;
}

bool MainWindow::offerRecovery()
{
    const QList<Autosave::Recovery> found = Autosave::recoverable();
    if (found.isEmpty())
        return false;
    const Autosave::Recovery &newest = found.first();
    // The graphs it has changes of, by name: the top graph's, then its sub-graphs'.
    QStringList names;
    if (!newest.copyPath.isEmpty())
        names << (newest.originalPath.isEmpty() ? tr("an unsaved graph") : QFileInfo(newest.originalPath).fileName());
    for (const Autosave::Copy &c : newest.subgraphs)
        names << QFileInfo(c.originalPath).fileName();
    const QString what = QLocale().createSeparatedList(names);
    bool restored = false;
    if (m_prompts->askRecover(this, what, newest.savedAt)) {
        QString error;
        // The top graph: its copy, or (only its sub-graphs had changes) its file as it is.
        restored = newest.copyPath.isEmpty() ? m_document->load(newest.originalPath, &error)
                                             : m_document->recover(newest.copyPath, newest.originalPath, &error);
        QStringList lost;
        if (restored) {
            // Each sub-graph as left with unsaved changes: entering it shows them.
            for (const Autosave::Copy &c : newest.subgraphs)
                if (!m_document->recoverSubgraph(c.copyPath, c.originalPath, &error))
                    lost << QFileInfo(c.originalPath).fileName();
            statusBar()->showMessage(lost.isEmpty() ? tr("Recovered %1 — save to keep it").arg(what)
                                                    : tr("Recovered %1; not %2 (its copy does not load)").arg(what, lost.join(QStringLiteral(", "))),
                                     10000);
        } else {
            m_prompts->showError(this, tr("Recover unsaved work"), error);
        }
    }
    for (const Autosave::Recovery &r : found)
        Autosave::discard(r);
    if (restored)
        m_view->fitAll();
    return restored;
}

bool MainWindow::maybeSave()
{
    // Save, discard or cancel for one graph: false when the user cancels or the save failed.
    const auto ask = [this](const QString &name, const std::function<bool()> &save) {
        switch (m_prompts->askSaveChanges(this, name)) {
        case StudioPrompts::SaveChoice::Save:
            return save();
        case StudioPrompts::SaveChoice::Discard:
            return true;
        case StudioPrompts::SaveChoice::Cancel:
            break;
        }
        return false;
    };
    if (m_document->isModified() && !ask(m_document->displayName(), [this] {
            save();
            return !m_document->isModified();
        }))
        return false;
    // The other graphs open with unsaved changes: those above a sub-graph on screen, and the
    // sub-graphs left (docs/studio.md, "Sub-graphs"), each asked about by its file's name.
    for (const QString &file : m_document->modifiedElsewhere()) {
        const bool go = ask(QFileInfo(file).fileName(), [this, &file] {
            QString why;
            if (m_document->saveElsewhere(file, &why))
                return true;
            m_prompts->showError(this, tr("Save"), tr("Could not save %1:\n\n%2").arg(file, why));
            return false;
        });
        if (!go)
            return false;
    }
    return true;
}

void MainWindow::addRecent(const QString &path)
{
    RecentList::add(QStringLiteral("recentFiles"), path);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    RecentList::fillMenu(m_actions->recentMenu(), QStringLiteral("recentFiles"), [this](const QString &path) { openChosen(path); });
}

} // namespace capgraph::editor
