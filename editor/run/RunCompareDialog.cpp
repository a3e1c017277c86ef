#include "run/RunCompareDialog.h"

#include "run/RunClock.h"

#include "exec/RunEvent.h"
#include "exec/RunFiles.h"
#include "exec/RunStatus.h"
#include "run/RunController.h"
#include "model/Pricing.h"
#include "ui/CostText.h"
#include "ui/ValueView.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace capgraph::editor {

namespace {

// A difference as people write it: +2, −300 (a real minus sign), or nothing when equal.
QString signedDifference(qint64 from, qint64 to)
{
    const qint64 d = to - from;
    if (d == 0)
        return {};
    return (d > 0 ? QStringLiteral(" (+") : QStringLiteral(" (\u2212")) + QLocale().toString(d > 0 ? d : -d) + QLatin1Char(')');
}

// A value in one table cell: its first line, cut short.
QString cellText(const QVariant &value)
{
    QString text = ValueView::displayText(value);
    const qsizetype newline = text.indexOf(QLatin1Char('\n'));
    bool cut = newline >= 0;
    if (cut)
        text = text.left(newline);
    if (text.size() > 80) {
        text = text.left(79);
        cut = true;
    }
    return cut ? text + QStringLiteral("…") : text;
}

} // namespace

RunCompareDialog::RunCompareDialog(QWidget *parent)
    : QDialog(parent)
    , m_runs(new QLabel)
    , m_summary(new QLabel)
    , m_route(new QLabel)
    , m_table(new QTableWidget(0, 3))
    , m_oldValue(new ValueView)
    , m_newValue(new ValueView)
{
    setObjectName(QStringLiteral("RunCompareDialog"));
    m_summary->setObjectName(QStringLiteral("RunCompareSummary"));
    m_route->setObjectName(QStringLiteral("RunCompareRoute"));
    m_table->setObjectName(QStringLiteral("RunCompareTable"));
    for (QLabel *l : {m_runs, m_summary, m_route}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);

    auto *values = new QWidget;
    auto *valuesLayout = new QHBoxLayout(values);
    valuesLayout->setContentsMargins(0, 0, 0, 0);
    valuesLayout->addWidget(m_oldValue);
    valuesLayout->addWidget(m_newValue);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(values);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_runs);
    layout->addWidget(m_summary);
    layout->addWidget(m_route);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);

    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { showRow(row); });
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row) {
        if (row >= 0 && row < m_diff.outputs.size())
            emit nodeChosen(m_diff.outputs.at(row).node);
    });
    resize(760, 560);
    retranslate();
}

bool RunCompareDialog::compare(const QString &oldTrace, const QString &oldTitle, const QString &newTrace, const QString &newTitle, QString *error)
{
    QList<RunEvent> events[2];
    const QString paths[2] = {oldTrace, newTrace};
    for (int i = 0; i < 2; ++i) {
        QFile f(paths[i]);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = tr("%1 cannot be read: %2").arg(paths[i], f.errorString());
            return false;
        }
        if (f.size() > RunFiles::kMaxTraceBytes) {
            *error = tr("%1 is larger than a trace may be (256 MiB)").arg(paths[i]);
            return false;
        }
        if (!RunFiles::parseTrace(f.readAll(), paths[i], &events[i], error))
            return false;
    }
    m_diff = RunDiff::compare(RunSummary::of(events[0]), RunSummary::of(events[1]));
    m_oldTitle = oldTitle;
    m_newTitle = newTitle;
    fill();
    return true;
}

void RunCompareDialog::retranslate()
{
    setWindowTitle(tr("Compare Runs"));
    m_table->setHorizontalHeaderLabels({tr("Node"), tr("Earlier run"), tr("Later run")});
    m_oldValue->setTitle(tr("Earlier run"));
    m_newValue->setTitle(tr("Later run"));
    fill();
}

void RunCompareDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

