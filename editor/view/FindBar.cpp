#include "view/FindBar.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "scene/NoteItem.h"
#include "scene/RunStateView.h"
#include "view/GraphView.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QShortcut>
#include <QStyle>
#include <QToolButton>

#include <utility>

namespace capgraph::editor {

FindBar::FindBar(GraphScene *scene, GraphView *view)
    : QFrame(view)
    , m_scene(scene)
    , m_view(view)
    , m_field(new QLineEdit)
    , m_count(new QLabel)
    , m_previous(new QToolButton)
    , m_next(new QToolButton)
    , m_close(new QToolButton)
{
    setObjectName(QStringLiteral("FindBar"));
    m_field->setObjectName(QStringLiteral("FindField"));
    m_count->setObjectName(QStringLiteral("FindCount"));
    m_previous->setObjectName(QStringLiteral("FindPrevious"));
    m_next->setObjectName(QStringLiteral("FindNext"));
    m_close->setObjectName(QStringLiteral("FindClose"));
    setAutoFillBackground(true); // opaque over the canvas; a plain bar, no shadow
    setFrameShape(QFrame::NoFrame);
    m_field->setClearButtonEnabled(true);
    m_field->installEventFilter(this);
    m_previous->setArrowType(Qt::UpArrow);
    m_next->setArrowType(Qt::DownArrow);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    for (QToolButton *b : {m_previous, m_next, m_close})
        b->setAutoRaise(true);
    m_count->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000 / 0000 ")) * 2);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->setSpacing(4);
    layout->addWidget(m_field, 1);
    layout->addWidget(m_count);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_close);

    connect(m_field, &QLineEdit::textChanged, this, &FindBar::search);
    connect(m_previous, &QToolButton::clicked, this, &FindBar::previous);
    connect(m_next, &QToolButton::clicked, this, &FindBar::next);
    connect(m_close, &QToolButton::clicked, this, &FindBar::close);
    // F3 and Shift+F3 wherever the focus is on the canvas or in the bar; F3 opens the bar too.
    const auto shortcut = [](const QKeySequence &keys, QWidget *where) {
        auto *s = new QShortcut(keys, where);
        s->setContext(Qt::WidgetWithChildrenShortcut);
        return s;
    };
    connect(shortcut(QKeySequence(Qt::Key_F3), view), &QShortcut::activated, this, [this] {
        if (isHidden())
            open();
        next();
    });
    connect(shortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3), view), &QShortcut::activated, this, [this] {
        if (isHidden())
            open();
        previous();
    });
    connect(shortcut(QKeySequence(Qt::Key_Escape), this), &QShortcut::activated, this, &FindBar::close);
    connect(scene->document(), &GraphDocument::changed, this, &FindBar::refresh);
    connect(scene, &GraphScene::findingsChanged, this, &FindBar::refresh);
    hide();
    view->setTopBar(this);
    retranslate();
}

void FindBar::retranslate()
{
    m_field->setPlaceholderText(tr("Find nodes and notes: words, type:skill, uses:SKILL_ID, is:invalid, is:stale, is:pinned, is:breakpoint"));
    m_field->setToolTip(tr("Matches ids, labels, types, capabilities, prompts, conditions, inputs and notes (any case).\n"
                           "Filters: type:KIND, uses:SKILL_ID, is:invalid, is:stale, is:pinned, is:breakpoint.\n"
                           "Enter or F3: next match; Shift+Enter or Shift+F3: previous; Escape: close."));
    m_previous->setToolTip(tr("Previous match (Shift+F3)"));
    m_next->setToolTip(tr("Next match (F3)"));
    m_close->setToolTip(tr("Close the find bar (Escape)"));
    showCount();
}

void FindBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QFrame::changeEvent(event);
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_field && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::ShiftModifier)
                previous();
            else
                next();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            close();
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

void FindBar::open()
{
    const bool wasHidden = isHidden();
    show();
    raise();
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
    if (wasHidden)
        search(); // the rings of the text kept from the last time
}

