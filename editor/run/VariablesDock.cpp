#include "run/VariablesDock.h"

#include "run/LevelRunView.h"
#include "run/RunController.h"
#include "ui/DialogPrompts.h"

#include <QApplication>
#include <QDateTime>
#include <QEvent>
#include <QTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
QString show(const QVariant &v)
{
    if (v.typeId() == QMetaType::QVariantMap || v.typeId() == QMetaType::QVariantList)
        return QString::fromUtf8(QJsonDocument::fromVariant(v).toJson(QJsonDocument::Compact)); // whole: it is what gets edited
    if (!v.isValid() || v.isNull())
        return QStringLiteral("null");
    if (v.typeId() == QMetaType::QString)
        return QString::fromUtf8(QJsonDocument(QJsonArray{v.toString()}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    return v.toString();
}

void fill(QTreeWidgetItem *parent, const QVariantMap &map, const QString &path, bool editable)
{
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        auto *row = new QTreeWidgetItem(parent, {it.key(), show(it.value())});
        row->setData(0, Qt::UserRole, path + QLatin1Char('/') + it.key());
        row->setToolTip(0, QString(path + QLatin1Char('/') + it.key()).replace(QLatin1Char('/'), QLatin1Char('.'))); // the whole name
        row->setToolTip(1, show(it.value()).left(2000));
        if (editable)
            row->setFlags(row->flags() | Qt::ItemIsEditable);
        if (it.value().typeId() == QMetaType::QVariantMap)
            fill(row, it.value().toMap(), path + QLatin1Char('/') + it.key(), false);
    }
}
} // namespace

VariablesDock::VariablesDock(RunController *run, QWidget *parent)
    : QDockWidget(parent)
    , m_run(run)
    , m_tree(new QTreeWidget)
    , m_hint(new QLabel)
{
    setObjectName(QStringLiteral("VariablesDock"));
    m_tree->setObjectName(QStringLiteral("Variables"));
    // Short values are edited in place; a long one (a list, a paragraph) in an editor of its
    // own, not in a line that runs out of the dock.
    m_tree->setEditTriggers(QAbstractItemView::EditKeyPressed);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item, int column) {
        if (column != 1 || !(item->flags() & Qt::ItemIsEditable))
            return;
        const QString value = item->text(1);
        if (value.size() <= 40 && !value.contains(QLatin1Char('\n')) && !value.startsWith(QLatin1Char('[')) && !value.startsWith(QLatin1Char('{'))) {
            m_tree->editItem(item, 1);
            return;
        }
        const QString path = item->data(0, Qt::UserRole).toString();
        const std::optional<QString> edited = DialogPrompts::shared()->askText(
            this, tr("Change %1").arg(QString(path).replace(QLatin1Char('/'), QLatin1Char('.'))), tr("The value, as JSON (text that is not JSON is taken as a string):"),
            QJsonDocument::fromJson("[" + value.toUtf8() + "]").isArray() && value.startsWith(QLatin1Char('['))
                ? QString::fromUtf8(QJsonDocument::fromJson(value.toUtf8()).toJson(QJsonDocument::Indented)).trimmed()
                : value,
            true);
        if (edited)
            item->setText(1, edited->simplified().isEmpty() ? *edited : QString::fromUtf8(QJsonDocument::fromJson(edited->toUtf8()).isNull()
                                                                                              ? edited->toUtf8()
                                                                                              : QJsonDocument::fromJson(edited->toUtf8()).toJson(QJsonDocument::Compact)));
    });
    m_hint->setWordWrap(true);
    m_hint->setEnabled(false);
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    layout->addWidget(m_hint);
    setWidget(w);
    connect(run, &RunController::changed, this, [this] {
        // While running: at most four refreshes a second; stopped: at once.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (m_run->status() == RunStatus::Running && now - m_lastRefresh < 250)
            return;
        refresh();
    });
    connect(run, &RunController::statusChanged, this, &VariablesDock::refresh);
    connect(run, &RunController::replayChanged, this, &VariablesDock::refresh);
    connect(m_tree, &QTreeWidget::itemChanged, this, &VariablesDock::edited);
    retranslate();
}

