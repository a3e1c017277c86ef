#pragma once

#include "launch/RunFork.h"

#include <QDialog>
#include <QHash>
#include <QVariantMap>

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace capgraph::editor {

// Fork from Here (docs/studio.md, "Forking a run"): what a fork of the replayed run goes on
// with — the node it runs first and the step — and every value that ran before it (the run's
// input as `input.name`, each node's outputs as `node.output`, other variables by name), any
// of which can be edited (YAML or JSON) before the fork starts. Edited ones are marked.
class ForkDialog : public QDialog
{
    Q_OBJECT

public:
    ForkDialog(const ForkPoint &point, QWidget *parent = nullptr);

    // The values changed, by name (RunFork::edited names); only valid after accept().
    QVariantMap edits() const { return m_edits; }
    QListWidget *names() const { return m_names; }
    QPlainTextEdit *valueEdit() const { return m_value; }
    QLabel *problem() const { return m_problem; }
    // Shows `name` and sets its text, as typing would (tests).
    bool setText(const QString &name, const QString &text);

    void accept() override;

private:
    void showName();
    void markEdited(int row);

    QHash<QString, QString> m_original; // name -> its value as YAML
    QHash<QString, QString> m_texts;    // name -> the text now
    QVariantMap m_edits;
    QString m_shown;
    QListWidget *m_names;
    QPlainTextEdit *m_value;
    QLabel *m_problem;
};

} // namespace capgraph::editor