void FindBar::close()
{
    hide();
    m_scene->setFindMatches({}, {}, {});
    m_current = -1;
    m_view->setFocus(Qt::OtherFocusReason);
}

void FindBar::next()
{
    if (!m_hits.isEmpty())
        goTo(m_current < 0 ? 0 : int((m_current + 1) % m_hits.size()));
}

void FindBar::previous()
{
    if (!m_hits.isEmpty())
        goTo(m_current <= 0 ? int(m_hits.size() - 1) : m_current - 1);
}

SearchStates FindBar::states() const
{
    SearchStates s;
    s.invalid = m_scene->nodesWithFindings();
    if (const RunStateView *run = m_scene->runState()) {
        for (const Node &n : m_scene->document()->graph().nodes) {
            if (run->isStale(n.id))
                s.stale.insert(n.id);
            if (run->isPinned(n.id))
                s.pinned.insert(n.id);
            if (run->hasBreakpoint(n.id))
                s.breakpoints.insert(n.id);
        }
    }
    return s;
}

void FindBar::search()
{
    m_current = -1;
    refresh();
}

void FindBar::refresh()
{
    if (isHidden())
        return;
    const QString currentId = m_current >= 0 && m_current < m_hits.size() ? m_hits.at(m_current).id : QString();
    m_query = SearchQuery::parse(m_field->text());
    m_hits = GraphSearch::find(m_scene->document()->graph(), m_query, states());
    m_current = -1;
    QSet<QString> nodes, notes;
    for (int i = 0; i < m_hits.size(); ++i) {
        const SearchHit &hit = m_hits.at(i);
        (hit.kind == SearchHit::Kind::Node ? nodes : notes).insert(hit.id);
        if (hit.id == currentId)
            m_current = i;
    }
    m_scene->setFindMatches(nodes, notes, m_current >= 0 ? currentId : QString());
    showCount();
}

void FindBar::goTo(int index)
{
    m_current = index;
    const SearchHit &hit = m_hits.at(index);
    QSet<QString> nodes, notes;
    for (const SearchHit &h : std::as_const(m_hits))
        (h.kind == SearchHit::Kind::Node ? nodes : notes).insert(h.id);
    m_scene->setFindMatches(nodes, notes, hit.id);
    if (hit.kind == SearchHit::Kind::Node) {
        m_scene->selectNodes({hit.id});
        if (const NodeItem *item = m_scene->nodeItem(hit.id))
            m_view->centreOn(item->box().translated(item->pos()));
    } else if (NoteItem *item = m_scene->noteItem(hit.id)) {
        m_scene->clearSelection();
        item->setSelected(true);
        m_view->centreOn(item->mapRectToScene(item->shape().boundingRect()));
    }
    showCount();
}

void FindBar::showCount()
{
    QString text;
    bool problem = true;
    switch (m_query.problem) {
    case SearchQuery::Problem::UnknownFilter:
        text = tr("unknown filter '%1:'; use type:, uses:, is:").arg(m_query.problemText);
        break;
    case SearchQuery::Problem::UnknownState:
        text = tr("unknown 'is:%1'; use is:invalid, is:stale, is:pinned, is:breakpoint").arg(m_query.problemText);
        break;
    case SearchQuery::Problem::EmptyFilter:
        text = tr("'%1:' needs a value, as in type:skill").arg(m_query.problemText);
        break;
    case SearchQuery::Problem::None:
        problem = false;
        if (m_query.isEmpty())
            text.clear();
        else if (m_hits.isEmpty())
            text = tr("no match");
        else if (m_current < 0)
            text = tr("%n match(es)", nullptr, int(m_hits.size()));
        else
            text = tr("%1 of %2").arg(m_current + 1).arg(m_hits.size());
        break;
    }
    m_count->setText(text);
    m_count->setStyleSheet(problem ? QStringLiteral("color: #d93025;") : QString());
    m_previous->setEnabled(!m_hits.isEmpty());
    m_next->setEnabled(!m_hits.isEmpty());
}

} // namespace capgraph::editor
