#include "run/ForkDialog.h"

#include "io/YamlValue.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace capgraph::editor {

ForkDialog::ForkDialog(const ForkPoint &point, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("ForkDialog"));
    setWindowTitle(tr("Fork at Step %1").arg(point.step + 1));
    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    intro->setText(tr("A new run goes on from <b>%1</b> (step %2) with what ran before it, as recorded. "
                      "Change any value first if you like; the recorded run stays as it is.")
                       .arg(point.nodeId.toHtmlEscaped())
                       .arg(point.step + 1));
    m_names = new QListWidget(this);
    m_names->setObjectName(QStringLiteral("ForkNames"));
    m_value = new QPlainTextEdit(this);
    m_value->setObjectName(QStringLiteral("ForkValue"));
    m_value->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    QPalette pal = m_problem->palette();
    pal.setColor(QPalette::WindowText, QColor(0xd93025));
    m_problem->setPalette(pal);

    // The names, as the Variables dock and RunFork::edited name them.
    QStringList names;
    const auto add = [&](const QString &name, const QVariant &value) {
        m_original.insert(name, variantToYamlText(value).trimmed());
        names << name;
    };
    for (auto it = point.context.input.cbegin(); it != point.context.input.cend(); ++it)
        add(QStringLiteral("input.") + it.key(), it.value());
    QSet<QString> fromOutputs;
    for (auto node = point.context.outputs.cbegin(); node != point.context.outputs.cend(); ++node) {
        const QVariantMap outputs = node.value().toMap();
        for (auto it = outputs.cbegin(); it != outputs.cend(); ++it) {
            add(node.key() + QLatin1Char('.') + it.key(), it.value());
            fromOutputs.insert(it.key());
        }
    }
    for (auto it = point.context.variables.cbegin(); it != point.context.variables.cend(); ++it)
        if (!fromOutputs.contains(it.key()))
            add(it.key(), it.value());
    for (const QString &name : std::as_const(names))
        m_names->addItem(name);
    m_texts = m_original;

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_names);
    split->addWidget(m_value);
    split->setSizes({240, 480});
    split->setChildrenCollapsible(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *go = buttons->addButton(tr("Fork and Run"), QDialogButtonBox::AcceptRole);
    go->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &ForkDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ForkDialog::reject);
    connect(m_names, &QListWidget::currentRowChanged, this, &ForkDialog::showName);
    connect(m_value, &QPlainTextEdit::textChanged, this, [this] {
        if (m_shown.isEmpty())
            return;
        m_texts.insert(m_shown, m_value->toPlainText());
        markEdited(m_names->currentRow());
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(split, 1);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(760, 480);
    if (m_names->count() > 0)
        m_names->setCurrentRow(0);
    else
        m_value->setEnabled(false);
}

void ForkDialog::showName()
{
    QListWidgetItem *item = m_names->currentItem();
    m_shown.clear(); // (no edit recorded while the text is replaced)
    if (!item) {
        m_value->clear();
        return;
    }
    const QString name = item->data(Qt::UserRole).toString().isEmpty() ? item->text() : item->data(Qt::UserRole).toString();
    m_value->setPlainText(m_texts.value(name));
    m_shown = name;
}

void ForkDialog::markEdited(int row)
{
    QListWidgetItem *item = m_names->item(row);
    if (!item)
        return;
    if (item->data(Qt::UserRole).toString().isEmpty())
        item->setData(Qt::UserRole, item->text());
    const QString name = item->data(Qt::UserRole).toString();
    const bool edited = m_texts.value(name).trimmed() != m_original.value(name);
    item->setText(edited ? name + QStringLiteral("  ✎") : name);
    QFont f = item->font();
    f.setBold(edited);
    item->setFont(f);
}

bool ForkDialog::setText(const QString &name, const QString &text)
{
    for (int row = 0; row < m_names->count(); ++row) {
        QListWidgetItem *item = m_names->item(row);
        const QString itemName = item->data(Qt::UserRole).toString().isEmpty() ? item->text() : item->data(Qt::UserRole).toString();
        if (itemName == name) {
            m_names->setCurrentRow(row);
            m_value->setPlainText(text);
            return true;
        }
    }
    return false;
}

void ForkDialog::accept()
{
    m_edits.clear();
    for (auto it = m_texts.cbegin(); it != m_texts.cend(); ++it) {
        if (it.value().trimmed() == m_original.value(it.key()))
            continue;
        QVariant value;
        QString why;
        if (!parseYamlValue(it.value().toUtf8(), it.key(), &value, &why)) {
            m_problem->setText(why);
            setText(it.key(), it.value());
            return;
        }
        m_edits.insert(it.key(), value);
    }
    QDialog::accept();
}

} // namespace capgraph::editor
