#include "run/ServerRunsDock.h"

#include "run/RunController.h"
#include "service/RunClient.h"

#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QUrl>
#include <QUrlQuery>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
enum Column { Graph, Status, Started, Steps, Tokens, Worker, ColumnCount };
const char *const Statuses[] = {"queued", "running", "waiting", "paused", "finished", "failed", "cancelled"};
} // namespace

ServerRunsDock::ServerRunsDock(QWidget *parent)
    : QDockWidget(parent)
    , m_server(new QLabel(this))
    , m_disconnect(new QToolButton(this))
    , m_status(new QComboBox(this))
    , m_graph(new QLineEdit(this))
    , m_list(new QTreeWidget(this))
    , m_problem(new QLabel(this))
    , m_open(new QPushButton(this))
    , m_runHere(new QPushButton(this))
    , m_cancel(new QPushButton(this))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("ServerRunsDock"));
    auto *body = new QWidget(this);
    auto *top = new QHBoxLayout;
    m_server->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_disconnect->setObjectName(QStringLiteral("Disconnect"));
    top->addWidget(m_server, 1);
    top->addWidget(m_disconnect);
    auto *filters = new QHBoxLayout;
    m_status->addItem(QString(), QString());
    for (const char *s : Statuses)
        m_status->addItem(QString(), QString::fromLatin1(s));
    m_graph->setClearButtonEnabled(true);
    filters->addWidget(m_status);
    filters->addWidget(m_graph, 1);
    m_list->setColumnCount(ColumnCount);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(Graph, QHeaderView::Stretch);
    for (int c = Status; c < ColumnCount; ++c)
        m_list->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b01c1c"));
    m_problem->hide();
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_runHere);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addLayout(filters);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_problem);
    layout->addLayout(buttons);
    setWidget(body);

    m_timer->setInterval(2000);
    connect(m_timer, &QTimer::timeout, this, [this] { refresh(); });
    connect(m_status, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(m_graph, &QLineEdit::editingFinished, this, [this] { refresh(); });
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &ServerRunsDock::updateButtons);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        emit openRequested(item->data(0, Qt::UserRole).toString());
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (!selectedRun().isEmpty())
            emit openRequested(selectedRun());
    });
    connect(m_runHere, &QPushButton::clicked, this, &ServerRunsDock::runHereRequested);
    connect(m_disconnect, &QToolButton::clicked, this, &ServerRunsDock::disconnectRequested);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        const QString id = selectedRun();
        if (id.isEmpty() || !m_client)
            return;
        QPointer<ServerRunsDock> self(this);
        m_client->post(QStringLiteral("/v1/runs/%1/cancel").arg(QString::fromUtf8(QUrl::toPercentEncoding(id))), {},
                       [self](const RunClient::Answer &a) {
                           if (!self)
                               return;
                           if (!a.ok()) {
                               self->m_problem->setText(a.error);
                               self->m_problem->show();
                           }
                           self->refresh();
                       });
    });
    retranslate();
    setClient(nullptr);
}

void ServerRunsDock::retranslate()
{
    setWindowTitle(tr("Server Runs"));
    m_status->setItemText(0, tr("All statuses"));
    for (int i = 1; i < m_status->count(); ++i)
        m_status->setItemText(i, statusText(m_status->itemData(i).toString()));
    m_graph->setPlaceholderText(tr("Graph (as the server names it)"));
    m_list->setHeaderLabels({tr("Graph"), tr("Status"), tr("Started"), tr("Steps"), tr("Tokens"), tr("Server")});
    m_open->setText(tr("&Open"));
    m_open->setToolTip(tr("Show the run on the canvas: its graph, its state as it goes, and the debugger"));
    m_runHere->setText(tr("Run on Server"));
    m_runHere->setToolTip(tr("Send the open graph to the server and follow its run here, with this graph's breakpoints"));
    m_cancel->setText(tr("Cancel Run"));
    m_disconnect->setText(tr("Disconnect"));
    if (m_client)
        m_server->setText(tr("%1 · runs kept in %2").arg(m_client->displayName(), m_health.value(QStringLiteral("store_kind")).toString()));
    else
        m_server->setText(tr("Not connected: File > Connect to Server…"));
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        item->setText(Status, statusText(item->data(Status, Qt::UserRole).toString()));
    }
}

QString ServerRunsDock::statusText(const QString &status) const
{
    if (status == QLatin1String("queued"))
        return tr("queued");
    if (status == QLatin1String("running"))
        return RunController::statusText(RunStatus::Running);
    if (status == QLatin1String("waiting"))
        return RunController::statusText(RunStatus::WaitingForInput);
    if (status == QLatin1String("paused"))
        return RunController::statusText(RunStatus::Paused);
    if (status == QLatin1String("finished"))
        return RunController::statusText(RunStatus::Finished);
    if (status == QLatin1String("failed"))
        return RunController::statusText(RunStatus::Failed);
    if (status == QLatin1String("cancelled"))
        return tr("cancelled");
    return status;
}

void ServerRunsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void ServerRunsDock::showEvent(QShowEvent *event)
{
    QDockWidget::showEvent(event);
    if (m_client) {
        refresh();
        m_timer->start();
    }
}

void ServerRunsDock::hideEvent(QHideEvent *event)
{
    m_timer->stop();
    QDockWidget::hideEvent(event);
}

