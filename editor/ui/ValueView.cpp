#include "ui/ValueView.h"

#include "expr/ExprValue.h"
#include "io/YamlValue.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
constexpr int ValueRole = Qt::UserRole + 1;
constexpr int MaxRows = 500; // of one list or mapping: the rest is in the detail pane

bool isCollection(const QVariant &v)
{
    const ValueKind k = ExprValue::kindOf(v);
    return k == ValueKind::List || k == ValueKind::Map;
}

// A row's value column: a text's first line, a collection's size, a scalar as it is.
QString summary(const QVariant &v)
{
    switch (ExprValue::kindOf(v)) {
    case ValueKind::List: {
        const qsizetype n = v.toList().size();
        return n == 1 ? ValueView::tr("1 item") : ValueView::tr("%n items", nullptr, int(n));
    }
    case ValueKind::Map: {
        const qsizetype n = v.toMap().size();
        return n == 1 ? ValueView::tr("1 field") : ValueView::tr("%n fields", nullptr, int(n));
    }
    case ValueKind::Null:
        return QStringLiteral("null");
    case ValueKind::String: {
        const QString s = v.toString();
        const qsizetype nl = s.indexOf(QLatin1Char('\n'));
        return nl < 0 ? s : s.left(nl) + QStringLiteral(" …");
    }
    default:
        return ExprValue::toDisplayString(v);
    }
}
} // namespace

ValueView::ValueView(QWidget *parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_copy = new QToolButton(this);
    m_copy->setAutoRaise(true);
    m_copy->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    m_copy->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(m_copy, &QToolButton::clicked, this, [this] { QApplication::clipboard()->setText(copyText()); });
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_tree->setColumnWidth(0, 150);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &ValueView::showSelected);
    m_detail = new QPlainTextEdit(this);
    m_detail->setReadOnly(true);
    m_detail->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    // Side by side: in a dock under the canvas there is more room across than down.
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_tree);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto *head = new QHBoxLayout;
    head->setContentsMargins(0, 0, 0, 0);
    head->addWidget(m_title, 1);
    head->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(head);
    layout->addWidget(split, 1);
    retranslate();
    setValue(QVariant());
}

void ValueView::setTitle(const QString &title)
{
    m_title->setText(title);
}

QString ValueView::displayText(const QVariant &value)
{
    if (!isCollection(value))
        return ExprValue::kindOf(value) == ValueKind::Null ? QStringLiteral("null") : ExprValue::toDisplayString(value);
    return variantToYamlText(value).trimmed();
}

void ValueView::setValue(const QVariant &value, const QString &empty)
{
    m_value = value;
    m_empty = empty;
    m_tree->clear();
    m_detail->clear();
    if (!value.isValid()) {
        auto *row = new QTreeWidgetItem(m_tree, {empty});
        row->setFirstColumnSpanned(true);
        row->setForeground(0, palette().placeholderText());
        m_tree->setEnabled(false);
        m_copy->setEnabled(false);
        return;
    }
    m_tree->setEnabled(true);
    m_copy->setEnabled(true);
    if (isCollection(value) && (ExprValue::kindOf(value) == ValueKind::List ? value.toList().isEmpty() : value.toMap().isEmpty())) {
        auto *row = new QTreeWidgetItem(m_tree, {ExprValue::kindOf(value) == ValueKind::List ? tr("(an empty list)") : tr("(no fields)")});
        row->setFirstColumnSpanned(true);
        row->setForeground(0, palette().placeholderText());
    } else if (isCollection(value)) {
        fill(m_tree->invisibleRootItem(), value);
        m_tree->expandToDepth(0);
    } else {
        auto *row = new QTreeWidgetItem(m_tree, {tr("value"), summary(value)});
        row->setData(0, ValueRole, value);
    }
    m_detail->setPlainText(displayText(value));
}

void ValueView::fill(QTreeWidgetItem *parent, const QVariant &value)
{
    const auto add = [&](const QString &name, const QVariant &v) {
        auto *row = new QTreeWidgetItem(parent, {name, summary(v)});
        row->setData(0, ValueRole, v);
        row->setToolTip(1, summary(v));
        if (isCollection(v))
            fill(row, v);
    };
    if (ExprValue::kindOf(value) == ValueKind::List) {
        const QVariantList list = value.toList();
        for (qsizetype i = 0; i < list.size() && i < MaxRows; ++i)
            add(QStringLiteral("[%1]").arg(i), list.at(i));
        if (list.size() > MaxRows)
            new QTreeWidgetItem(parent, {QStringLiteral("…"), tr("%n more", nullptr, int(list.size() - MaxRows))});
    } else {
        const QVariantMap map = value.toMap();
        int n = 0;
        for (auto it = map.cbegin(); it != map.cend() && n < MaxRows; ++it, ++n)
            add(it.key(), it.value());
        if (map.size() > MaxRows)
            new QTreeWidgetItem(parent, {QStringLiteral("…"), tr("%n more", nullptr, int(map.size() - MaxRows))});
    }
}

void ValueView::showSelected()
{
    const QTreeWidgetItem *row = m_tree->currentItem();
    const QVariant v = row && row->data(0, ValueRole).isValid() ? row->data(0, ValueRole) : m_value;
    m_detail->setPlainText(m_value.isValid() ? displayText(v) : QString());
}

QString ValueView::copyText() const
{
    return m_detail->toPlainText();
}

void ValueView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ValueView::retranslate()
{
    m_tree->setHeaderLabels({tr("Name"), tr("Value")});
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the value shown beside the list (a text as it is, a list or mapping as YAML)"));
}

} // namespace capgraph::editor
