#include "properties/EdgePropertiesForm.h"

#include "catalog/CapabilityCatalog.h"

#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "properties/CommittingTextEdit.h"
#include "ui/ExpressionLineEdit.h"
#include "properties/PropertyGrid.h"
#include "yaml/YamlFieldsText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>

namespace capgraph::editor {

namespace {
const QStringList kEdgeKeys{QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("type"),
                            QStringLiteral("weight"), QStringLiteral("condition"), QStringLiteral("max_count"),
                            QStringLiteral("exit_condition"), QStringLiteral("sync_required")};
} // namespace

EdgePropertiesForm::EdgePropertiesForm(GraphDocument *document, QWidget *parent)
    : PropertiesForm(document, QStringLiteral("Edge"), parent)
    , m_from(new QComboBox(this))
    , m_to(new QComboBox(this))
    , m_type(new QComboBox(this))
    , m_weight(new QDoubleSpinBox(this))
    , m_condition(new ExpressionLineEdit(this))
    , m_maxCount(new QSpinBox(this))
    , m_exitCondition(new ExpressionLineEdit(this))
    , m_syncRequired(new QCheckBox(this))
    , m_extra(new CommittingTextEdit(this))
{
    // Node ids can be long: the combos shrink to the dock rather than widen it.
    for (QComboBox *c : {m_from, m_to, m_type}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(8);
    }
    for (QAbstractSpinBox *s : {static_cast<QAbstractSpinBox *>(m_weight), static_cast<QAbstractSpinBox *>(m_maxCount)})
        s->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_from->setObjectName(QStringLiteral("PropFrom"));
    m_to->setObjectName(QStringLiteral("PropTo"));
    m_type->setObjectName(QStringLiteral("PropEdgeType"));
    m_type->addItems(allEdgeTypeNames());
    m_weight->setObjectName(QStringLiteral("PropWeight"));
    m_weight->setRange(-1, 1e9);
    m_weight->setDecimals(3);
    m_weight->setSingleStep(0.1);
    m_weight->setKeyboardTracking(false);
    m_condition->setObjectName(QStringLiteral("PropCondition"));
    // Both read the context after the edge's source ran: its outputs too.
    const auto names = [this] {
        const QList<Edge> &edges = m_document->graph().edges;
        const QString from = m_index >= 0 && m_index < edges.size() ? edges.at(m_index).from : QString();
        return ExpressionNames::at(m_document->graph(), from, true, m_catalog ? &m_catalog->registry() : nullptr);
    };
    m_condition->setNameSource(names);
    m_exitCondition->setNameSource(names);
    m_maxCount->setObjectName(QStringLiteral("PropMaxCount"));
    m_maxCount->setRange(0, 1000000);
    m_maxCount->setKeyboardTracking(false);
    m_exitCondition->setObjectName(QStringLiteral("PropExitCondition"));
    m_syncRequired->setObjectName(QStringLiteral("PropSyncRequired"));
    m_syncRequired->setTristate(true);
    m_extra->setObjectName(QStringLiteral("EdgeExtra"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_extra->setFont(mono);

    m_form->addRow(QT_TR_NOOP("from"), m_from);
    m_form->addRow(QT_TR_NOOP("to"), m_to);
    m_form->addRow(QT_TR_NOOP("type"), m_type);
    m_form->addRow(QT_TR_NOOP("weight"), m_weight);
    m_form->addRow(QT_TR_NOOP("condition"), m_condition);
    m_form->addRow(QT_TR_NOOP("max_count"), m_maxCount);
    m_form->addRow(QT_TR_NOOP("exit_condition"), m_exitCondition);
    m_form->addRow(QT_TR_NOOP("sync_required"), m_syncRequired);
    m_form->addRow(QT_TR_NOOP("other keys"), m_extra);
    guardWheels();
    m_form->setRowStretch(m_form->rowCount(), 1);
    m_texts([this] {
        m_syncRequired->setText(tr("wait for this branch at the join"));
        m_weight->setSpecialValueText(tr("unset"));
        m_weight->setToolTip(tr("sequence: execution cost; conditional: probability × cost (used by the optimal path)"));
        m_maxCount->setSpecialValueText(tr("unset"));
        m_exitCondition->setPlaceholderText(tr("stop iterating when this holds"));
        m_syncRequired->setToolTip(tr("checked: true; unchecked: false (a background branch); partly: unset (true)"));
        m_extra->setPlaceholderText(tr("other keys, kept as written (YAML)"));
    });

    connect(m_from, &QComboBox::activated, this, [this] {
        commit(tr("source"), [this](Edge &e) { e.from = m_from->currentData().toString(); });
    });
    connect(m_to, &QComboBox::activated, this, [this] {
        commit(tr("target"), [this](Edge &e) { e.to = m_to->currentData().toString(); });
    });
    connect(m_type, &QComboBox::activated, this, [this] {
        commit(tr("type"), [this](Edge &e) {
            e.type = m_type->currentText();
            e.kind = edgeKindFromTypeName(e.type);
        });
    });
    connect(m_weight, &QDoubleSpinBox::valueChanged, this, [this] {
        commit(tr("weight"), [this](Edge &e) {
            e.weight = m_weight->value() <= m_weight->minimum() ? std::nullopt : std::optional<double>(m_weight->value());
        }, QStringLiteral("weight"));
    });
    connect(m_condition, &QLineEdit::editingFinished, this, [this] {
        commit(tr("condition"), [this](Edge &e) { e.condition = m_condition->text().trimmed(); });
    });
    connect(m_maxCount, &QSpinBox::valueChanged, this, [this] {
        commit(tr("max_count"), [this](Edge &e) {
            e.maxCount = m_maxCount->value() == 0 ? std::nullopt : std::optional<int>(m_maxCount->value());
        }, QStringLiteral("max_count"));
    });
    connect(m_exitCondition, &QLineEdit::editingFinished, this, [this] {
        commit(tr("exit_condition"), [this](Edge &e) { e.exitCondition = m_exitCondition->text().trimmed(); });
    });
    connect(m_syncRequired, &QCheckBox::clicked, this, [this] {
        commit(tr("sync_required"), [this](Edge &e) {
            switch (m_syncRequired->checkState()) {
            case Qt::Checked: e.syncRequired = true; break;
            case Qt::Unchecked: e.syncRequired = false; break;
            default: e.syncRequired.reset(); break;
            }
        });
    });
    connect(m_extra, &CommittingTextEdit::committed, this, [this](const QString &text) {
        ExtraFields extra;
        QString error;
        if (!fieldsFromYamlText(text, kEdgeKeys, &extra, &error)) {
            showMessage(tr("other keys: %1").arg(error));
            return;
        }
        commit(tr("other keys"), [&extra](Edge &e) { e.extra = extra; });
    });
}

void EdgePropertiesForm::setEdge(int index)
{
    if (index != m_index)
        showMessage(QString());
    m_index = index;
    reload();
}

bool EdgePropertiesForm::commit(const QString &what, const std::function<void(Edge &)> &change, const QString &mergeKey)
{
    const QList<Edge> &edges = m_document->graph().edges;
    if (m_loading || m_index < 0 || m_index >= edges.size())
        return false;
    Edge after = edges.at(m_index);
    change(after);
    QString reason;
    if (!GraphActions::editEdge(m_document, m_index, after, what, &reason, mergeKey)) {
        showMessage(reason);
        reload(); // back to what the model holds
        return false;
    }
    showMessage(QString());
    return true;
}

void EdgePropertiesForm::fillEnd(QComboBox *combo, const QString &current)
{
    combo->clear();
    for (const Node &n : m_document->graph().nodes)
        combo->addItem(n.id, n.id);
    int index = combo->findData(current);
    if (index < 0) {
        combo->addItem(tr("%1 (missing)").arg(current), current);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(index);
}

void EdgePropertiesForm::retranslated()
{
    reload(); // the header in the new language (nothing when no edge is shown)
}

void EdgePropertiesForm::reload()
{
    const QList<Edge> &edges = m_document->graph().edges;
    if (m_index < 0 || m_index >= edges.size())
        return;
    const Edge &e = edges.at(m_index);
    m_loading = true;
    m_header->setText(QStringLiteral("<b>%1 → %2</b> &nbsp;<span style='color:gray'>%3</span>")
                          .arg(e.from.toHtmlEscaped(), e.to.toHtmlEscaped(), tr("edge #%1").arg(m_index + 1)));
    fillEnd(m_from, e.from);
    fillEnd(m_to, e.to);
    int type = m_type->findText(e.type);
    if (type < 0) {
        m_type->addItem(e.type);
        type = m_type->count() - 1;
    }
    m_type->setCurrentIndex(type);
    m_weight->setValue(e.weight.value_or(-1));
    m_condition->setText(e.condition);
    m_maxCount->setValue(e.maxCount.value_or(0));
    m_exitCondition->setText(e.exitCondition);
    m_syncRequired->setCheckState(!e.syncRequired ? Qt::PartiallyChecked : (*e.syncRequired ? Qt::Checked : Qt::Unchecked));
    m_extra->setCommittedText(fieldsToYamlText(e.extra));

    const bool conditional = e.kind == EdgeKind::Conditional;
    const bool iteration = e.kind == EdgeKind::Iteration;
    m_form->setRowShown(m_weight, e.kind == EdgeKind::Sequence || conditional || e.weight);
    m_form->setRowShown(m_condition, conditional || !e.condition.isEmpty());
    m_form->setRowShown(m_maxCount, iteration || e.maxCount);
    m_form->setRowShown(m_exitCondition, iteration || !e.exitCondition.isEmpty());
    m_form->setRowShown(m_syncRequired, e.kind == EdgeKind::Parallel || e.syncRequired);
    m_loading = false;
}

} // namespace capgraph::editor
