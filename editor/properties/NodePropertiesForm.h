#pragma once

#include "model/Node.h"

#include "properties/PropertiesForm.h"

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace capgraph::editor {

class CapabilityCatalog;
class CommittingTextEdit;
class ConditionsTable;
class ExpressionLineEdit;

// Every property of one node, edited in place: each committed field (Enter or leaving it, a
// combo choice, a spin box step) is one undo command on the document; the form reloads from
// the model after every change, so undo shows at once. Rows that do not apply to the node's
// type are hidden unless they hold a value. Inputs and keys the model does not know are
// edited as raw YAML (checked before anything changes).
class NodePropertiesForm : public PropertiesForm
{
    Q_OBJECT

public:
    explicit NodePropertiesForm(GraphDocument *document, QWidget *parent = nullptr);

    void setNode(const QString &id);
    QString nodeId() const { return m_nodeId; }
    // Reads the node again (after any change to the document).
    void reload();
    // Selects a branch condition's row (the user selected that condition's edge).
    void showCondition(int index);
    ConditionsTable *conditionsTable() const { return m_conditions; }
    // Where skill_ids resolve: a skill node shows its capability (read-only), or says that its
    // skill_id resolves to none. Null: no such section.
    void setCatalog(const CapabilityCatalog *catalog);

protected:
    void retranslated() override;

private:
    bool commit(const QString &what, const std::function<void(Node &)> &change, const QString &mergeKey = QString());
    void fillNodeChoices(QComboBox *combo, const QString &current, NodeKind only);
    void showCapability(const Node &node);

    QString m_nodeId;

    QLineEdit *m_id;
    QLineEdit *m_label;
    QComboBox *m_type;
    QLineEdit *m_skillId;
    QLabel *m_capability;
    const CapabilityCatalog *m_catalog = nullptr;
    QComboBox *m_executionMode;
    QSpinBox *m_maxIterations;
    QDoubleSpinBox *m_timeout;
    ExpressionLineEdit *m_forEach;
    QSpinBox *m_concurrency;
    QWidget *m_retry;
    QSpinBox *m_retryAttempts;
    QDoubleSpinBox *m_retryBackoff;
    QDoubleSpinBox *m_retryMultiplier;
    QComboBox *m_onError;
    QLineEdit *m_outputs;
    CommittingTextEdit *m_inputs;
    ConditionsTable *m_conditions;
    QComboBox *m_default;
    QCheckBox *m_selectOptimal; // select: optimal
    QComboBox *m_loopStart;
    CommittingTextEdit *m_prompt;
    QLineEdit *m_optionsFrom;
    QLineEdit *m_options;
    QCheckBox *m_multiple;
    QSpinBox *m_minChoices;
    QSpinBox *m_maxChoices;
    QWidget *m_position;
    QDoubleSpinBox *m_x;
    QDoubleSpinBox *m_y;
    CommittingTextEdit *m_extra;
};

} // namespace capgraph::editor
