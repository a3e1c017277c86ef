#include "properties/ConditionsTable.h"

#include "properties/ConditionCellDelegate.h"
#include "ui/ExpressionLineEdit.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
QToolButton *smallButton(QWidget *parent, const QString &text, const QString &tip, const QString &name)
{
    auto *b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setObjectName(name);
    b->setAutoRaise(true);
    return b;
}
} // namespace

ConditionsTable::ConditionsTable(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, 3, this))
    , m_expressionLabel(new QLabel(this))
    , m_expression(new ExpressionLineEdit(this))
    , m_problem(new QLabel(this))
    , m_add(smallButton(this, QStringLiteral("+"), QString(), QStringLiteral("AddCondition")))
    , m_remove(smallButton(this, QStringLiteral("−"), QString(), QStringLiteral("RemoveCondition")))
    , m_up(smallButton(this, QStringLiteral("↑"), QString(), QStringLiteral("ConditionUp")))
    , m_down(smallButton(this, QStringLiteral("↓"), QString(), QStringLiteral("ConditionDown")))
{
    m_table->setObjectName(QStringLiteral("ConditionsGrid"));
    // Name and target as wide as their texts; the expression takes the rest (and is edited
    // at full width under the table).
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Fixed); // as wide as the longest choice (fill)
    m_table->horizontalHeader()->setMinimumSectionSize(40);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_table->setItemDelegate(new ConditionCellDelegate(this));
    m_table->setMinimumHeight(m_table->fontMetrics().height() * 5);
    m_table->setMaximumHeight(m_table->fontMetrics().height() * 9);
    m_expressionLabel->setObjectName(QStringLiteral("ConditionExpressionLabel"));
    m_expression->setObjectName(QStringLiteral("ConditionExpression"));
    m_expression->setEmptyAllowed(false);
    m_problem->setObjectName(QStringLiteral("ConditionsProblem"));
    m_problem->setWordWrap(true);
    m_problem->setVisible(false);

    auto *buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_table);
    layout->addLayout(buttons);
    layout->addWidget(m_expressionLabel);
    layout->addWidget(m_expression);
    layout->addWidget(m_problem);

    connect(m_table, &QTableWidget::cellChanged, this, &ConditionsTable::cellCommitted);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ConditionsTable::updateButtons);
    connect(m_table, &QTableWidget::currentCellChanged, this, &ConditionsTable::showCurrentExpression);
    connect(m_expression, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (const int row = m_table->currentRow(); row >= 0)
            updateProblem(row, text);
    });
    connect(m_expression, &QLineEdit::editingFinished, this, &ConditionsTable::commitCurrentExpression);
    connect(m_add, &QToolButton::clicked, this, &ConditionsTable::addCondition);
    connect(m_remove, &QToolButton::clicked, this, &ConditionsTable::removeCondition);
    connect(m_up, &QToolButton::clicked, this, [this] { moveCondition(-1); });
    connect(m_down, &QToolButton::clicked, this, [this] { moveCondition(1); });
    m_texts([this] {
        m_add->setToolTip(tr("Add a condition"));
        m_remove->setToolTip(tr("Remove the selected condition"));
        m_up->setToolTip(tr("Check this condition earlier"));
        m_down->setToolTip(tr("Check this condition later"));
        m_table->setHorizontalHeaderLabels({tr("Name"), tr("Expression"), tr("Target")});
    });
    updateButtons();
}

void ConditionsTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        fitTargetColumn();
        showCurrentExpression();
    }
    QWidget::changeEvent(event);
}

void ConditionsTable::setConditions(const QList<BranchCondition> &conditions, const QStringList &nodeIds)
{
    // The echo of our own edit shows the same texts: keep the table (and any open editor).
    bool same = conditions.size() == m_table->rowCount() && nodeIds == m_nodeIds;
    for (int r = 0; same && r < conditions.size(); ++r) {
        const BranchCondition &c = conditions.at(r);
        same = m_table->item(r, 0) && m_table->item(r, 0)->text() == c.name && m_table->item(r, 1)->text() == c.expression
            && m_table->item(r, 2)->text() == c.target;
    }
    m_conditions = conditions;
    m_nodeIds = nodeIds;
    if (!same) {
        fill();
    } else {
        updateProblem();
        showCurrentExpression();
    }
}

