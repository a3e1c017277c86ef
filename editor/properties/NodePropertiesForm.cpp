#include "properties/NodePropertiesForm.h"

#include "catalog/CapabilityCatalog.h"
#include "catalog/CapabilityText.h"
#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "handlers/BuiltinHandlers.h"
#include "exec/HandlerRegistry.h"
#include "properties/CommittingTextEdit.h"
#include "properties/ConditionsTable.h"
#include "validation/CapabilityLint.h"
#include "ui/ExpressionLineEdit.h"
#include "properties/PropertyGrid.h"
#include "yaml/YamlFieldsText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStringListModel>
#include <QTableWidget>

namespace capgraph::editor {

namespace {
// Keys with a field of their own: the raw-YAML box for the rest refuses them.
const QStringList kNodeKeys{
    QStringLiteral("id"), QStringLiteral("type"), QStringLiteral("label"), QStringLiteral("skill_id"), QStringLiteral("execution_mode"),
    QStringLiteral("max_iterations"), QStringLiteral("timeout"), QStringLiteral("outputs"), QStringLiteral("inputs"),
    QStringLiteral("for_each"), QStringLiteral("concurrency"), QStringLiteral("retry"), QStringLiteral("on_error"),
    QStringLiteral("conditions"), QStringLiteral("default"), QStringLiteral("select"), QStringLiteral("loop_start"), QStringLiteral("prompt"),
    QStringLiteral("options_from"), QStringLiteral("options"), QStringLiteral("multiple"), QStringLiteral("min"),
    QStringLiteral("max"), QStringLiteral("position")};

// Spin boxes size themselves for their whole range (a billion, three decimals): let them
// shrink to the dock's width instead.
void fitToDock(QWidget *w)
{
    w->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    w->setMinimumWidth(56);
}

// Spin boxes show "unset" at their minimum: 0 for counts (which must be ≥ 1), −1 for
// amounts (where 0 may mean something).
QSpinBox *countSpin(QWidget *parent, const QString &name, int max)
{
    auto *s = new QSpinBox(parent);
    s->setObjectName(name);
    s->setRange(0, max);
    s->setKeyboardTracking(false);
    s->setAccelerated(true);
    fitToDock(s);
    return s;
}

QDoubleSpinBox *amountSpin(QWidget *parent, const QString &name, double step)
{
    auto *s = new QDoubleSpinBox(parent);
    s->setObjectName(name);
    s->setRange(-1, 1e9);
    s->setDecimals(3);
    s->setSingleStep(step);
    s->setKeyboardTracking(false);
    s->setAccelerated(true);
    fitToDock(s);
    return s;
}

std::optional<int> countOf(const QSpinBox *s)
{
    return s->value() == s->minimum() ? std::nullopt : std::optional<int>(s->value());
}

std::optional<double> amountOf(const QDoubleSpinBox *s)
{
    return s->value() <= s->minimum() ? std::nullopt : std::optional<double>(s->value());
}

QStringList splitList(const QString &text)
{
    QStringList out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString t = part.trimmed();
        if (!t.isEmpty())
            out << t;
    }
    return out;
}

// A combo's fixed choices and, after them, at most one value the node holds that is not
// among them (shown so that nothing is lost); another node's such value goes first.
int chooseOrAppend(QComboBox *combo, int fixed, const QString &text, const QVariant &data, bool byData)
{
    while (combo->count() > fixed)
        combo->removeItem(combo->count() - 1);
    int i = byData ? combo->findData(data) : combo->findText(text);
    if (i < 0) {
        combo->addItem(text, data);
        i = combo->count() - 1;
    }
    return i;
}

} // namespace

