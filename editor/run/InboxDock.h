#pragma once

#include "exec/PendingInteraction.h"

#include <QDockWidget>
#include <QHash>

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

protected:
    // A new language: the cards are made again in it (what was typed in them is lost).
    void changeEvent(QEvent *event) override;

private:
    QWidget *card(const PendingInteraction &p);

    RunController *m_run;
    QVBoxLayout *m_list;
    QHash<QString, QWidget *> m_cards; // request id -> its card (kept while it waits: typing survives)
    QLabel *m_empty;
    QLabel *m_error;
};

} // namespace capgraph::editor