void ConditionsTable::fitTargetColumn()
{
    // The target column fits the longest node id (and the combo's arrow): a target always
    // reads whole, and choosing one shows whole names. When the ids are long (Chinese ids,
    // a narrow dock) the table scrolls sideways rather than cut them; the expression, cut
    // first, is shown whole in the editor under the table and in its tooltip.
    const QFontMetrics fm(m_table->font());
    int widest = fm.horizontalAdvance(tr("Target")) + 16;
    for (const QString &id : std::as_const(m_nodeIds))
        widest = std::max(widest, fm.horizontalAdvance(id) + 34);
    m_table->setColumnWidth(2, widest);
    // The expression takes what is left, but not less than a few words.
    QHeaderView *header = m_table->horizontalHeader();
    const int minimumExpression = fm.horizontalAdvance(QStringLiteral("input.type == 'pdf'"));
    const bool room = header->sectionSize(0) + widest + minimumExpression <= m_table->viewport()->width();
    header->setSectionResizeMode(1, room ? QHeaderView::Stretch : QHeaderView::Interactive);
    if (!room)
        m_table->setColumnWidth(1, minimumExpression);
}

void ConditionsTable::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitTargetColumn();
}

void ConditionsTable::fill()
{
    // The list changed (an edit, an undo): the box shows the model again, not old typing.
    m_expressionRow = -1;
    m_filling = true;
    const int current = m_table->currentRow();
    m_table->setRowCount(int(m_conditions.size()));
    for (int r = 0; r < m_conditions.size(); ++r) {
        const BranchCondition &c = m_conditions.at(r);
        const QStringList texts{c.name, c.expression, c.target};
        for (int col = 0; col < 3; ++col) {
            QTableWidgetItem *item = m_table->item(r, col);
            if (!item) {
                item = new QTableWidgetItem;
                m_table->setItem(r, col, item);
            }
            item->setText(texts.at(col));
            item->setToolTip(texts.at(col)); // the whole text, when the cell shortens it
        }
    }
    fitTargetColumn();
    if (current >= 0 && current < m_table->rowCount())
        m_table->setCurrentCell(current, m_table->currentColumn());
    else if (m_table->rowCount() > 0) // the first condition's expression shows under the table
        m_table->setCurrentCell(0, 1);
    m_filling = false;
    updateProblem();
    updateButtons();
    showCurrentExpression();
}

QString ConditionsTable::problem() const
{
    return m_problem->isVisible() ? m_problem->text() : QString();
}

void ConditionsTable::expressionTyped(int row, const QString &text)
{
    updateProblem(row, text);
}

void ConditionsTable::updateProblem(int typingRow, const QString &typing)
{
    // Marks each expression cell that does not parse; the line below names the first one
    // (or the one being typed).
    m_filling = true;
    QString first;
    const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QTableWidgetItem *item = m_table->item(r, 1);
        if (!item)
            continue;
        const QString text = r == typingRow ? typing : item->text();
        const QString error = ExpressionLineEdit::checkSyntax(text, false);
        // Not the cell being typed in: changing its data makes the view reload the open
        // editor from the item, wiping what was typed. Its editor shows its own warning.
        if (r != typingRow) {
            item->setIcon(error.isEmpty() ? QIcon() : warning);
            item->setToolTip(error);
        }
        const QString line = error.isEmpty() ? QString() : tr("Row %1, %2").arg(r + 1).arg(error);
        QTableWidgetItem *target = m_table->item(r, 2);
        const bool targetKnown = !target || target->text().isEmpty() || m_nodeIds.contains(target->text());
        if (target) {
            target->setIcon(targetKnown ? QIcon() : warning);
            target->setToolTip(targetKnown ? QString() : tr("no node '%1'").arg(target->text()));
        }
        if (r == typingRow)
            first = line.isEmpty() ? first : line;
        else if (first.isEmpty())
            first = !line.isEmpty() ? line : (targetKnown ? QString() : tr("Row %1: no node '%2'").arg(r + 1).arg(target->text()));
    }
    m_filling = false;
    m_problem->setText(first);
    m_problem->setVisible(!first.isEmpty());
}

