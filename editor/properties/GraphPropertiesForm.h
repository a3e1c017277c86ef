#pragma once

#include "document/GraphDocument.h"
#include "properties/PropertiesForm.h"

#include <functional>

class QLineEdit;

namespace capgraph::editor {

class CommittingTextEdit;

// The graph's own properties, shown when nothing is selected (as an editor shows a document's
// properties when no element is): id, name (what people call it, 寫報告), version,
// description, and the default run input (`inputs`, YAML: what a run reads when it is given
// none). Each committed field is one undoable command.
class GraphPropertiesForm : public PropertiesForm
{
    Q_OBJECT

public:
    explicit GraphPropertiesForm(GraphDocument *document, QWidget *parent = nullptr);

    void reload();
    QLineEdit *nameField() const { return m_name; }

protected:
    void retranslated() override { reload(); }

private:
    void commit(const QString &what, const std::function<bool(GraphDocument::Header &, QString *)> &change);

    QLineEdit *m_id;
    QLineEdit *m_name;
    QLineEdit *m_version;
    CommittingTextEdit *m_description;
    CommittingTextEdit *m_inputs;
};

} // namespace capgraph::editor
