#include "properties/PropertiesForm.h"

#include "properties/PropertyGrid.h"

#include <QLabel>

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
