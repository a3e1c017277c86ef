#include "run/RunHistoryDock.h"

#include "run/RunController.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
// The trace's last event says how the run ended, and when: read from the file's end (a
// long run's trace is large).
QString describe(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QFileInfo(path).fileName();
    f.seek(std::max<qint64>(0, f.size() - 8192));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    const QJsonObject e = QJsonDocument::fromJson(lines.isEmpty() ? QByteArray() : lines.last()).object();
    const QString when = QFileInfo(path).completeBaseName().left(15).replace(QLatin1Char('-'), QLatin1Char(' '));
    const QString last = e.value(QStringLiteral("event")).toString();
    // run.finished / run.failed / run.cancelled; anything else: the studio went away mid-run.
    const QString how = last.startsWith(QLatin1String("run.")) ? last.section(QLatin1Char('.'), -1) : QObject::tr("interrupted");
    return QObject::tr("%1  %2  %3 steps, %4 ms")
        .arg(when, how)
        .arg(e.value(QStringLiteral("step")).toInteger())
        .arg(double(e.value(QStringLiteral("elapsed_us")).toInteger()) / 1000.0, 0, 'f', 1);
}
} // namespace

RunHistoryDock::RunHistoryDock(RunController *run, QWidget *parent)
    : QDockWidget(tr("Run History"), parent)
    , m_run(run)
    , m_list(new QListWidget)
    , m_scrubber(new QSlider(Qt::Horizontal))
    , m_position(new QLabel)
{
    setObjectName(QStringLiteral("RunHistoryDock"));
    m_list->setObjectName(QStringLiteral("RunHistory"));
    m_scrubber->setObjectName(QStringLiteral("RunScrubber"));
    m_scrubber->setEnabled(false);
    auto *leave = new QPushButton(tr("Back to editing"));
    leave->setObjectName(QStringLiteral("LeaveReplay"));
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_scrubber);
    layout->addWidget(m_position);
    layout->addWidget(leave);
    setWidget(w);
    connect(m_list, &QListWidget::itemActivated, this, [this] { open(m_list->currentRow()); });
    connect(run, &RunController::statusChanged, this, [this](RunStatus s) {
        m_position->clear();
        if (s == RunStatus::Idle) // another graph: its own history
            refresh();
    });
    connect(m_scrubber, &QSlider::valueChanged, this, [this](int value) {
        if (m_run->isReplaying() && value != m_run->position())
            m_run->seek(value);
    });
    connect(leave, &QPushButton::clicked, m_run, &RunController::stopReplay);
    connect(run, &RunController::runEnded, this, &RunHistoryDock::refresh);
    connect(run, &RunController::replayChanged, this, &RunHistoryDock::syncScrubber);
    refresh();
}

void RunHistoryDock::refresh()
{
    m_list->clear();
    for (const QString &path : m_run->history()) {
        auto *item = new QListWidgetItem(describe(path), m_list);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
}

bool RunHistoryDock::open(int row)
{
    QListWidgetItem *item = m_list->item(row);
    if (!item)
        return false;
    QString error;
    if (!m_run->replay(item->data(Qt::UserRole).toString(), &error)) {
        m_position->setText(error);
        return false;
    }
    return true;
}

void RunHistoryDock::syncScrubber()
{
    const bool on = m_run->isReplaying();
    m_scrubber->setEnabled(on);
    const QSignalBlocker quiet(m_scrubber);
    m_scrubber->setRange(0, on ? int(m_run->events().size()) : 0);
    m_scrubber->setValue(on ? int(m_run->position()) : 0);
    if (!on) {
        m_position->clear();
        return;
    }
    const qsizetype at = m_run->position();
    const RunEvent *e = at > 0 ? &m_run->events().at(at - 1) : nullptr;
    m_position->setText(e ? tr("Event %1 of %2: step %3, %4 %5").arg(at).arg(m_run->events().size()).arg(e->step).arg(runEventTypeName(e->type), e->nodeId)
                          : tr("Before the run (0 of %1)").arg(m_run->events().size()));
}

} // namespace capgraph::editor
