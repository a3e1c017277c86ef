#include "properties/GraphPropertiesForm.h"

#include "commands/EditGraphCommand.h"
#include "document/GraphDocument.h"
#include "properties/CommittingTextEdit.h"
#include "properties/PropertyGrid.h"
#include "yaml/YamlFieldsText.h"

#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QUndoStack>

namespace capgraph::editor {

GraphPropertiesForm::GraphPropertiesForm(GraphDocument *document, QWidget *parent)
    : PropertiesForm(document, QStringLiteral("Graph"), parent)
    , m_id(lineEdit(this, QStringLiteral("GraphId")))
    , m_name(lineEdit(this, QStringLiteral("GraphName")))
    , m_version(lineEdit(this, QStringLiteral("GraphVersion")))
    , m_description(new CommittingTextEdit(this))
    , m_inputs(new CommittingTextEdit(this))
{
    m_description->setObjectName(QStringLiteral("GraphDescription"));
    m_inputs->setObjectName(QStringLiteral("GraphInputs"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_inputs->setFont(mono);
    m_form->addRow(QT_TR_NOOP("id"), m_id);
    m_form->addRow(QT_TR_NOOP("name"), m_name);
    m_form->addRow(QT_TR_NOOP("version"), m_version);
    m_form->addRow(QT_TR_NOOP("description"), m_description);
    m_form->addRow(QT_TR_NOOP("default input"), m_inputs);
    m_form->setRowStretch(m_form->rowCount(), 1);
    m_texts([this] {
        m_id->setPlaceholderText(tr("the graph's key, e.g. write-report"));
        m_name->setPlaceholderText(tr("what people call it (optional)"));
        m_version->setPlaceholderText(tr("e.g. 1.0"));
        m_description->setPlaceholderText(tr("what the graph is for"));
        m_inputs->setPlaceholderText(tr("name: value  (YAML: the run's input when none is given)"));
        m_inputs->setToolTip(tr("inputs: what a run reads when it is given no input (Run > Run Input… starts from these; "
                                "capgraph run uses them for every key --input leaves out)"));
    });

    connect(m_id, &QLineEdit::editingFinished, this, [this] {
        commit(tr("id"), [this](GraphDocument::Header &h, QString *why) {
            const QString id = m_id->text().trimmed();
            if (id.isEmpty()) {
                *why = tr("A graph needs an id.");
                return false;
            }
            h.id = id;
            return true;
        });
    });
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        commit(tr("name"), [this](GraphDocument::Header &h, QString *) {
            h.name = m_name->text().trimmed();
            return true;
        });
    });
    connect(m_version, &QLineEdit::editingFinished, this, [this] {
        commit(tr("version"), [this](GraphDocument::Header &h, QString *) {
            h.version = m_version->text().trimmed();
            return true;
        });
    });
    connect(m_description, &CommittingTextEdit::committed, this, [this](const QString &text) {
        commit(tr("description"), [text](GraphDocument::Header &h, QString *) {
            h.description = text.trimmed();
            return true;
        });
    });
    connect(m_inputs, &CommittingTextEdit::committed, this, [this](const QString &text) {
        commit(tr("default input"), [text](GraphDocument::Header &h, QString *why) {
            ExtraFields inputs;
            QString error;
            if (!fieldsFromYamlText(text, {}, &inputs, &error)) {
                *why = tr("default input: %1").arg(error);
                return false;
            }
            h.inputs = inputs;
            return true;
        });
    });
    connect(document, &GraphDocument::headerChanged, this, &GraphPropertiesForm::reload);
    connect(document, &GraphDocument::graphReset, this, &GraphPropertiesForm::reload);
    reload();
}

void GraphPropertiesForm::commit(const QString &what, const std::function<bool(GraphDocument::Header &, QString *)> &change)
{
    GraphDocument::Header after = m_document->header();
    QString why;
    if (!change(after, &why)) {
        showMessage(why);
        reload();
        return;
    }
    showMessage(QString());
    if (after == m_document->header())
        return; // nothing changed: no command
    m_document->undoStack()->push(new EditGraphCommand(m_document, after, tr("Edit graph %1").arg(what)));
}

void GraphPropertiesForm::reload()
{
    const GraphDocument::Header h = m_document->header();
    const QString file = m_document->filePath().isEmpty() ? tr("not saved yet") : QFileInfo(m_document->filePath()).fileName();
    m_header->setText(QStringLiteral("<b>%1</b> &nbsp;<span style='color:gray'>%2</span><br><span style='color:gray'>%3</span>")
                          .arg((h.name.isEmpty() ? h.id : h.name).toHtmlEscaped(), tr("graph").toHtmlEscaped(),
                               tr("Nothing is selected: these are the graph's own properties (%1). Select a node or an edge to edit it.")
                                   .arg(file.toHtmlEscaped())));
    if (!m_id->hasFocus())
        m_id->setText(h.id);
    if (!m_name->hasFocus())
        m_name->setText(h.name);
    if (!m_version->hasFocus())
        m_version->setText(h.version);
    m_description->setCommittedText(h.description);
    m_inputs->setCommittedText(fieldsToYamlText(h.inputs));
}

} // namespace capgraph::editor
