#include "ui/RunInputDialog.h"

#include "ui/UiText.h"

#include <QComboBox>
#include <algorithm>
#include <QDialogButtonBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QGroupBox>
#include <QLocale>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QGuiApplication>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
QVariant valueOf(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson("[" + text.toUtf8() + "]", &error);
    if (error.error == QJsonParseError::NoError && doc.array().size() == 1)
        return doc.array().at(0).toVariant();
    return text;
}

QString textOf(const QVariant &v)
{
    if (v.typeId() == QMetaType::QString)
        return v.toString();
    return QString::fromUtf8(QJsonDocument(QJsonArray{QJsonValue::fromVariant(v)}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}
} // namespace

RunInputDialog::RunInputDialog(const QList<GraphInput> &inputs, const QVariantMap &current, QWidget *parent)
    : QDialog(parent)
    , m_inputs(inputs)
    , m_tabs(new QTabWidget(this))
    , m_json(new QPlainTextEdit(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Run input"));
    auto *page = new QWidget;
    page->setObjectName(QStringLiteral("InputForm"));
    auto *rows = new QFormLayout(page);
    // A field's description wraps under it (and in Chinese takes a second line): the rows keep
    // the height their text needs, and the form scrolls rather than squeezing them.
    rows->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    rows->setRowWrapPolicy(QFormLayout::DontWrapRows);
    rows->setVerticalSpacing(10);
    if (inputs.isEmpty())
        rows->addRow(new QLabel(tr("This graph reads no input (no input.… in its conditions or templates).")));
    for (const GraphInput &in : inputs) {
        auto *combo = new QComboBox;
        combo->setObjectName(QStringLiteral("Input:") + in.name);
        combo->setEditable(true);
        combo->addItem(QString());
        combo->addItems(in.choices);
        if (in.defaultValue.isValid())
            combo->lineEdit()->setPlaceholderText(tr("default: %1").arg(textOf(in.defaultValue)));
        combo->setToolTip(in.choices.isEmpty() ? tr("input.%1: any value (JSON or text)").arg(in.name)
                                               : tr("input.%1: the graph compares it with %2").arg(in.name, in.choices.join(QStringLiteral(", "))));
        // The field's label says what the input is, as the capability it goes to describes it:
        // its type, whether it must be given; its description under the field.
        QStringList facts;
        if (!in.type.isEmpty())
            facts << typeName(in.type);
        if (in.required)
            facts << tr("required");
        auto *label = new QLabel(facts.isEmpty() ? QStringLiteral("input.") + in.name
                                                 : QStringLiteral("input.%1 <span style='color:gray'>(%2)</span>").arg(in.name, facts.join(tr(", "))));
        label->setObjectName(QStringLiteral("InputLabel:") + in.name);
        auto *field = new QWidget;
        auto *column = new QVBoxLayout(field);
        column->setContentsMargins(0, 0, 0, 0);
        column->setSpacing(2);
        column->addWidget(combo);
        if (!in.description.isEmpty() || !in.describedBy.isEmpty()) {
            auto *about = new QLabel(in.describedBy.isEmpty() ? in.description // the graph's own input_schema
                                     : in.description.isEmpty() ? tr("(for %1)").arg(in.describedBy)
                                                                : tr("%1 (for %2)").arg(in.description, in.describedBy));
            about->setObjectName(QStringLiteral("InputAbout:") + in.name);
            about->setWordWrap(true);
            about->setEnabled(false); // muted
            about->setTextInteractionFlags(Qt::TextSelectableByMouse);
            about->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::MinimumExpanding);
            column->addWidget(about);
        }
        rows->addRow(label, field);
        m_fields.append(combo);
        // A refusal is said again as the fields change: fixed, it goes.
        connect(combo, &QComboBox::currentTextChanged, this, &RunInputDialog::refreshRefusal);
    }
    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("InputScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(page);
    m_json->setObjectName(QStringLiteral("InputJson"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_json->setFont(mono);
    m_tabs->addTab(scroll, tr("Form"));
    m_tabs->addTab(m_json, tr("JSON"));
    m_error->setStyleSheet(QStringLiteral("color: #d33;"));
    m_error->setWordWrap(true);
    m_error->setObjectName(QStringLiteral("InputRefusal"));
    m_error->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run"));
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &RunInputDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // The way `select: optimal` branches choose (offerPathChoice shows it).
    m_pathBox = new QGroupBox(tr("Path choice (branches with select: optimal)"), this);
    m_pathBox->setObjectName(QStringLiteral("PathChoice"));
    auto *pathRows = new QFormLayout(m_pathBox);
    m_depth = new QComboBox(m_pathBox);
    m_depth->setObjectName(QStringLiteral("PathDepth"));
    m_budget = new QLineEdit(m_pathBox);
    m_budget->setObjectName(QStringLiteral("PathBudget"));
    auto *budgetCheck = new QDoubleValidator(0, 1e12, 6, m_budget);
    budgetCheck->setNotation(QDoubleValidator::StandardNotation);
    budgetCheck->setLocale(QLocale::c());
    m_budget->setValidator(budgetCheck);
    m_budget->setToolTip(tr("The time the path may take, in the graph's cost units (edge weights), as capgraph path --budget takes it"));
    pathRows->addRow(tr("Depth:"), m_depth);
    pathRows->addRow(tr("Time budget:"), m_budget);
    m_pathBox->hide();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(m_pathBox);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    toForm(current);
    m_json->setPlainText(QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(current)).toJson()));
    // In step: leaving a tab carries what it says to the other.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == 1) {
            QVariantMap merged = QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap();
            for (const GraphInput &in : std::as_const(m_inputs))
                merged.remove(in.name); // the form's fields say what these are now
            const QVariantMap fields = fromForm();
            for (auto it = fields.cbegin(); it != fields.cend(); ++it)
                merged.insert(it.key(), it.value());
            m_json->setPlainText(QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(merged)).toJson()));
        } else if (error().isEmpty()) {
            toForm(QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap());
        }
        refreshRefusal();
    });
    connect(m_json, &QPlainTextEdit::textChanged, this, &RunInputDialog::refreshRefusal);
    // Wide enough for a description on two lines, tall enough for every row (up to most of
    // the screen; then the form scrolls).
    const int width = std::max(520, sizeHint().width());
    const int formHeight = page->hasHeightForWidth() ? page->heightForWidth(width - 40) : page->sizeHint().height();
    const QRect screen = (parent && parent->screen() ? parent->screen() : QGuiApplication::primaryScreen())->availableGeometry();
    const int chrome = m_tabs->tabBar()->sizeHint().height() + buttons->sizeHint().height() + 80;
    resize(width, std::clamp(formHeight + chrome, 260, int(screen.height() * 0.8)));
}

