#include "window/CompareHandler.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "ui/StudioPrompts.h"
#include "window/ComparisonDock.h"
#include "window/StudioActions.h"
#include "yaml/GraphYamlReader.h"

#include <QAction>
#include <QFileInfo>
#include <QProcess>
#include <QTimer>

namespace capgraph::editor {

CompareHandler::CompareHandler(GraphDocument *document, GraphScene *scene, ComparisonDock *dock, StudioActions *actions,
                               StudioPrompts *prompts, QWidget *window)
    : QObject(window), m_document(document), m_scene(scene), m_dock(dock), m_actions(actions), m_prompts(prompts), m_window(window)
{
    m_again = new QTimer(this);
    m_again->setSingleShot(true);
    m_again->setInterval(150);
    connect(m_again, &QTimer::timeout, this, &CompareHandler::recompute);
    connect(document, &GraphDocument::changed, this, [this] {
        if (m_other)
            m_again->start();
    });
    // Another graph: the scene has dropped the comparison; so does this.
    connect(document, &GraphDocument::graphReset, this, [this] {
        m_other.reset();
        m_dock->refresh();
        m_actions->action(StudioActions::CloseComparison)->setEnabled(false);
    });
    connect(m_actions->action(StudioActions::CompareWith), &QAction::triggered, this, &CompareHandler::chooseAndCompare);
    connect(m_actions->action(StudioActions::CloseComparison), &QAction::triggered, this, &CompareHandler::close);
    connect(m_dock, &ComparisonDock::closeRequested, this, &CompareHandler::close);
    m_actions->action(StudioActions::CloseComparison)->setEnabled(false);
}

void CompareHandler::chooseAndCompare()
{
    QString error;
    const QList<GitRevision> found = revisions();
    if (!found.isEmpty()) {
        CompareSourceDialog dialog(QFileInfo(m_document->filePath()).fileName(), found, m_window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (dialog.chosen() >= 0) {
            if (!compareWithRevision(found.at(dialog.chosen()), &error))
                m_prompts->showError(m_window, tr("Compare With"), error);
            return;
        }
    }
    const QString folder = m_document->filePath().isEmpty() ? QString() : QFileInfo(m_document->filePath()).absolutePath();
    const QString path = m_prompts->openFileName(m_window, tr("Compare With"), folder, tr("Capability graphs (*.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    if (!compareWithFile(path, &error))
        m_prompts->showError(m_window, tr("Compare With"), error);
}

bool CompareHandler::compareWithFile(const QString &path, QString *error)
{
    const GraphLoadResult loaded = GraphYamlReader::readFile(path);
    if (!loaded.ok()) {
        if (error)
            *error = loaded.errorText();
        return false;
    }
    show(QFileInfo(path).fileName(), *loaded.graph);
    return true;
}

bool CompareHandler::git(const QStringList &args, QByteArray *out, QString *error) const
{
    const QString file = m_document->filePath();
    if (file.isEmpty())
        return false;
    QProcess p;
    p.setWorkingDirectory(QFileInfo(file).absolutePath());
    p.start(QStringLiteral("git"), args);
    if (!p.waitForFinished(10000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        if (error)
            *error = QString::fromUtf8(p.readAllStandardError()).trimmed();
        if (p.state() != QProcess::NotRunning)
            p.kill();
        return false;
    }
    *out = p.readAllStandardOutput();
    return true;
}

QList<GitRevision> CompareHandler::revisions() const
{
    QList<GitRevision> list;
    QByteArray out;
    const QString name = QFileInfo(m_document->filePath()).fileName();
    if (!git({QStringLiteral("log"), QStringLiteral("--format=%H%x1f%h%x1f%an%x1f%ad%x1f%s"), QStringLiteral("--date=short"), QStringLiteral("-n"),
              QStringLiteral("100"), QStringLiteral("--"), name},
             &out, nullptr))
        return list;
    for (const QByteArray &line : out.split('\n')) {
        const QList<QByteArray> f = line.split('\x1f');
        if (f.size() < 5)
            continue;
        list.append({QString::fromUtf8(f.at(0)), QString::fromUtf8(f.at(1)), QString::fromUtf8(f.at(2)), QString::fromUtf8(f.at(3)),
                     QString::fromUtf8(f.at(4))});
    }
    return list;
}

bool CompareHandler::compareWithRevision(const GitRevision &revision, QString *error)
{
    QByteArray bytes;
    const QString name = QFileInfo(m_document->filePath()).fileName();
    QString why;
    if (!git({QStringLiteral("show"), QStringLiteral("%1:./%2").arg(revision.hash, name)}, &bytes, &why)) {
        if (error)
            *error = tr("git cannot give %1 as it was in %2: %3").arg(name, revision.shortHash, why);
        return false;
    }
    const QString label = QStringLiteral("%1 @ %2 (%3)").arg(name, revision.shortHash, revision.date);
    const GraphLoadResult loaded = GraphYamlReader::readBytes(bytes, label);
    if (!loaded.ok()) {
        if (error)
            *error = loaded.errorText();
        return false;
    }
    show(label, *loaded.graph);
    return true;
}

void CompareHandler::show(const QString &label, const Graph &other)
{
    // Its removed nodes are drawn where it had them: placed as the open graph was, if its file
    // gave no positions.
    Graph placed = other;
    QHash<QPair<QString, QString>, QList<QPointF>> routes;
    GraphDocument::placeUnplacedNodes(&placed, &routes);
    m_other = placed;
    m_label = label;
    recompute();
    m_actions->action(StudioActions::CloseComparison)->setEnabled(true);
    const GraphComparison *c = m_scene->comparison();
    emit statusMessage(c && c->diff.isEmpty() ? tr("Compared with %1: the same graph").arg(label)
                                              : tr("Compared with %1: added in green, changed in amber, removed as grey outlines").arg(label));
    emit opened();
}

void CompareHandler::recompute()
{
    if (!m_other)
        return;
    m_scene->setComparison(GraphComparison::make(m_label, *m_other, m_document->graph()));
    m_dock->refresh();
}

void CompareHandler::close()
{
    if (!m_other)
        return;
    m_other.reset();
    m_again->stop();
    m_scene->setComparison(std::nullopt);
    m_dock->refresh();
    m_actions->action(StudioActions::CloseComparison)->setEnabled(false);
    emit statusMessage(tr("Comparison closed"));
}

} // namespace capgraph::editor
