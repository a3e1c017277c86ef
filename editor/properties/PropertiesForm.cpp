#include "properties/PropertiesForm.h"

#include "properties/PropertyGrid.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>

namespace capgraph::editor {

PropertiesForm::PropertiesForm(GraphDocument *document, const QString &name, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_form(new PropertyGrid(this))
    , m_header(new QLabel(this))
    , m_message(new QLabel(this))
{
    m_header->setObjectName(name + QStringLiteral("Header"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    m_message->setObjectName(name + QStringLiteral("Message"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #d33;"));
    m_message->setVisible(false);
    m_form->addSpanning(m_header);
    m_form->addSpanning(m_message);
}

void PropertiesForm::guardWheels()
{
    const auto guard = [this](QWidget *w) {
        w->setFocusPolicy(Qt::StrongFocus);
        w->installEventFilter(this);
    };
    for (QAbstractSpinBox *s : findChildren<QAbstractSpinBox *>())
        guard(s);
    for (QComboBox *c : findChildren<QComboBox *>())
        guard(c);
}

bool PropertiesForm::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        auto *w = qobject_cast<QWidget *>(watched);
        if (w && !w->hasFocus() && w->parentWidget()) {
            // To the parent: an ignored wheel event travels up to the scroll area.
            QCoreApplication::sendEvent(w->parentWidget(), event);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PropertiesForm::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_form->retranslate();
        m_texts.retranslate();
        retranslated();
    }
    QWidget::changeEvent(event);
}

QLineEdit *PropertiesForm::lineEdit(QWidget *parent, const QString &name)
{
    auto *e = new QLineEdit(parent);
    e->setObjectName(name);
    e->setClearButtonEnabled(true);
    return e;
}

QString PropertiesForm::message() const
{
    return m_message->isVisible() ? m_message->text() : QString();
}

void PropertiesForm::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    if (!text.isEmpty())
        emit refused(text);
}

} // namespace capgraph::editor