void RunInputDialog::offerPathChoice(const RunPathChoice &current)
{
    m_pathChoice = current;
    m_depth->clear();
    const QString graphs = current.graphDepth == PathDepth::Thorough ? tr("thorough") : tr("quick");
    m_depth->addItem(tr("The graph's (%1)").arg(graphs));
    m_depth->addItem(tr("quick"), int(PathDepth::Quick));
    m_depth->addItem(tr("thorough"), int(PathDepth::Thorough));
    m_depth->setCurrentIndex(!current.depth ? 0 : *current.depth == PathDepth::Quick ? 1 : 2);
    m_budget->setPlaceholderText(current.graphBudget ? tr("the graph's: %1").arg(QLocale::c().toString(*current.graphBudget, 'g', 12))
                                                     : tr("none"));
    m_budget->setText(current.budget ? QLocale::c().toString(*current.budget, 'g', 12) : QString());
    m_pathBox->show();
    resize(width(), height() + m_pathBox->sizeHint().height());
}

RunPathChoice RunInputDialog::pathChoice() const
{
    RunPathChoice out = m_pathChoice;
    if (m_pathBox->isHidden())
        return out;
    out.depth = m_depth->currentIndex() <= 0 ? std::nullopt : std::optional<PathDepth>(PathDepth(m_depth->currentData().toInt()));
    bool ok = false;
    const double budget = QLocale::c().toDouble(m_budget->text().trimmed(), &ok);
    out.budget = ok && budget >= 0 ? std::optional<double>(budget) : std::nullopt;
    return out;
}