void ServerRunsDock::setRefreshInterval(int ms)
{
    m_timer->setInterval(ms);
}

void ServerRunsDock::setClient(RunClient *client, const QJsonObject &health)
{
    m_client = client;
    m_health = health;
    m_list->clear();
    m_problem->hide();
    ++m_request; // an answer on its way from the old server is dropped
    m_disconnect->setVisible(client != nullptr);
    m_status->setEnabled(client != nullptr);
    m_graph->setEnabled(client != nullptr);
    retranslate();
    updateButtons();
    if (client && isVisible()) {
        refresh();
        m_timer->start();
    } else if (!client) {
        m_timer->stop();
    }
}

QString ServerRunsDock::selectedRun() const
{
    const QList<QTreeWidgetItem *> items = m_list->selectedItems();
    return items.isEmpty() ? QString() : items.first()->data(0, Qt::UserRole).toString();
}

bool ServerRunsDock::selectRun(const QString &id)
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (item->data(0, Qt::UserRole).toString() == id) {
            m_list->setCurrentItem(item);
            item->setSelected(true);
            return true;
        }
    }
    return false;
}

void ServerRunsDock::refresh(std::function<void()> done)
{
    if (!m_client) {
        if (done)
            done();
        return;
    }
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("limit"), QStringLiteral("200"));
    if (const QString s = m_status->currentData().toString(); !s.isEmpty())
        query.addQueryItem(QStringLiteral("status"), s);
    if (const QString g = m_graph->text().trimmed(); !g.isEmpty())
        query.addQueryItem(QStringLiteral("graph"), g);
    const int request = ++m_request;
    QPointer<ServerRunsDock> self(this);
    m_client->get(QStringLiteral("/v1/runs?") + query.toString(QUrl::FullyEncoded), [self, request, done](const RunClient::Answer &a) {
        if (!self || request != self->m_request)
            return;
        if (!a.ok()) {
            self->m_problem->setText(a.error);
            self->m_problem->show();
        } else {
            self->m_problem->hide();
            self->fill(a.body.value(QStringLiteral("runs")).toArray(), a.body.value(QStringLiteral("total")).toInt());
        }
        if (done)
            done();
    });
}

void ServerRunsDock::fill(const QJsonArray &given, int total)
{
    // The list asks for the newest 200; a server that sends more is shown its first 500.
    const QJsonArray runs = given.size() <= 500 ? given : QJsonArray(QJsonArray::fromVariantList(given.toVariantList().mid(0, 500)));
    const QString selected = selectedRun();
    // The rows are reused: a list read every two seconds does not flicker or lose its scroll.
    while (m_list->topLevelItemCount() > runs.size())
        delete m_list->takeTopLevelItem(m_list->topLevelItemCount() - 1);
    const QLocale locale;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QJsonObject r = runs.at(i).toObject();
        QTreeWidgetItem *item = m_list->topLevelItem(int(i));
        if (!item) {
            item = new QTreeWidgetItem;
            m_list->addTopLevelItem(item);
        }
        const QString id = r.value(QStringLiteral("id")).toString();
        const QString status = r.value(QStringLiteral("status")).toString();
        const QDateTime created = QDateTime::fromString(r.value(QStringLiteral("created")).toString(), Qt::ISODateWithMs).toLocalTime();
        const QJsonObject usage = r.value(QStringLiteral("usage")).toObject();
        item->setData(0, Qt::UserRole, id);
        item->setText(Graph, r.value(QStringLiteral("graph")).toString());
        item->setToolTip(Graph, tr("Run %1").arg(id));
        item->setData(Status, Qt::UserRole, status);
        item->setText(Status, statusText(status));
        // The date as the locale writes it, the time on 24 hours (Qt's short time pattern for
        // some Chinese locales writes a day period it cannot print), as the Run History does.
        item->setText(Started, created.isValid() ? locale.toString(created.date(), QLocale::ShortFormat) + QLatin1Char(' ')
                                                       + created.time().toString(QStringLiteral("HH:mm:ss"))
                                                 : QString());
        item->setText(Steps, locale.toString(r.value(QStringLiteral("steps")).toInteger()));
        item->setText(Tokens, locale.toString(usage.value(QStringLiteral("total_tokens")).toInteger()));
        item->setText(Worker, r.value(QStringLiteral("worker")).toString());
        for (int c : {Steps, Tokens})
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    }
    // The selection follows its run, not its row: a run gone from the list (filtered out,
    // past the newest 200) leaves nothing selected, so that Open and Cancel act on no other.
    if (selected.isEmpty() || !selectRun(selected))
        m_list->clearSelection();
    if (total > runs.size())
        m_list->setToolTip(tr("The newest %1 of %2 runs").arg(runs.size()).arg(total));
    else
        m_list->setToolTip(QString());
    updateButtons();
}

void ServerRunsDock::updateButtons()
{
    const QString id = selectedRun();
    const QList<QTreeWidgetItem *> items = m_list->selectedItems();
    const QString status = items.isEmpty() ? QString() : items.first()->data(Status, Qt::UserRole).toString();
    m_open->setEnabled(m_client && !id.isEmpty());
    m_cancel->setEnabled(m_client && !id.isEmpty() && status != QLatin1String("finished") && status != QLatin1String("failed")
                         && status != QLatin1String("cancelled"));
    m_runHere->setEnabled(m_client != nullptr);
}

} // namespace capgraph::editor