void ConditionsTable::cellCommitted(int row, int column)
{
    if (m_filling || row < 0 || row >= m_conditions.size())
        return;
    QList<BranchCondition> next = m_conditions;
    const QString text = m_table->item(row, column)->text();
    QString what;
    switch (column) {
    case 0:
        next[row].name = text;
        what = tr("condition name");
        break;
    case 1:
        next[row].expression = text;
        what = tr("condition expression");
        break;
    default:
        next[row].target = text.trimmed();
        what = tr("condition target");
        break;
    }
    updateProblem();
    if (next != m_conditions)
        emit conditionsEdited(next, what);
}

void ConditionsTable::addCondition()
{
    commitCurrentExpression(); // typed but not yet committed: it belongs to its own row
    QList<BranchCondition> next = m_conditions;
    BranchCondition c;
    QStringList names;
    for (const BranchCondition &x : m_conditions)
        names << x.name;
    int k = int(next.size()) + 1;
    while (names.contains(QStringLiteral("condition_%1").arg(k)))
        ++k;
    c.name = QStringLiteral("condition_%1").arg(k);
    c.expression = QStringLiteral("true");
    next.append(c);
    emit conditionsEdited(next, tr("conditions (add)"));
    m_table->setCurrentCell(int(next.size()) - 1, 1);
}

void ConditionsTable::removeCondition()
{
    commitCurrentExpression();
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_conditions.size())
        return;
    QList<BranchCondition> next = m_conditions;
    next.removeAt(row);
    emit conditionsEdited(next, tr("conditions (remove)"));
}

void ConditionsTable::moveCondition(int delta)
{
    commitCurrentExpression();
    const int row = m_table->currentRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= m_conditions.size())
        return;
    QList<BranchCondition> next = m_conditions;
    next.move(row, to);
    emit conditionsEdited(next, tr("conditions (order)"));
    m_table->setCurrentCell(to, m_table->currentColumn());
}

void ConditionsTable::setNameSource(std::function<QList<ExpressionName>()> source)
{
    m_names = source;
    m_expression->setNameSource(std::move(source));
}

void ConditionsTable::showCurrentExpression()
{
    const int row = m_table->currentRow();
    const bool valid = row >= 0 && row < m_conditions.size();
    m_expressionLabel->setText(valid ? tr("when (%1):").arg(m_conditions.at(row).name) : tr("Select a condition to edit its expression."));
    m_expression->setEnabled(valid);
    if (row != m_expressionRow) {
        commitCurrentExpression(); // what was typed for the row that was current
        m_expressionRow = valid ? row : -1;
        m_expression->setText(valid ? m_conditions.at(row).expression : QString());
    } else if (!m_expression->hasFocus() && valid) {
        // Not while it is being typed in: an echo of our own commit would move the cursor.
        m_expression->setText(m_conditions.at(row).expression);
    }
}

void ConditionsTable::commitCurrentExpression()
{
    const int row = m_expressionRow;
    if (row < 0 || row >= m_conditions.size() || !m_expression->isEnabled() || m_expression->text() == m_conditions.at(row).expression)
        return;
    QList<BranchCondition> next = m_conditions;
    next[row].expression = m_expression->text();
    emit conditionsEdited(next, tr("condition expression"));
}

void ConditionsTable::updateButtons()
{
    const int row = m_table->currentRow();
    const bool selected = row >= 0 && row < m_table->rowCount();
    m_remove->setEnabled(selected);
    m_up->setEnabled(selected && row > 0);
    m_down->setEnabled(selected && row + 1 < m_table->rowCount());
}

} // namespace capgraph::editor
