#include "window/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {

QString plain(QString text)
{
    // "&Open…" → "Open…"; "Zoom &In" → "Zoom In"; "開啟(&O)…" → "開啟…" (an "&&" stays an ampersand).
    static const QRegularExpression mnemonic(QStringLiteral("\\(&[^&]\\)"));
    text.remove(mnemonic);
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

void collect(QMenu *menu, const QString &path, QList<QStringList> *rows)
{
    for (QAction *a : menu->actions()) {
        if (a->isSeparator() || !a->isVisible())
            continue;
        if (QMenu *sub = a->menu()) {
            // Submenus of files (examples, recent files) hold no shortcuts worth listing.
            if (sub->objectName() != QLatin1String("ExamplesMenu") && sub->objectName() != QLatin1String("RecentMenu")
                && sub->objectName() != QLatin1String("ExamplePlansMenu"))
                collect(sub, path + QStringLiteral(" › ") + plain(sub->title()), rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        rows->append({plain(a->text()), keys.join(QStringLiteral(", ")), path});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QMainWindow *window)
    : QDialog(window)
    , m_window(window)
    , m_search(new QLineEdit(this))
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("ShortcutsDialog"));
    m_search->setObjectName(QStringLiteral("ShortcutsSearch"));
    m_search->setClearButtonEnabled(true);
    m_list->setObjectName(QStringLiteral("ShortcutsList"));
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setColumnCount(3);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->setSortingEnabled(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_search);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    connect(m_search, &QLineEdit::textChanged, this, &ShortcutsDialog::filter);
    m_texts([this] {
        setWindowTitle(tr("Keyboard Shortcuts"));
        m_search->setPlaceholderText(tr("Search actions, menus or keys (F9, Ctrl+D)"));
        m_list->setHeaderLabels({tr("Action"), tr("Keys"), tr("Menu")});
    });
    resize(640, 560);
    refresh();
}

void ShortcutsDialog::refresh()
{
    m_list->clear();
    QList<QStringList> rows;
    for (QAction *a : m_window->menuBar()->actions())
        if (QMenu *menu = a->menu())
            collect(menu, plain(menu->title()), &rows);
    for (const QStringList &row : std::as_const(rows)) {
        auto *item = new QTreeWidgetItem(m_list, row);
        item->setToolTip(0, row.at(0));
    }
    filter(m_search->text());
}

int ShortcutsDialog::visibleCount() const
{
    int n = 0;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        n += !m_list->topLevelItem(i)->isHidden();
    return n;
}

void ShortcutsDialog::filter(const QString &text)
{
    // Every word must match somewhere in the row; keys compare without case and blanks
    // ("ctrl+d" finds "Ctrl+D").
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        const QString row = (item->text(0) + QLatin1Char(' ') + item->text(1) + QLatin1Char(' ') + item->text(2)).toCaseFolded();
        bool all = true;
        for (const QString &w : words)
            all = all && row.contains(w.toCaseFolded());
        item->setHidden(!all);
    }
}

void ShortcutsDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        refresh();
    }
    QDialog::changeEvent(event);
}

} // namespace capgraph::editor