QString RunCompareDialog::summaryText() const
{
    const RunSummary &a = m_diff.oldRun, &b = m_diff.newRun;
    const auto status = [](const QString &name) { return RunController::statusText(runStatusFromName(name, RunStatus::Idle)); };
    QStringList parts;
    if (m_diff.isEmpty())
        parts << tr("The same route, outputs, steps and tokens");
    else if (m_diff.outputs.isEmpty())
        parts << tr("The same outputs");
    else
        parts << tr("%n node(s) with different outputs", nullptr, int(m_diff.outputs.size()));
    parts << (a.status == b.status ? tr("both %1").arg(status(a.status)) : tr("%1 → %2").arg(status(a.status), status(b.status)));
    parts << tr("steps %1 → %2%3").arg(QLocale().toString(a.steps), QLocale().toString(b.steps), signedDifference(a.steps, b.steps));
    parts << tr("time %1 → %2").arg(RunClock::brief(a.elapsedUs), RunClock::brief(b.elapsedUs));
    parts << tr("tokens %1 → %2%3").arg(QLocale().toString(a.totalTokens()), QLocale().toString(b.totalTokens()), signedDifference(a.totalTokens(), b.totalTokens()));
    // What the tokens cost, per currency (costs in several do not add up); a run whose nodes
    // were not priced in it counts 0.
    QStringList currencies = a.costs.keys() + b.costs.keys();
    currencies.removeDuplicates();
    currencies.sort();
    for (const QString &currency : std::as_const(currencies)) {
        const double before = a.costs.value(currency), after = b.costs.value(currency);
        const double change = roundedCost(after - before);
        parts << tr("cost %1 → %2%3")
                     .arg(CostText::amount(before, currency), CostText::amount(after, currency),
                          change == 0 ? QString() : QStringLiteral(" (") + CostText::amount(change, currency, true) + QLatin1Char(')'));
    }
    return parts.join(QStringLiteral(" · "));
}

QString RunCompareDialog::routeText() const
{
    const QStringList &a = m_diff.oldRun.route, &b = m_diff.newRun.route;
    if (m_diff.partIndex < 0)
        return tr("Both runs took the same route, %n node(s) long.", nullptr, int(a.size()));
    const int at = m_diff.partIndex;
    const QString after = at > 0 ? a.at(at - 1) : QString();
    const auto where = [&](const QStringList &route) { return at < route.size() ? route.at(at) : tr("nowhere (it ended)"); };
    return at > 0 ? tr("The routes part after %1 (node %2 of the route): the earlier run went to %3, the later one to %4.")
                        .arg(after)
                        .arg(at)
                        .arg(where(a), where(b))
                  : tr("The routes part at their first node: the earlier run began at %1, the later one at %2.").arg(where(a), where(b));
}

void RunCompareDialog::fill()
{
    if (m_oldTitle.isEmpty() && m_newTitle.isEmpty())
        return; // nothing compared yet
    m_runs->setText(tr("Earlier run: %1\nLater run: %2").arg(m_oldTitle, m_newTitle));
    m_summary->setText(summaryText());
    m_route->setText(routeText());
    const int row = m_table->currentRow();
    m_table->setRowCount(int(m_diff.outputs.size()));
    for (int i = 0; i < m_diff.outputs.size(); ++i) {
        const OutputDiff &d = m_diff.outputs.at(i);
        const QVariant values[2] = {d.oldValue, d.newValue};
        m_table->setItem(i, 0, new QTableWidgetItem(d.node));
        for (int c = 0; c < 2; ++c) {
            const QString text = values[c].isValid() ? cellText(values[c]) : tr("(no output)");
            auto *item = new QTableWidgetItem(text);
            item->setToolTip(values[c].isValid() ? ValueView::displayText(values[c]) : text);
            m_table->setItem(i, c + 1, item);
        }
        m_table->item(i, 0)->setToolTip(tr("Click to select %1 on the canvas").arg(d.node));
    }
    m_table->setCurrentCell(m_diff.outputs.isEmpty() ? -1 : std::clamp(row, 0, int(m_diff.outputs.size()) - 1), 0);
    showRow(m_table->currentRow());
}

void RunCompareDialog::showRow(int row)
{
    const bool valid = row >= 0 && row < m_diff.outputs.size();
    m_oldValue->setValue(valid ? m_diff.outputs.at(row).oldValue : QVariant(), tr("No output in this run"));
    m_newValue->setValue(valid ? m_diff.outputs.at(row).newValue : QVariant(), tr("No output in this run"));
}

} // namespace capgraph::editor
