#pragma once

#include <QDockWidget>

class QLabel;
class QVBoxLayout;

namespace capgraph::editor {

class RunController;

// Every interaction the run waits for, answered in place and without a modal dialog (seed
// 000's confirm / select / input nodes): confirm with Yes or No, select from the options the
// context gave, input as text. Several wait at once when parallel branches ask.
class InboxDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit InboxDock(RunController *run, QWidget *parent = nullptr);

    int count() const;
    void refresh();

signals:
    void answered(const QString &requestId);

private:
    RunController *m_run;
    QVBoxLayout *m_list;
    QLabel *m_empty;
    QLabel *m_error;
};

} // namespace capgraph::editor
