#pragma once

#include "launch/RunSetup.h"
#include "model/Graph.h"

#include <QDialog>
#include <QVariant>

#include <memory>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace capgraph {
class SingleNodeRun;
}

namespace capgraph::editor {

class PinBoard;
class ValueView;

// Run Alone (docs/studio.md, "Running a node alone"): calls one skill node's handler once,
// without running the graph, with the input its execution on screen had — edited first if the
// user wants, and for an llm handler the rendered messages and model settings too (as a run
// would send them). The new output shows beside the recorded one; nothing downstream and no
// run changes until the user pins it (Pin New Output). The call is set up as a run is
// (SingleNodeRun over RunSetup): the same checks, mocks and trust question.
class RunAloneDialog : public QDialog
{
    Q_OBJECT

public:
    // `graph` as it is now (edits since the run included); `request` as the studio sets a run up.
    RunAloneDialog(const Graph &graph, const QString &nodeId, RunRequest request, PinBoard *pins, QWidget *parent = nullptr);
    ~RunAloneDialog() override;

    // What the execution on screen was given and gave back (`what` names it: "#2 of 3 · step 5");
    // an invalid `input`: none recorded (the input box then lists the node's input names).
    void setRecorded(const QVariant &input, const QVariant &output, const QString &what);

    QPlainTextEdit *inputEdit() const { return m_input; }
    QCheckBox *editSettingsBox() const { return m_editSettings; }
    QPlainTextEdit *settingsEdit() const { return m_settings; }
    ValueView *recordedView() const { return m_recorded; }
    ValueView *newView() const { return m_new; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *pinButton() const { return m_pin; }
    QPlainTextEdit *logView() const { return m_log; }
    bool isRunning() const;

    // Run (or Stop while it runs).
    void runOrStop();
    void pinNewOutput();

signals:
    void statusMessage(const QString &text);
    void finished(); // a call ended (tests wait for it)

protected:
    void done(int result) override;

private:
    void callEnded();
    void showSettings(bool edit);
    void setStatus(const QString &text, bool error);
    bool parseMap(const QPlainTextEdit *edit, const QString &what, QVariantMap *value);

    Graph m_graph;
    QString m_nodeId;
    RunRequest m_request;
    PinBoard *m_pins;
    std::unique_ptr<SingleNodeRun> m_call;
    QVariantMap m_newOutput;
    QLabel *m_intro;
    QPlainTextEdit *m_input;
    QCheckBox *m_editSettings;
    QPlainTextEdit *m_settings;
    ValueView *m_recorded;
    ValueView *m_new;
    QLabel *m_status;
    QPlainTextEdit *m_log;
    QPushButton *m_run;
    QPushButton *m_pin;
};

} // namespace capgraph::editor
