#include "view/QuickAddPopup.h"

#include "model/NodeKind.h"
#include "ui/PaletteList.h"
#include "ui/StudioIcons.h"

#include <QFontMetrics>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

QuickAddPopup::QuickAddPopup(QWidget *parent)
    : QFrame(parent, Qt::Popup)
    , m_search(new QLineEdit(this))
    , m_list(new QListWidget(this))
{
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_search->setPlaceholderText(tr("Add node…"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);
    layout->addWidget(m_list);
    for (const QString &type : allNodeTypeNames()) {
        auto *item = new QListWidgetItem(m_list);
        item->setData(Qt::UserRole, type);
    }
    nameItems();
    resize(380, 320);
    connect(m_search, &QLineEdit::textChanged, this, &QuickAddPopup::filter);
    connect(m_search, &QLineEdit::returnPressed, this, &QuickAddPopup::choose);
    connect(m_list, &QListWidget::itemActivated, this, &QuickAddPopup::choose);
    m_search->installEventFilter(this); // Up/Down move in the list while typing
}

void QuickAddPopup::nameItems()
{
    // The kind's plain name, as the palette says it, then its type name: either finds it.
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        const QString type = item->data(Qt::UserRole).toString();
        if (type.startsWith(QLatin1String(CapabilityPrefix)))
            continue;
        item->setText(QStringLiteral("%1    %2").arg(PaletteList::plainName(nodeKindFromTypeName(type)), type));
        item->setIcon(StudioIcons::kindIcon(nodeKindFromTypeName(type), palette().color(QPalette::Base).lightness() < 128));
    }
}

void QuickAddPopup::setCapabilities(const QList<CapabilityEntry> &capabilities)
{
    for (int i = m_list->count() - 1; i >= 0; --i)
        if (m_list->item(i)->data(Qt::UserRole).toString().startsWith(QLatin1String(CapabilityPrefix)))
            delete m_list->takeItem(i);
    const QFontMetrics metrics(m_list->font());
    for (const CapabilityEntry &c : capabilities) {
        auto *item = new QListWidgetItem(m_list);
        item->setData(Qt::UserRole, QLatin1String(CapabilityPrefix) + c.name);
        // Its name, then as much of what it does as fits; the tags are searched too.
        item->setText(QStringLiteral("%1    %2").arg(c.name, metrics.elidedText(c.description, Qt::ElideRight, 200)));
        item->setData(Qt::UserRole + 1, c.tags.join(QLatin1Char(' ')) + QLatin1Char(' ') + c.description);
        item->setToolTip(tr("Capability %1: %2").arg(c.name, c.description));
        item->setIcon(StudioIcons::kindIcon(NodeKind::Skill, palette().color(QPalette::Base).lightness() < 128));
    }
}

void QuickAddPopup::popup(const QPoint &globalPos)
{
    m_search->setPlaceholderText(tr("Add node…")); // in the language of the moment
    nameItems();
    m_search->clear();
    filter(QString());
    move(globalPos);
    show();
    m_search->setFocus();
}

void QuickAddPopup::filter(const QString &text)
{
    // Every word typed must appear in the name or the type name ("ctl loop" finds
    // control.loop_start, 分支 finds control.branch).
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    int first = -1;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        bool match = true;
        const QString searched = item->text() + QLatin1Char(' ') + item->data(Qt::UserRole + 1).toString();
        for (const QString &w : words)
            match = match && searched.contains(w, Qt::CaseInsensitive);
        item->setHidden(!match);
        if (match && first < 0)
            first = i;
    }
    m_list->setCurrentRow(first);
}

void QuickAddPopup::choose()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item || item->isHidden())
        return;
    const QString type = item->data(Qt::UserRole).toString();
    hide();
    emit typeChosen(type);
}

bool QuickAddPopup::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_search && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Down || key == Qt::Key_Up) {
            int row = m_list->currentRow();
            do
                row += key == Qt::Key_Down ? 1 : -1;
            while (row >= 0 && row < m_list->count() && m_list->item(row)->isHidden());
            if (row >= 0 && row < m_list->count())
                m_list->setCurrentRow(row);
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

} // namespace capgraph::editor