NodePropertiesForm::NodePropertiesForm(GraphDocument *document, QWidget *parent)
    : PropertiesForm(document, QStringLiteral("Prop"), parent)
    , m_id(lineEdit(this, QStringLiteral("PropId")))
    , m_label(lineEdit(this, QStringLiteral("PropLabel")))
    , m_type(new QComboBox(this))
    , m_skillId(lineEdit(this, QStringLiteral("PropSkillId")))
    , m_capability(new QLabel(this))
    , m_executionMode(new QComboBox(this))
    , m_maxIterations(countSpin(this, QStringLiteral("PropMaxIterations"), 1000000))
    , m_timeout(amountSpin(this, QStringLiteral("PropTimeout"), 1))
    , m_forEach(new ExpressionLineEdit(this))
    , m_concurrency(countSpin(this, QStringLiteral("PropConcurrency"), 100000))
    , m_retry(new QWidget(this))
    , m_retryAttempts(countSpin(m_retry, QStringLiteral("PropRetryAttempts"), 1000))
    , m_retryBackoff(amountSpin(m_retry, QStringLiteral("PropRetryBackoff"), 0.5))
    , m_retryMultiplier(amountSpin(m_retry, QStringLiteral("PropRetryMultiplier"), 0.5))
    , m_onError(new QComboBox(this))
    , m_outputs(lineEdit(this, QStringLiteral("PropOutputs")))
    , m_inputs(new CommittingTextEdit(this))
    , m_conditions(new ConditionsTable(this))
    , m_default(new QComboBox(this))
    , m_selectOptimal(new QCheckBox(this))
    , m_loopStart(new QComboBox(this))
    , m_prompt(new CommittingTextEdit(this))
    , m_optionsFrom(lineEdit(this, QStringLiteral("PropOptionsFrom")))
    , m_options(lineEdit(this, QStringLiteral("PropOptions")))
    , m_multiple(new QCheckBox(this))
    , m_minChoices(countSpin(this, QStringLiteral("PropMinChoices"), 100000))
    , m_maxChoices(countSpin(this, QStringLiteral("PropMaxChoices"), 100000))
    , m_position(new QWidget(this))
    , m_x(new QDoubleSpinBox(m_position))
    , m_y(new QDoubleSpinBox(m_position))
    , m_extra(new CommittingTextEdit(this))
{

    for (QComboBox *c : {m_type, m_executionMode, m_onError, m_default, m_loopStart}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(8);
    }
    m_type->setObjectName(QStringLiteral("PropType"));
    m_type->addItems(allNodeTypeNames());
    m_executionMode->setObjectName(QStringLiteral("PropExecutionMode"));
    m_executionMode->addItem(QString(), QString()); // "(default: single)", in m_texts below
    for (const char *mode : {"single", "iterative", "parallel"})
        m_executionMode->addItem(QLatin1String(mode), QLatin1String(mode));
    m_onError->setObjectName(QStringLiteral("PropOnError"));
    m_onError->addItem(QString(), QString()); // "(default: fail)"
    m_onError->addItem(QStringLiteral("fail"), QStringLiteral("fail"));
    m_onError->addItem(QStringLiteral("continue"), QStringLiteral("continue"));
    m_forEach->setObjectName(QStringLiteral("PropForEach"));
    // The names an expression of this node may use: its for_each and its branch conditions.
    const auto names = [this] {
        return ExpressionNames::at(m_document->graph(), m_nodeId, false, m_catalog ? &m_catalog->registry() : nullptr);
    };
    m_forEach->setNameSource(names);
    m_conditions->setNameSource(names);
    m_default->setObjectName(QStringLiteral("PropDefault"));
    m_loopStart->setObjectName(QStringLiteral("PropLoopStart"));
    m_conditions->setObjectName(QStringLiteral("PropConditions"));
    m_inputs->setObjectName(QStringLiteral("PropInputs"));
    m_prompt->setObjectName(QStringLiteral("PropPrompt"));
    m_extra->setObjectName(QStringLiteral("PropExtra"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_inputs->setFont(mono);
    m_extra->setFont(mono);

    // The skill ids the engine knows, and those already used in the graph, complete as you type.
    HandlerRegistry registry;
    registerBuiltinHandlers(registry);
    m_skillId->setCompleter(new QCompleter(new QStringListModel(registry.skillIds(), this), this));
    m_skillId->completer()->setFilterMode(Qt::MatchContains);
    m_skillId->completer()->setCaseSensitivity(Qt::CaseInsensitive);

    // Three numbers in one row, each with a caption above it.
    auto *retry = new QGridLayout(m_retry);
    retry->setContentsMargins(0, 0, 0, 0);
    retry->setVerticalSpacing(0);
    int column = 0;
    QList<QLabel *> captions;
    for (QAbstractSpinBox *box : {static_cast<QAbstractSpinBox *>(m_retryAttempts), static_cast<QAbstractSpinBox *>(m_retryBackoff),
                                  static_cast<QAbstractSpinBox *>(m_retryMultiplier)}) {
        auto *label = new QLabel(m_retry);
        captions << label;
        QFont small = label->font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        label->setFont(small);
        label->setEnabled(false); // the palette's muted text colour
        retry->addWidget(label, 0, column);
        retry->addWidget(box, 1, column++);
    }
    m_texts([this, captions] {
        captions.at(0)->setText(tr("attempts"));
        captions.at(1)->setText(tr("backoff"));
        captions.at(2)->setText(tr("multiplier"));
        m_retryAttempts->setToolTip(tr("max_attempts"));
        m_retryBackoff->setToolTip(tr("backoff: seconds before the first retry"));
        m_retryMultiplier->setToolTip(tr("multiplier of the backoff after each retry"));
    });
    auto *position = new QHBoxLayout(m_position);
    position->setContentsMargins(0, 0, 0, 0);
    for (QDoubleSpinBox *s : {m_x, m_y}) {
        s->setRange(-1e7, 1e7);
        s->setDecimals(1);
        s->setKeyboardTracking(false);
        fitToDock(s);
        position->addWidget(s);
    }
    m_x->setObjectName(QStringLiteral("PropX"));
    m_y->setObjectName(QStringLiteral("PropY"));
    m_x->setPrefix(QStringLiteral("x "));
    m_y->setPrefix(QStringLiteral("y "));

    m_form->addRow(QT_TR_NOOP("id"), m_id);
    m_form->addRow(QT_TR_NOOP("label"), m_label);
    m_form->addRow(QT_TR_NOOP("type"), m_type);
    m_form->addRow(QT_TR_NOOP("skill_id"), m_skillId);
    m_capability->setObjectName(QStringLiteral("PropCapability"));
    m_capability->setTextFormat(Qt::RichText);
    m_capability->setWordWrap(true);
    m_capability->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wraps to the dock's width: a long word (an endpoint URL) must not widen the form.
    m_capability->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_form->addRow(QT_TR_NOOP("capability"), m_capability);
    m_form->addRow(QT_TR_NOOP("execution_mode"), m_executionMode);
    m_form->addRow(QT_TR_NOOP("max_iterations"), m_maxIterations);
    m_form->addRow(QT_TR_NOOP("for_each"), m_forEach);
    m_form->addRow(QT_TR_NOOP("concurrency"), m_concurrency);
    m_form->addRow(QT_TR_NOOP("timeout"), m_timeout);
    m_form->addRow(QT_TR_NOOP("retry"), m_retry);
    m_form->addRow(QT_TR_NOOP("on_error"), m_onError);
    m_form->addRow(QT_TR_NOOP("inputs"), m_inputs);
    m_form->addRow(QT_TR_NOOP("outputs"), m_outputs);
    m_form->addWideRow(QT_TR_NOOP("conditions (the first that holds is taken)"), m_conditions);
    m_form->addRow(QT_TR_NOOP("default"), m_default);
    m_selectOptimal->setObjectName(QStringLiteral("PropSelectOptimal"));
    m_form->addRow(QT_TR_NOOP("select"), m_selectOptimal);
    m_form->addRow(QT_TR_NOOP("loop_start"), m_loopStart);
    m_form->addRow(QT_TR_NOOP("prompt"), m_prompt);
    m_form->addRow(QT_TR_NOOP("options_from"), m_optionsFrom);
    m_form->addRow(QT_TR_NOOP("options"), m_options);
    m_multiple->setObjectName(QStringLiteral("PropMultiple"));
    m_form->addRow(QT_TR_NOOP("multiple"), m_multiple);
    m_form->addRow(QT_TR_NOOP("min"), m_minChoices);
    m_form->addRow(QT_TR_NOOP("max"), m_maxChoices);
    m_form->addRow(QT_TR_NOOP("position"), m_position);
    m_form->addRow(QT_TR_NOOP("other keys"), m_extra);
    guardWheels();
    m_form->setRowStretch(m_form->rowCount(), 1);
    m_texts([this] {
        for (QSpinBox *s : {m_maxIterations, m_concurrency, m_retryAttempts, m_minChoices, m_maxChoices})
            s->setSpecialValueText(tr("unset"));
        for (QDoubleSpinBox *s : {m_timeout, m_retryBackoff, m_retryMultiplier})
            s->setSpecialValueText(tr("unset"));
        m_timeout->setSuffix(tr(" s"));
        m_retryBackoff->setSuffix(tr(" s"));
        m_retryMultiplier->setSuffix(tr("×"));
        m_skillId->setPlaceholderText(tr("capability, e.g. builtin.noop"));
        m_label->setPlaceholderText(tr("shown on the card instead of the id (optional)"));
        m_label->setToolTip(tr("label: what the card says (寫報告); the id stays the key that edges, conditions and expressions use. "
                               "Double-click a node on the canvas to edit it there."));
        m_outputs->setPlaceholderText(tr("names, comma-separated"));
        m_optionsFrom->setPlaceholderText(tr("context path, e.g. search.results"));
        m_options->setPlaceholderText(tr("fixed options, comma-separated"));
        m_multiple->setText(tr("several may be chosen"));
        m_selectOptimal->setText(tr("optimal: else the cheapest path's way"));
        m_selectOptimal->setToolTip(tr("select: optimal — when no condition holds, the run takes the way on the cheapest path to an end "
                                       "under its depth and budget (Run > Run Input…), instead of the default"));
        m_executionMode->setItemText(0, tr("(default: single)"));
        m_onError->setItemText(0, tr("(default: fail)"));
        m_forEach->setPlaceholderText(tr("list expression, e.g. search.results"));
        m_inputs->setPlaceholderText(tr("name: value  (YAML; strings may use ${expression})"));
        m_prompt->setPlaceholderText(tr("what the person is asked"));
        m_extra->setPlaceholderText(tr("other keys, kept as written (YAML)"));
        m_multiple->setToolTip(tr("multiple: the answer is a list of the options chosen"));
        m_minChoices->setToolTip(tr("min: at least this many (unset: 1)"));
        m_maxChoices->setToolTip(tr("max: at most this many (unset: all the options)"));
    });

    // ---- commits: one command each ---------------------------------------------------
    connect(m_id, &QLineEdit::editingFinished, this, [this] {
        if (!commit(tr("id"), [this](Node &n) { n.id = m_id->text(); }))
            m_id->setText(m_nodeId);
    });
    connect(m_label, &QLineEdit::editingFinished, this, [this] {
        commit(tr("label"), [this](Node &n) { n.label = m_label->text().trimmed(); });
    });
    connect(m_type, &QComboBox::activated, this, [this] {
        commit(tr("type"), [this](Node &n) {
            n.type = m_type->currentText();
            n.kind = nodeKindFromTypeName(n.type);
        });
    });
    connect(m_skillId, &QLineEdit::editingFinished, this, [this] {
        commit(tr("skill_id"), [this](Node &n) { n.skillId = m_skillId->text().trimmed(); });
    });
    connect(m_executionMode, &QComboBox::activated, this, [this] {
        commit(tr("execution_mode"), [this](Node &n) { n.executionMode = m_executionMode->currentData().toString(); });
    });
    connect(m_maxIterations, &QSpinBox::valueChanged, this, [this] {
        commit(tr("max_iterations"), [this](Node &n) { n.maxIterations = countOf(m_maxIterations); }, QStringLiteral("max_iterations"));
    });
    connect(m_timeout, &QDoubleSpinBox::valueChanged, this, [this] {
        commit(tr("timeout"), [this](Node &n) { n.timeout = amountOf(m_timeout); }, QStringLiteral("timeout"));
    });
    connect(m_forEach, &QLineEdit::editingFinished, this, [this] {
        commit(tr("for_each"), [this](Node &n) { n.forEach = m_forEach->text().trimmed(); });
    });
    connect(m_concurrency, &QSpinBox::valueChanged, this, [this] {
        commit(tr("concurrency"), [this](Node &n) { n.concurrency = countOf(m_concurrency); }, QStringLiteral("concurrency"));
    });
    connect(m_retryAttempts, &QSpinBox::valueChanged, this, [this] {
        commit(tr("retry"), [this](Node &n) { n.retryAttempts = countOf(m_retryAttempts); }, QStringLiteral("retry.max_attempts"));
    });
    connect(m_retryBackoff, &QDoubleSpinBox::valueChanged, this, [this] {
        commit(tr("retry"), [this](Node &n) { n.retryBackoff = amountOf(m_retryBackoff); }, QStringLiteral("retry.backoff"));
    });
    connect(m_retryMultiplier, &QDoubleSpinBox::valueChanged, this, [this] {
        commit(tr("retry"), [this](Node &n) { n.retryMultiplier = amountOf(m_retryMultiplier); }, QStringLiteral("retry.multiplier"));
    });
    connect(m_onError, &QComboBox::activated, this, [this] {
        commit(tr("on_error"), [this](Node &n) { n.onError = m_onError->currentData().toString(); });
    });
    connect(m_outputs, &QLineEdit::editingFinished, this, [this] {
        commit(tr("outputs"), [this](Node &n) { n.outputs = splitList(m_outputs->text()); });
    });
    connect(m_inputs, &CommittingTextEdit::committed, this, [this](const QString &text) {
        ExtraFields inputs;
        QString error;
        if (!fieldsFromYamlText(text, {}, &inputs, &error)) {
            showMessage(tr("inputs: %1").arg(error));
            return;
        }
        commit(tr("inputs"), [&inputs](Node &n) { n.inputs = inputs; });
    });
    connect(m_conditions, &ConditionsTable::conditionsEdited, this, [this](const QList<BranchCondition> &conditions, const QString &what) {
        commit(what, [&conditions](Node &n) { n.conditions = conditions; });
    });
    connect(m_default, &QComboBox::activated, this, [this] {
        commit(tr("default"), [this](Node &n) { n.defaultTarget = m_default->currentData().toString(); });
    });
    connect(m_loopStart, &QComboBox::activated, this, [this] {
        commit(tr("loop_start"), [this](Node &n) { n.loopStart = m_loopStart->currentData().toString(); });
    });
    connect(m_prompt, &CommittingTextEdit::committed, this, [this](const QString &text) {
        commit(tr("prompt"), [&text](Node &n) { n.prompt = text; });
    });
    connect(m_optionsFrom, &QLineEdit::editingFinished, this, [this] {
        commit(tr("options_from"), [this](Node &n) { n.optionsFrom = m_optionsFrom->text().trimmed(); });
    });
    connect(m_selectOptimal, &QCheckBox::clicked, this, [this](bool on) {
        commit(tr("select"), [on](Node &n) { n.select = on ? QStringLiteral("optimal") : QString(); });
    });
    connect(m_multiple, &QCheckBox::clicked, this, [this](bool on) {
        commit(tr("multiple"), [on](Node &n) { n.multiple = on; });
    });
    connect(m_minChoices, &QSpinBox::valueChanged, this, [this] {
        commit(tr("min"), [this](Node &n) { n.minChoices = countOf(m_minChoices); }, QStringLiteral("min"));
    });
    connect(m_maxChoices, &QSpinBox::valueChanged, this, [this] {
        commit(tr("max"), [this](Node &n) { n.maxChoices = countOf(m_maxChoices); }, QStringLiteral("max"));
    });
    connect(m_options, &QLineEdit::editingFinished, this, [this] {
        commit(tr("options"), [this](Node &n) { n.options = splitList(m_options->text()); });
    });
    for (QDoubleSpinBox *s : {m_x, m_y})
        connect(s, &QDoubleSpinBox::editingFinished, this, [this] {
            // editingFinished comes on every focus-out, and the boxes show one decimal: only a
            // value the user changed moves the node (not 312.64 shown as 312.6).
            const Node *n = m_document->node(m_nodeId);
            if (m_loading || !n)
                return;
            const QPointF shown(m_x->value(), m_y->value());
            const QPointF at = n->position.value_or(QPointF());
            const QPointF loaded(QString::number(at.x(), 'f', 1).toDouble(), QString::number(at.y(), 'f', 1).toDouble());
            if (shown != loaded)
                GraphActions::moveNode(m_document, m_nodeId, shown);
        });
    connect(m_extra, &CommittingTextEdit::committed, this, [this](const QString &text) {
        ExtraFields extra;
        QString error;
        if (!fieldsFromYamlText(text, kNodeKeys, &extra, &error)) {
            showMessage(tr("other keys: %1").arg(error));
            return;
        }
        commit(tr("other keys"), [&extra](Node &n) { n.extra = extra; });
    });
}

void NodePropertiesForm::setCatalog(const CapabilityCatalog *catalog)
{
    m_catalog = catalog;
    // Only the capability section: a full reload would reset a field the user is typing in.
    connect(catalog, &CapabilityCatalog::changed, this, [this] {
        if (const Node *n = m_document->node(m_nodeId))
            showCapability(*n);
    });
    reload();
}

void NodePropertiesForm::showCapability(const Node &n)
{
    const QString skillId = n.skillId.trimmed();
    const bool shown = m_catalog && n.kind == NodeKind::Skill && !skillId.isEmpty() && !skillId.startsWith(QLatin1String("builtin."));
    m_form->setRowShown(m_capability, shown);
    if (!shown)
        return;
    QString why;
    const Capability *c = m_catalog->registry().resolve(skillId, &why);
    if (!c && !CapabilityLint::looksLikeCapability(skillId)) { // a plain skill name: mocked, as lint sees it
        m_capability->setText(QStringLiteral("<span style='color:gray'>%1</span>")
                                  .arg(tr("no capability: runs on a mock or a stand-in").toHtmlEscaped()));
        return;
    }
    if (!c) {
        m_capability->setText(QStringLiteral("<span style='color:#b3261e'>%1</span><br><span style='color:gray'>%2</span>")
                                  .arg(tr("⚠ skill_id resolves to no capability"), why.toHtmlEscaped()));
        return;
    }
    QString html = QStringLiteral("<b>%1</b><br><span style='color:gray'>%2</span>")
                       .arg(c->reference().toHtmlEscaped().replace(QLatin1Char('@'), QStringLiteral("&#8203;@")), // may wrap before the version
                            (c->handlerType() == QLatin1String("composite") ? tr("composite capability") : tr("%1 handler").arg(c->handlerType())).toHtmlEscaped());
    html += QStringLiteral("<p style='margin:2px 0 4px 0'>%1</p>").arg(c->description.toHtmlEscaped());
    html += QStringLiteral("<p style='margin:4px 0 2px 0'><i>%1</i></p>").arg(tr("input"));
    html += CapabilityText::schemaHtml(c->inputSchema);
    html += QStringLiteral("<p style='margin:4px 0 2px 0'><i>%1</i></p>").arg(tr("output"));
    html += CapabilityText::schemaHtml(c->outputSchema);
    m_capability->setText(html);
}

void NodePropertiesForm::setNode(const QString &id)
{
    if (id != m_nodeId)
        showMessage(QString());
    m_nodeId = id;
    reload();
}

bool NodePropertiesForm::commit(const QString &what, const std::function<void(Node &)> &change, const QString &mergeKey)
{
    if (m_loading)
        return true;
    const Node *current = m_document->node(m_nodeId);
    if (!current)
        return false;
    Node after = *current;
    change(after);
    QString reason;
    const QString newId = after.id;
    if (!GraphActions::editNode(m_document, m_nodeId, after, what, &reason, mergeKey)) {
        showMessage(reason);
        return false;
    }
    showMessage(QString());
    if (m_document->node(newId))
        m_nodeId = newId; // a rename: the form follows the node
    return true;
}

void NodePropertiesForm::fillNodeChoices(QComboBox *combo, const QString &current, NodeKind only)
{
    combo->clear();
    combo->addItem(tr("(none)"), QString());
    for (const Node &n : m_document->graph().nodes)
        if (n.id != m_nodeId && (only == NodeKind::Unknown || n.kind == only))
            combo->addItem(n.id, n.id);
    int index = combo->findData(current);
    if (index < 0) {
        // A reference to nothing stays visible (the lint reports it) until the user picks.
        combo->addItem(tr("%1 (missing)").arg(current), current);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(index);
}

void NodePropertiesForm::showCondition(int index)
{
    if (index < 0 || index >= m_conditions->table()->rowCount())
        return;
    m_conditions->table()->setCurrentCell(index, 1);
}

void NodePropertiesForm::retranslated()
{
    if (!m_nodeId.isEmpty() && m_document->node(m_nodeId))
        reload(); // the header, the capability and the choices, in the new language
}

void NodePropertiesForm::reload()
{
    const Node *node = m_document->node(m_nodeId);
    if (!node)
        return;
    const Node &n = *node;
    m_loading = true;
    // Setting the widgets emits their change signals: m_loading keeps those from committing.

    const QString category = [&] {
        switch (categoryOf(n.kind)) {
        case NodeCategory::Skill: return tr("skill");
        case NodeCategory::Control: return tr("control");
        case NodeCategory::Interaction: return tr("interaction (asks a person)");
        default: return tr("unknown type");
        }
    }();
    m_header->setText(QStringLiteral("<b>%1</b> &nbsp;<span style='color:gray'>%2</span>").arg(n.caption().toHtmlEscaped(), category));

    if (!m_id->hasFocus() || m_id->text() != n.id)
        m_id->setText(n.id);
    if (!m_label->hasFocus() || m_label->text() != n.label)
        m_label->setText(n.label);
    const QString typeText = n.kind == NodeKind::Unknown ? n.type : canonicalTypeName(n.kind);
    m_type->setCurrentIndex(chooseOrAppend(m_type, int(allNodeTypeNames().size()), typeText, QVariant(), false));
    m_skillId->setText(n.skillId);
    {
        // Skill ids used elsewhere in the graph join the engine's in the completion list.
        auto *model = qobject_cast<QStringListModel *>(m_skillId->completer()->model());
        QStringList ids = model->stringList();
        for (const Node &other : m_document->graph().nodes)
            if (!other.skillId.isEmpty() && !ids.contains(other.skillId))
                ids << other.skillId;
        if (m_catalog)
            for (const Capability *c : m_catalog->registry().all())
                if (!ids.contains(c->name))
                    ids << c->name;
        if (ids.size() != model->stringList().size())
            model->setStringList(ids);
    }
    m_executionMode->setCurrentIndex(chooseOrAppend(m_executionMode, 4, n.executionMode, n.executionMode, true));
    m_maxIterations->setValue(n.maxIterations.value_or(0));
    m_timeout->setValue(n.timeout.value_or(-1));
    m_forEach->setText(n.forEach);
    m_concurrency->setValue(n.concurrency.value_or(0));
    m_retryAttempts->setValue(n.retryAttempts.value_or(0));
    m_retryBackoff->setValue(n.retryBackoff.value_or(-1));
    m_retryMultiplier->setValue(n.retryMultiplier.value_or(-1));
    m_onError->setCurrentIndex(chooseOrAppend(m_onError, 3, n.onError, n.onError, true));
    m_outputs->setText(n.outputs.join(QStringLiteral(", ")));
    m_inputs->setCommittedText(fieldsToYamlText(n.inputs));
    QStringList ids;
    for (const Node &other : m_document->graph().nodes)
        ids << other.id;
    m_conditions->setConditions(n.conditions, ids);
    fillNodeChoices(m_default, n.defaultTarget, NodeKind::Unknown);
    m_selectOptimal->setChecked(n.select == QLatin1String("optimal"));
    fillNodeChoices(m_loopStart, n.loopStart, NodeKind::LoopStart);
    m_prompt->setCommittedText(n.prompt);
    m_optionsFrom->setText(n.optionsFrom);
    m_options->setText(n.options.join(QStringLiteral(", ")));
    m_multiple->setChecked(n.multiple);
    m_minChoices->setValue(n.minChoices.value_or(0));
    m_maxChoices->setValue(n.maxChoices.value_or(0));
    m_x->setValue(n.position.value_or(QPointF()).x());
    m_y->setValue(n.position.value_or(QPointF()).y());
    m_extra->setCommittedText(fieldsToYamlText(n.extra));

    // Rows for the node's type, and any other that holds a value (nothing is hidden).
    const bool skill = n.kind == NodeKind::Skill;
    const bool interaction = isInteraction(n.kind);
    m_form->setRowShown(m_skillId, skill || !n.skillId.isEmpty());
    showCapability(n);
    m_form->setRowShown(m_executionMode, skill || !n.executionMode.isEmpty());
    m_form->setRowShown(m_maxIterations, skill || n.kind == NodeKind::LoopStart || n.maxIterations);
    m_form->setRowShown(m_forEach, (skill && n.executionMode == QLatin1String("parallel")) || !n.forEach.isEmpty());
    m_form->setRowShown(m_concurrency, (skill && n.executionMode == QLatin1String("parallel")) || n.concurrency);
    m_form->setRowShown(m_timeout, skill || n.timeout);
    m_form->setRowShown(m_retry, skill || n.retryAttempts || n.retryBackoff || n.retryMultiplier);
    m_form->setRowShown(m_onError, skill || !n.onError.isEmpty());
    m_form->setRowShown(m_inputs, skill || !n.inputs.isEmpty());
    m_form->setRowShown(m_outputs, skill || interaction || !n.outputs.isEmpty());
    m_form->setRowShown(m_conditions, n.kind == NodeKind::Branch || !n.conditions.isEmpty());
    m_form->setRowShown(m_default, n.kind == NodeKind::Branch || !n.defaultTarget.isEmpty());
    m_form->setRowShown(m_selectOptimal, n.kind == NodeKind::Branch || !n.select.isEmpty());
    m_form->setRowShown(m_loopStart, n.kind == NodeKind::LoopEnd || !n.loopStart.isEmpty());
    m_form->setRowShown(m_prompt, interaction || !n.prompt.isEmpty());
    m_form->setRowShown(m_optionsFrom, n.kind == NodeKind::Select || !n.optionsFrom.isEmpty());
    m_form->setRowShown(m_options, n.kind == NodeKind::Select || !n.options.isEmpty());
    m_form->setRowShown(m_multiple, n.kind == NodeKind::Select || n.multiple);
    m_form->setRowShown(m_minChoices, (n.kind == NodeKind::Select && n.multiple) || n.minChoices);
    m_form->setRowShown(m_maxChoices, (n.kind == NodeKind::Select && n.multiple) || n.maxChoices);
    m_loading = false;
}

} // namespace capgraph::editor