void RunInputDialog::setStartsRun(bool startsRun)
{
    m_ok->setText(startsRun ? tr("Run") : tr("Keep for the Next Run"));
}

void RunInputDialog::refreshRefusal()
{
    if (m_error->isHidden())
        return; // nothing was refused yet: no red text while the user types
    const QStringList wrong = problems();
    m_error->setText(wrong.join(QLatin1Char('\n')));
    m_error->setVisible(!wrong.isEmpty());
}

QComboBox *RunInputDialog::field(const QString &name) const
{
    for (QComboBox *c : m_fields)
        if (c->objectName() == QStringLiteral("Input:") + name)
            return c;
    return nullptr;
}

QVariantMap RunInputDialog::fromForm() const
{
    QVariantMap out;
    for (int i = 0; i < m_fields.size(); ++i)
        if (const QString text = m_fields.at(i)->currentText().trimmed(); !text.isEmpty())
            // An input the capability calls text stays text ("42" is a name here, not a number).
            out.insert(m_inputs.at(i).name, m_inputs.at(i).type == QLatin1String("string") ? QVariant(text) : valueOf(text));
    return out;
}

void RunInputDialog::toForm(const QVariantMap &input)
{
    for (int i = 0; i < m_fields.size(); ++i)
        m_fields.at(i)->setCurrentText(input.contains(m_inputs.at(i).name) ? textOf(input.value(m_inputs.at(i).name)) : QString());
}

QString RunInputDialog::error() const
{
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(m_json->toPlainText().toUtf8(), &e);
    if (e.error != QJsonParseError::NoError)
        return tr("The JSON is not valid: %1 (at character %2)").arg(e.errorString()).arg(e.offset);
    if (!doc.isObject())
        return tr("The input is a JSON object: {\"name\": value, …}");
    return QString();
}

QVariantMap RunInputDialog::input() const
{
    if (m_tabs->currentIndex() == 0) {
        QVariantMap merged = QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap();
        for (const GraphInput &in : m_inputs)
            merged.remove(in.name);
        const QVariantMap form = fromForm();
        for (auto it = form.cbegin(); it != form.cend(); ++it)
            merged.insert(it.key(), it.value());
        return merged;
    }
    return QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap();
}

QString RunInputDialog::typeName(const QString &type)
{
    return UiText::jsonType(type);
}

QStringList RunInputDialog::problems() const
{
    QStringList out;
    if (m_tabs->currentIndex() == 1 && !error().isEmpty())
        return {error()};
    const QVariantMap given = input();
    for (const GraphInput &in : m_inputs) {
        const bool has = given.contains(in.name) && !(given.value(in.name).typeId() == QMetaType::QString && given.value(in.name).toString().isEmpty());
        if (!has) {
            if (in.required)
                out << tr("input.%1 is required (%2)").arg(in.name, in.description.isEmpty() ? typeName(in.type) : in.description);
            continue;
        }
        const QVariant v = given.value(in.name);
        const int t = v.typeId();
        const bool isNumber = t == QMetaType::Double || t == QMetaType::Int || t == QMetaType::LongLong || t == QMetaType::UInt
                              || t == QMetaType::ULongLong;
        bool fits = true;
        if (in.type == QLatin1String("number"))
            fits = isNumber;
        else if (in.type == QLatin1String("integer"))
            fits = isNumber && v.toDouble() == double(qint64(v.toDouble()));
        else if (in.type == QLatin1String("boolean"))
            fits = t == QMetaType::Bool;
        else if (in.type == QLatin1String("array"))
            fits = t == QMetaType::QVariantList;
        else if (in.type == QLatin1String("object"))
            fits = t == QMetaType::QVariantMap;
        else if (in.type == QLatin1String("string"))
            fits = t == QMetaType::QString || isNumber || t == QMetaType::Bool; // typed as text, read as text
        if (!fits)
            out << tr("input.%1 should be %2, not %3").arg(in.name, typeName(in.type), textOf(v));
    }
    return out;
}

void RunInputDialog::accept()
{
    // Checked before the run starts: what the capabilities will refuse is said here.
    const QStringList wrong = problems();
    if (!wrong.isEmpty()) {
        m_error->setText(wrong.join(QLatin1Char('\n')));
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace capgraph::editor
