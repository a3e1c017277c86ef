#pragma once

#include "model/Graph.h"
#include "window/CompareSourceDialog.h"

#include <QObject>
#include <QString>

#include <optional>

class QTimer;

namespace capgraph::editor {

class ComparisonDock;
class GraphDocument;
class GraphScene;
class StudioActions;
class StudioPrompts;

// File > Compare With… and Close Comparison (docs/studio.md, "Comparing versions"): the open
// graph compared, by meaning (GraphDiff), with another file or an earlier git revision of its
// own file; the canvas colours what differs (GraphScene::setComparison) and the Changes dock
// lists it. The comparison follows the open graph's edits until it is closed or another graph
// is opened.
class CompareHandler : public QObject
{
    Q_OBJECT

public:
    CompareHandler(GraphDocument *document, GraphScene *scene, ComparisonDock *dock, StudioActions *actions, StudioPrompts *prompts,
                   QWidget *window);

    // What the menu does: the revisions to choose from when the file is in git, else a file.
    void chooseAndCompare();
    // Compares with the graph in `path`; false with the reader's message (file:line:column).
    bool compareWithFile(const QString &path, QString *error = nullptr);
    // The open file's earlier revisions in its git working tree (the newest first; empty when
    // it is not in one, or git is not installed).
    QList<GitRevision> revisions() const;
    // Compares with the open file as it was in `revision` (a commit git knows).
    bool compareWithRevision(const GitRevision &revision, QString *error = nullptr);
    void close();
    bool isComparing() const { return m_other.has_value(); }

signals:
    void statusMessage(const QString &text);
    void opened(); // a comparison began: its dock to the front

private:
    void show(const QString &label, const Graph &other);
    void recompute();
    bool git(const QStringList &args, QByteArray *out, QString *error) const;

    GraphDocument *m_document;
    GraphScene *m_scene;
    ComparisonDock *m_dock;
    StudioActions *m_actions;
    StudioPrompts *m_prompts;
    QWidget *m_window;
    std::optional<Graph> m_other;
    QString m_label;
    QTimer *m_again; // edits while comparing: once they settle
};

} // namespace capgraph::editor
