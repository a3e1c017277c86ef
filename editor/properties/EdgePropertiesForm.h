#pragma once

#include "model/Edge.h"

#include "properties/PropertiesForm.h"

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace capgraph::editor {

class CommittingTextEdit;
class ExpressionLineEdit;
class CapabilityCatalog;

// Every property of one explicit edge: its ends (a reconnection, with the same rules as
// connecting), type, weight, condition, iteration bound and exit condition, sync_required,
// and the keys the model does not know as raw YAML. One undo command per committed field.
class EdgePropertiesForm : public PropertiesForm
{
    Q_OBJECT

public:
    explicit EdgePropertiesForm(GraphDocument *document, QWidget *parent = nullptr);

    void setEdge(int index);
    int edgeIndex() const { return m_index; }
    void reload();
    // Where skill_ids resolve: the conditions complete the outputs their capabilities type.
    void setCatalog(const CapabilityCatalog *catalog) { m_catalog = catalog; }

protected:
    void retranslated() override;

private:
    bool commit(const QString &what, const std::function<void(Edge &)> &change, const QString &mergeKey = QString());
    void fillEnd(QComboBox *combo, const QString &current);

    int m_index = -1;
    const CapabilityCatalog *m_catalog = nullptr;

    QComboBox *m_from;
    QComboBox *m_to;
    QComboBox *m_type;
    QDoubleSpinBox *m_weight;
    ExpressionLineEdit *m_condition;
    QSpinBox *m_maxCount;
    ExpressionLineEdit *m_exitCondition;
    QCheckBox *m_syncRequired;
    CommittingTextEdit *m_extra;
};

} // namespace capgraph::editor
