#pragma once

#include "ui/ExtractProposal.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace capgraph::editor {

// Extract to Sub-graph's confirmation: the capability's name (checked as seed 003 wants it,
// domain.verb_noun), the new node's id and label, the description, and what was inferred from
// the selection — the inputs with what the graph passes them, the outputs the graph reads,
// the two files it writes. OK stays disabled while a name is not valid.
class ExtractDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExtractDialog(const ExtractProposal &proposal, QWidget *parent = nullptr);
    ExtractProposal proposal() const;

private:
    void check();

    ExtractProposal m_proposal;
    QLineEdit *m_capability;
    QLineEdit *m_node;
    QLineEdit *m_label;
    QLineEdit *m_description;
    QLabel *m_files;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace capgraph::editor
