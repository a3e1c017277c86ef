#pragma once

#include "diagnostics/Diagnostic.h"

#include <QDockWidget>

class QTreeWidget;

namespace capgraph::editor {

// The validator's findings, one row each (severity, code, where, message). Activating a row
// asks to select the node or edge it names.
class ProblemsDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ProblemsDock(QWidget *parent = nullptr);
    void setDiagnostics(const Diagnostics &diagnostics);
    int count() const;
    QTreeWidget *tree() const { return m_tree; }

signals:
    void nodeRequested(const QString &nodeId);
    void edgeRequested(int edgeIndex);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    QTreeWidget *m_tree;
    Diagnostics m_shown;
};

} // namespace capgraph::editor