void VariablesDock::setLevelView(LevelRunView *level)
{
    m_level = level;
    connect(level, &LevelRunView::invocationsChanged, this, &VariablesDock::refresh); // another level, another child run
    connect(level, &LevelRunView::changed, this, [this] {
        if (const std::optional<QStringList> down = m_level->below(); down && !down->isEmpty())
            refresh(); // the child run on screen moved on
    });
    refresh();
}

void VariablesDock::retranslate()
{
    setWindowTitle(tr("Variables"));
    m_tree->setHeaderLabels({tr("Name"), tr("Value")});
    refresh();
}

void VariablesDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void VariablesDock::refresh()
{
    if (QWidget *f = QApplication::focusWidget(); f && m_tree->viewport()->isAncestorOf(f))
        return; // an editor is open: not under the user's typing (the next change refreshes)
    m_lastRefresh = QDateTime::currentMSecsSinceEpoch();
    // Inside a composite node (a sub-graph on screen below the run's level): its child run's.
    const std::optional<QStringList> down = m_level ? m_level->below() : std::nullopt;
    const bool child = down && !down->isEmpty();
    m_childPath = child ? m_level->liveChildPath() : QStringList();
    const bool paused = (!child || !m_childPath.isEmpty()) && m_run->canSetVariables(m_childPath);
    QStringList open;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        if (m_tree->topLevelItem(i)->isExpanded())
            open << m_tree->topLevelItem(i)->text(0);
    m_filling = true;
    m_tree->clear();
    const QVariantMap c = (child ? m_level->snapshot().context() : m_run->context()).toVariant(); // its three sections, as the trace names them
    for (const QString &section : {QStringLiteral("input"), QStringLiteral("outputs"), QStringLiteral("variables")}) {
        auto *top = new QTreeWidgetItem(m_tree, {section});
        top->setData(0, Qt::UserRole, section);
        fill(top, c.value(section).toMap(), section, paused && section == QLatin1String("variables"));
        top->setExpanded(open.isEmpty() ? section == QLatin1String("variables") : open.contains(section));
    }
    // Names as wide as they are (the value gets the rest, full in its tooltip).
    m_tree->resizeColumnToContents(0);
    m_tree->setColumnWidth(0, std::min(m_tree->columnWidth(0) + 8, std::max(80, m_tree->viewport()->width() * 3 / 5)));
    m_filling = false;
    m_hint->setText(!m_problem.isEmpty() ? std::exchange(m_problem, QString())
                    : child && paused ? tr("The context of %1's child run, paused: double-click a variable's value to change it (JSON).")
                                              .arg(down->join(QStringLiteral(" › ")))
                    : child  ? tr("The context of %1's child run, as its events give it (read only: values change while this child run stands paused).")
                                   .arg(down->join(QStringLiteral(" › ")))
                    : paused ? tr("Paused: double-click a variable's value to change it (JSON).")
                             : QString());
}

QTreeWidgetItem *VariablesDock::item(const QString &path) const
{
    QList<QTreeWidgetItem *> todo;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        todo << m_tree->topLevelItem(i);
    while (!todo.isEmpty()) {
        QTreeWidgetItem *i = todo.takeFirst();
        if (i->data(0, Qt::UserRole).toString() == path)
            return i;
        for (int k = 0; k < i->childCount(); ++k)
            todo << i->child(k);
    }
    return nullptr;
}

void VariablesDock::edited(QTreeWidgetItem *item, int column)
{
    if (m_filling || column != 1)
        return;
    const QString path = item->data(0, Qt::UserRole).toString();
    if (!path.startsWith(QLatin1String("variables/")))
        return;
    // The value as JSON; text that is not JSON is taken as a string.
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson("[" + item->text(1).toUtf8() + "]", &error);
    const QVariant value = error.error == QJsonParseError::NoError && doc.array().size() == 1 ? doc.array().at(0).toVariant()
                                                                                              : QVariant(item->text(1));
    QString why;
    if (!m_run->setVariable(path.mid(int(qstrlen("variables/"))), value, &why, m_childPath))
        m_problem = tr("Not changed: %1").arg(why);
    // Not from inside itemChanged: the item being edited would be deleted under it.
    QTimer::singleShot(0, this, &VariablesDock::refresh);
}

} // namespace capgraph::editor
