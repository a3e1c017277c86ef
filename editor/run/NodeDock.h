#pragma once

#include "exec/NodeExecutions.h"

#include <QDockWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace capgraph::editor {

class GraphDocument;
class LevelRunView;
class PinBoard;
class RunController;
class StudioPrompts;
class ValueView;

// The Node dock (docs/studio.md, "The Node dock"): for the selected node, in the run on screen
// (live, paused, or replayed up to the scrubber's step), what each of its executions was
// called with and gave back: the resolved input (templates filled in, the capability's
// defaults added), the output, how long it took, its retries and tokens, or its error. A node
// that ran several times (a loop's rounds, a map's items) has a picker that follows the latest
// execution until another is chosen. Pin Output keeps the output shown for the next runs
// (the handler is not called); Edit Pin… types one.
class NodeDock : public QDockWidget
{
    Q_OBJECT

public:
    NodeDock(GraphDocument *document, RunController *run, PinBoard *pins, QWidget *parent = nullptr);
    void setPrompts(StudioPrompts *prompts) { m_prompts = prompts; }
    // The run as the level on screen has it: inside a composite node, its child run's executions
    // (the invocation the bar's picker chose). Without one, the run's own level.
    void setLevelView(LevelRunView *level);

    // The node shown (empty: none).
    void showNode(const QString &nodeId);
    QString nodeId() const { return m_nodeId; }
    void refresh();

    QComboBox *executionPicker() const { return m_executions; }
    QComboBox *itemPicker() const { return m_items; }
    QLabel *summary() const { return m_summary; }
    ValueView *input() const { return m_input; }
    ValueView *output() const { return m_output; }
    QPushButton *pinButton() const { return m_pin; }
    QPushButton *editPinButton() const { return m_editPin; }
    // The execution shown (null when none).
    const NodeExecution *shown() const;

    // Pins the output shown (or unpins a pinned node); Edit Pin… asks for YAML or JSON.
    void togglePin();
    void editPin();
    QPushButton *runAloneButton() const { return m_runAlone; }
    // What the execution shown was called with and gave back (a map's item: the item picked,
    // else its first), and which it is ("#2 of 3 · step 5"); invalid values when none.
    void recorded(QVariant *input, QVariant *output, QString *what) const;

signals:
    void statusMessage(const QString &text);
    void runAloneRequested(); // Run Alone… (the window opens the dialog)

protected:
    void changeEvent(QEvent *event) override;

private:
    const NodeExecutions &executions() const;
    void fillExecutions();
    void showExecution();
    void retranslate();

    GraphDocument *m_document;
    RunController *m_run;
    LevelRunView *m_level = nullptr;
    PinBoard *m_pins;
    StudioPrompts *m_prompts = nullptr;
    QString m_nodeId;
    QList<NodeExecution> m_list;
    bool m_following = true; // the latest execution, until the user picks another
    bool m_filling = false;
    QLabel *m_header;
    QComboBox *m_executions;
    QComboBox *m_items;
    QLabel *m_summary;
    ValueView *m_input;
    ValueView *m_output;
    QPushButton *m_pin;
    QPushButton *m_editPin;
    QPushButton *m_runAlone;
};

} // namespace capgraph::editor
