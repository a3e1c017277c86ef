#include "run/InboxDock.h"

#include "run/RunController.h"

#include "expr/ExprValue.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace capgraph::editor {

InboxDock::InboxDock(RunController *run, QWidget *parent)
    : QDockWidget(parent)
    , m_run(run)
    , m_list(new QVBoxLayout)
    , m_empty(new QLabel)
    , m_error(new QLabel)
{
    setObjectName(QStringLiteral("InboxDock"));
    m_empty->setEnabled(false);
    m_error->setObjectName(QStringLiteral("InboxError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d33;"));
    m_error->hide();
    auto *inner = new QWidget;
    auto *layout = new QVBoxLayout(inner);
    layout->addWidget(m_empty);
    layout->addLayout(m_list);
    layout->addWidget(m_error);
    layout->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(inner);
    setWidget(scroll);
    connect(run, &RunController::interactionsChanged, this, &InboxDock::refresh);
    connect(run, &RunController::statusChanged, this, &InboxDock::refresh);
    connect(run, &RunController::answerRefused, this, [this](const QString &id, const QString &why) { // a server's run
        m_error->setText(tr("%1: %2").arg(id, why));
        m_error->show();
    });
    refresh();
}

void InboxDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        for (QWidget *c : std::as_const(m_cards)) {
            m_list->removeWidget(c);
            c->hide();
            c->deleteLater();
        }
        m_cards.clear();
        refresh();
    }
    QDockWidget::changeEvent(event);
}

int InboxDock::count() const
{
    return int(m_cards.size());
}

void InboxDock::refresh()
{
    const QList<PendingInteraction> pending = m_run->pendingInteractions();
    QSet<QString> waiting;
    for (const PendingInteraction &p : pending)
        waiting.insert(p.id);
    // Answered ones go — later, as the click that answered may still be on the stack.
    for (auto it = m_cards.begin(); it != m_cards.end();) {
        if (waiting.contains(it.key())) {
            ++it;
            continue;
        }
        m_list->removeWidget(it.value());
        it.value()->hide();
        it.value()->deleteLater();
        it = m_cards.erase(it);
    }
    // New ones join; the others stay as they are, with what was typed or chosen in them.
    for (const PendingInteraction &p : pending)
        if (!m_cards.contains(p.id)) {
            QWidget *c = card(p);
            m_cards.insert(p.id, c);
            m_list->addWidget(c);
        }
    m_empty->setText(tr("Nothing waits for an answer."));
    m_empty->setVisible(pending.isEmpty());
    setWindowTitle(pending.isEmpty() ? tr("Inbox") : tr("Inbox (%1)").arg(pending.size()));
}

QWidget *InboxDock::card(const PendingInteraction &p)
{
    auto *card = new QFrame;
    card->setObjectName(QStringLiteral("Inbox:") + p.id);
    card->setFrameShape(QFrame::StyledPanel);
    auto *v = new QVBoxLayout(card);
    // The kind in words, as the canvas writes it under the node.
    const QString kind = p.kind == QLatin1String("select") ? QCoreApplication::translate("capgraph::editor::NodePainter", "select")
        : p.kind == QLatin1String("confirm")              ? QCoreApplication::translate("capgraph::editor::NodePainter", "confirm")
        : p.kind == QLatin1String("input")                ? QCoreApplication::translate("capgraph::editor::NodePainter", "input")
                                                          : p.kind;
    auto *title = new QLabel(QStringLiteral("<b>%1</b> · %2").arg(p.id.toHtmlEscaped(), kind.toHtmlEscaped()));
    auto *prompt = new QLabel(p.prompt.isEmpty() ? tr("(no prompt)") : p.prompt);
    prompt->setWordWrap(true);
    prompt->setTextFormat(Qt::PlainText);
    v->addWidget(title);
    v->addWidget(prompt);
    auto *row = new QHBoxLayout;
    const auto send = [this, id = p.id](const QVariant &value) {
        QString error;
        if (m_run->answer(id, value, &error)) {
            m_error->hide();
            emit answered(id);
        } else {
            m_error->setText(tr("%1: %2").arg(id, error));
            m_error->show();
        }
    };
    if (p.kind == QLatin1String("confirm")) {
        auto *yes = new QPushButton(tr("Yes"));
        auto *no = new QPushButton(tr("No"));
        yes->setObjectName(QStringLiteral("Yes"));
        no->setObjectName(QStringLiteral("No"));
        connect(yes, &QPushButton::clicked, this, [send] { send(true); });
        connect(no, &QPushButton::clicked, this, [send] { send(false); });
        row->addWidget(yes);
        row->addWidget(no);
    } else if (p.kind == QLatin1String("select") && p.multiple) {
        // Several options: a check box each, the answer a list of those checked.
        const int most = p.maxChoices > 0 ? std::min<int>(p.maxChoices, int(p.options.size())) : int(p.options.size());
        auto *boxes = new QVBoxLayout;
        QList<QCheckBox *> checks;
        for (const QVariant &o : p.options) {
            auto *check = new QCheckBox(ExprValue::toText(o));
            check->setObjectName(QStringLiteral("Option"));
            check->setToolTip(ExprValue::toText(o));
            checks.append(check);
            boxes->addWidget(check);
        }
        v->addLayout(boxes);
        auto *hint = new QLabel(p.minChoices == most ? tr("Choose %n.", nullptr, most)
                                : p.minChoices <= 1 && most == p.options.size() ? tr("Choose one or more.")
                                                                                : tr("Choose %1 to %2.").arg(p.minChoices).arg(most));
        hint->setObjectName(QStringLiteral("ChoiceHint"));
        hint->setEnabled(false);
        auto *ok = new QPushButton(tr("Answer"));
        ok->setObjectName(QStringLiteral("Answer"));
        const auto recount = [ok, checks, min = p.minChoices, most] {
            int n = 0;
            for (const QCheckBox *c : checks)
                n += c->isChecked() ? 1 : 0;
            ok->setEnabled(n >= min && n <= most);
            ok->setText(n == 0 ? tr("Answer") : tr("Answer with %n", nullptr, n));
        };
        for (QCheckBox *c : checks)
            connect(c, &QCheckBox::toggled, ok, recount);
        recount();
        connect(ok, &QPushButton::clicked, this, [send, checks, options = p.options] {
            QVariantList chosen;
            for (qsizetype i = 0; i < checks.size(); ++i)
                if (checks.at(i)->isChecked())
                    chosen.append(options.at(i));
            send(chosen);
        });
        row->addWidget(hint, 1);
        row->addWidget(ok);
    } else if (p.kind == QLatin1String("select")) {
        auto *choice = new QComboBox;
        choice->setObjectName(QStringLiteral("Choice"));
        for (const QVariant &o : p.options)
            choice->addItem(ExprValue::toText(o), o); // as people write it, not as JSON
        auto *ok = new QPushButton(tr("Answer"));
        ok->setObjectName(QStringLiteral("Answer"));
        connect(ok, &QPushButton::clicked, this, [send, choice] { send(choice->currentData()); });
        row->addWidget(choice, 1);
        row->addWidget(ok);
    } else {
        auto *text = new QLineEdit;
        text->setObjectName(QStringLiteral("Text"));
        auto *ok = new QPushButton(tr("Answer"));
        ok->setObjectName(QStringLiteral("Answer"));
        connect(ok, &QPushButton::clicked, this, [send, text] { send(text->text()); });
        connect(text, &QLineEdit::returnPressed, ok, &QPushButton::click);
        row->addWidget(text, 1);
        row->addWidget(ok);
    }
    v->addLayout(row);
    return card;
}

} // namespace capgraph::editor
