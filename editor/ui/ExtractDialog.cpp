#include "ui/ExtractDialog.h"

#include "capability/Capability.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace capgraph::editor {

ExtractDialog::ExtractDialog(const ExtractProposal &proposal, QWidget *parent)
    : QDialog(parent)
    , m_proposal(proposal)
    , m_capability(new QLineEdit(proposal.capability, this))
    , m_node(new QLineEdit(proposal.node, this))
    , m_label(new QLineEdit(proposal.label, this))
    , m_description(new QLineEdit(proposal.description, this))
    , m_files(new QLabel(this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("ExtractDialog"));
    setWindowTitle(tr("Extract to Sub-graph"));
    m_capability->setObjectName(QStringLiteral("ExtractCapability"));
    m_node->setObjectName(QStringLiteral("ExtractNode"));
    m_label->setObjectName(QStringLiteral("ExtractLabel"));
    m_description->setObjectName(QStringLiteral("ExtractDescription"));
    m_capability->setPlaceholderText(tr("domain.verb_noun, e.g. report.write_summary"));
    auto *form = new QFormLayout;
    form->addRow(tr("Capability"), m_capability);
    form->addRow(tr("Node id"), m_node);
    form->addRow(tr("Label"), m_label);
    form->addRow(tr("Description"), m_description);
    const auto list = [](const QStringList &lines) {
        return lines.isEmpty() ? tr("(none)") : lines.join(QLatin1Char('\n'));
    };
    QStringList inputs;
    for (qsizetype i = 0; i < proposal.inputs.size(); ++i)
        inputs << tr("%1 ← %2", "an input of the sub-graph and what the graph passes it").arg(proposal.inputs.at(i), proposal.readFrom.value(i));
    auto *in = new QLabel(list(inputs), this);
    in->setObjectName(QStringLiteral("ExtractInputs"));
    in->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *out = new QLabel(list(proposal.outputs), this);
    out->setObjectName(QStringLiteral("ExtractOutputs"));
    out->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Inputs"), in);
    form->addRow(tr("Outputs"), out);
    m_files->setObjectName(QStringLiteral("ExtractFiles"));
    m_files->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Writes"), m_files);
    m_problem->setObjectName(QStringLiteral("ExtractProblem"));
    m_problem->setStyleSheet(QStringLiteral("color: #d93025"));
    m_problem->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("The selected nodes move into a graph of their own, called through a composite capability; "
                                "one node takes their place. Undo puts them back and removes the files."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *e : {m_capability, m_node})
        connect(e, &QLineEdit::textChanged, this, &ExtractDialog::check);
    setMinimumWidth(520);
    check();
}

ExtractProposal ExtractDialog::proposal() const
{
    ExtractProposal p = m_proposal;
    p.capability = m_capability->text().trimmed();
    p.node = m_node->text().trimmed();
    p.label = m_label->text().trimmed();
    p.description = m_description->text().trimmed();
    return p;
}

void ExtractDialog::check()
{
    static const QRegularExpression id(QStringLiteral("^[A-Za-z_][A-Za-z0-9_-]*$"));
    const ExtractProposal p = proposal();
    QString problem;
    if (!Capability::isValidName(p.capability)) // the rule definitions are read with
        problem = tr("The capability's name is domain.verb_noun: lower case, a dot between domain and action.");
    else if (!id.match(p.node).hasMatch())
        problem = tr("The node's id is letters, digits, _ and -, not starting with a digit.");
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    const QDir folder(m_proposal.capabilityFolder);
    m_files->setText(QDir::toNativeSeparators(folder.filePath(p.capability + QStringLiteral(".yaml"))) + QLatin1Char('\n')
                     + QDir::toNativeSeparators(folder.filePath(QStringLiteral("flows/") + p.node + QStringLiteral(".yaml"))));
}

} // namespace capgraph::editor
