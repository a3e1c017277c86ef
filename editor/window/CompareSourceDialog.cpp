#include "window/CompareSourceDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace capgraph::editor {

CompareSourceDialog::CompareSourceDialog(const QString &fileName, const QList<GitRevision> &revisions, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Compare With"));
    auto *label = new QLabel(tr("Compare %1 as it is open with one of its earlier revisions:").arg(fileName), this);
    label->setWordWrap(true);
    m_list = new QListWidget(this);
    for (const GitRevision &r : revisions) {
        auto *item = new QListWidgetItem(QStringLiteral("%1 · %2 · %3 · %4").arg(r.shortHash, r.date, r.author, r.subject), m_list);
        item->setToolTip(r.hash);
    }
    m_list->setCurrentRow(0);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_compare = buttons->addButton(tr("Compare"), QDialogButtonBox::AcceptRole);
    QPushButton *file = buttons->addButton(tr("Another File…"), QDialogButtonBox::ActionRole);
    connect(m_compare, &QPushButton::clicked, this, [this] {
        m_chosen = m_list->currentRow();
        accept();
    });
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this] {
        m_chosen = m_list->currentRow();
        accept();
    });
    connect(file, &QPushButton::clicked, this, [this] {
        m_chosen = -1;
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(640, 360);
}

} // namespace capgraph::editor
