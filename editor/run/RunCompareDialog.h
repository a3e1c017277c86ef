#pragma once

#include "diff/RunDiff.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace capgraph::editor {

class ValueView;

// Two runs of the open graph compared (Run History > Compare; docs/studio.md, "Comparing two
// runs"): the engine's RunDiff of their traces shown as people read it — a summary line
// (outcome, steps, time, tokens), where their routes part, and a table of the nodes whose
// outputs differ with both values; the row chosen shows both values whole below the table.
// Clicking a node's row asks the window to select and centre that node (nodeChosen).
class RunCompareDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RunCompareDialog(QWidget *parent = nullptr);

    // Reads both traces (RunFiles::parseTrace) and compares them (RunDiff::compare), the
    // first as the earlier run. False with the reason when a trace does not read.
    bool compare(const QString &oldTrace, const QString &oldTitle, const QString &newTrace, const QString &newTitle, QString *error);
    const RunDiff &diff() const { return m_diff; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *routeLabel() const { return m_route; }
    QTableWidget *table() const { return m_table; }
    ValueView *oldValue() const { return m_oldValue; }
    ValueView *newValue() const { return m_newValue; }

signals:
    void nodeChosen(const QString &nodeId);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void fill();
    void showRow(int row);
    QString summaryText() const;
    QString routeText() const;

    RunDiff m_diff;
    QString m_oldTitle;
    QString m_newTitle;
    QLabel *m_runs;
    QLabel *m_summary;
    QLabel *m_route;
    QTableWidget *m_table;
    ValueView *m_oldValue;
    ValueView *m_newValue;
};

} // namespace capgraph::editor
