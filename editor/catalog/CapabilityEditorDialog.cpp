#include "catalog/CapabilityEditorDialog.h"
#include "io/AtomicWrite.h"

#include "ui/DialogPrompts.h"

#include "capability/Capability.h"
#include "catalog/CapabilityFileText.h"
#include "io/YamlValue.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
// The handler fields the form shows, by handler type: the main keys the engine's handlers read
// (docs/capabilities.md, "Handlers"). Every other key of a handler (timeout, retry, response,
// history, …) is kept as written and named under the fields.
enum class FieldKind { Line, Text, Lines, Mapping, Check, Method };
struct HandlerField
{
    const char *type;
    const char *key;
    const char *label;
    FieldKind kind;
    const char *placeholder;
};
const HandlerField kHandlerFields[] = {
    {"api", "endpoint", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "endpoint"), FieldKind::Line, "https://api.example.com/stocks/{symbol}"},
    {"api", "method", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "method"), FieldKind::Method, ""},
    {"api", "headers", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "headers"), FieldKind::Mapping, "Authorization: Bearer ${API_KEY}"},
    {"command", "program", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "program"), FieldKind::Line, "python3"},
    {"command", "arguments", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "arguments"), FieldKind::Lines, QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "one argument per line: --symbol, {symbol}")},
    {"llm", "model", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "model"), FieldKind::Line, "gpt-4o-mini"},
    {"llm", "system", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "system prompt"), FieldKind::Text, QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "You are …  (${name} reads an input)")},
    {"llm", "prompt", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "user prompt"), FieldKind::Text, "${question}"},
    {"llm", "json", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "JSON mode"), FieldKind::Check, ""},
    {"graph", "path", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "graph file"), FieldKind::Line, QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "sub-graph.yaml (beside this file)")},
    {"builtin", "name", QT_TRANSLATE_NOOP("capgraph::editor::CapabilityEditorDialog", "built-in"), FieldKind::Line, "builtin.template"},
};
const char *const kHandlerTypes[] = {"api", "command", "llm", "graph", "builtin"};

QString fieldKey(const HandlerField &f)
{
    return QStringLiteral("handler.") + QLatin1String(f.key);
}

QFont monospace()
{
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    return mono;
}

QPlainTextEdit *textEdit(const QString &placeholder, int lines, bool mono)
{
    auto *e = new QPlainTextEdit;
    e->setPlaceholderText(placeholder);
    e->setTabChangesFocus(!mono);
    if (mono)
        e->setFont(monospace());
    e->setFixedHeight(e->fontMetrics().lineSpacing() * lines + 12);
    return e;
}

QStringList words(const QString &text, const QRegularExpression &separator)
{
    QStringList out;
    for (const QString &w : text.split(separator, Qt::SkipEmptyParts))
        if (!w.trimmed().isEmpty())
            out << w.trimmed();
    return out;
}

QString valueText(QWidget *w)
{
    if (auto *e = qobject_cast<QLineEdit *>(w))
        return e->text();
    if (auto *t = qobject_cast<QPlainTextEdit *>(w))
        return t->toPlainText();
    if (auto *c = qobject_cast<QComboBox *>(w))
        return c->currentText();
    return QString();
}

void setValueText(QWidget *w, const QString &text)
{
    if (auto *e = qobject_cast<QLineEdit *>(w); e && e->text() != text)
        e->setText(text);
    else if (auto *t = qobject_cast<QPlainTextEdit *>(w); t && t->toPlainText() != text)
        t->setPlainText(text);
    else if (auto *c = qobject_cast<QComboBox *>(w))
        c->setCurrentText(text);
}
} // namespace

CapabilityEditorDialog::CapabilityEditorDialog(StudioPrompts *prompts, QWidget *parent)
    : QDialog(parent)
    , m_prompts(prompts ? prompts : DialogPrompts::shared())
    , m_tabs(new QTabWidget(this))
    , m_formPage(nullptr)
    , m_formBanner(new QLabel(this))
    , m_name(new QLineEdit(this))
    , m_description(textEdit(tr("What it does, what it needs, what it returns: planners choose by this"), 3, false))
    , m_version(new QLineEdit(this))
    , m_tags(new QLineEdit(this))
    , m_handlerType(new QComboBox(this))
    , m_handlerPages(new QStackedWidget(this))
    , m_handlerOther(new QLabel(this))
    , m_inputSchema(textEdit(tr("JSON Schema (JSON or YAML)"), 7, true))
    , m_outputSchema(textEdit(tr("JSON Schema (JSON or YAML)"), 7, true))
    , m_otherKeys(new QLabel(this))
    , m_yaml(new QPlainTextEdit(this))
    , m_problemList(new QListWidget(this))
    , m_status(new QLabel(this))
    , m_folderRow(new QWidget(this))
    , m_folder(new QComboBox(this))
    , m_target(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
    , m_save(m_buttons->button(QDialogButtonBox::Save))
{
    setObjectName(QStringLiteral("CapabilityEditorDialog"));
    resize(720, 780);
    m_yaml->setObjectName(QStringLiteral("CapEditorYaml"));
    m_yaml->setFont(monospace());
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_problemList->setObjectName(QStringLiteral("CapEditorProblems"));
    m_status->setObjectName(QStringLiteral("CapEditorStatus"));
    m_status->setWordWrap(true);
    m_save->setObjectName(QStringLiteral("CapEditorSave"));
    m_folder->setObjectName(QStringLiteral("CapEditorFolder"));
    m_target->setObjectName(QStringLiteral("CapEditorTarget"));
    m_target->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_target->setWordWrap(true);

    m_tabs->addTab(buildForm(), tr("Form"));
    auto *yamlPage = new QWidget;
    auto *yamlLayout = new QVBoxLayout(yamlPage);
    auto *yamlHint = new QLabel(tr("The definition as it is saved. Editing the form rewrites this text in a plain layout "
                                   "(comments are not kept); keys the form does not show stay as they are."));
    yamlHint->setWordWrap(true);
    yamlHint->setEnabled(false);
    yamlLayout->addWidget(yamlHint);
    yamlLayout->addWidget(m_yaml);
    m_tabs->addTab(yamlPage, tr("YAML"));

    // The findings under both tabs: clicking one goes to its field (or line).
    m_problemList->setMaximumHeight(m_problemList->fontMetrics().lineSpacing() * 5 + 8);
    m_problemList->setWordWrap(true);
    m_problemList->setTextElideMode(Qt::ElideNone);
    connect(m_problemList, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) { showProblem(m_problemList->row(item)); });
    connect(m_problemList, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) { showProblem(m_problemList->row(item)); });

    auto *folderLayout = new QHBoxLayout(m_folderRow);
    folderLayout->setContentsMargins(0, 0, 0, 0);
    folderLayout->addWidget(new QLabel(tr("Save in")));
    folderLayout->addWidget(m_folder, 1);
    auto *browse = new QToolButton;
    browse->setText(tr("Other…"));
    folderLayout->addWidget(browse);
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Save the capability in"), m_folder->currentData().toString());
        if (dir.isEmpty())
            return;
        m_folder->addItem(QDir::toNativeSeparators(dir), dir);
        m_folder->setCurrentIndex(m_folder->count() - 1);
    });
    connect(m_folder, &QComboBox::currentIndexChanged, this, &CapabilityEditorDialog::validate);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_problemList);
    layout->addWidget(m_folderRow);
    layout->addWidget(m_target);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &CapabilityEditorDialog::reject);
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (save())
            accept();
    });
    connect(m_yaml, &QPlainTextEdit::textChanged, this, &CapabilityEditorDialog::yamlEdited);
}

CapabilityEditorDialog::~CapabilityEditorDialog() = default;

QWidget *CapabilityEditorDialog::addField(QFormLayout *layout, const QString &key, const QString &label, QWidget *widget)
{
    widget->setObjectName(QStringLiteral("CapEditor_") + key); // CapEditor_name, CapEditor_handler.endpoint
    auto *l = new QLabel(label);
    l->setBuddy(widget);
    layout->addRow(l, widget);
    m_fields.insert(key, widget);
    m_labels.insert(widget, l);
    return widget;
}

QWidget *CapabilityEditorDialog::buildForm()
{
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_formPage = new QWidget;
    auto *outer = new QVBoxLayout(m_formPage);
    m_formBanner->setObjectName(QStringLiteral("CapEditorBanner"));
    m_formBanner->setWordWrap(true);
    m_formBanner->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_formBanner->hide();
    outer->addWidget(m_formBanner);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    outer->addLayout(form);

    m_name->setPlaceholderText(tr("domain.verb_noun, e.g. finance.get_stock_price"));
    m_version->setPlaceholderText(tr("MAJOR.MINOR.PATCH, e.g. 1.0.0"));
    m_tags->setPlaceholderText(tr("comma-separated, e.g. finance, stock"));
    addField(form, QStringLiteral("name"), tr("Name"), m_name);
    addField(form, QStringLiteral("description"), tr("Description"), m_description);
    addField(form, QStringLiteral("version"), tr("Version"), m_version);
    addField(form, QStringLiteral("tags"), tr("Tags"), m_tags);

    m_handlerType->addItem(tr("(none: composite, workflow_definition)"), QString());
    for (const char *type : kHandlerTypes)
        m_handlerType->addItem(QLatin1String(type), QLatin1String(type));
    addField(form, QStringLiteral("handler"), tr("Handler"), m_handlerType);
    // One page of fields per handler type; the first page is for no handler or an unknown type.
    auto *none = new QLabel(tr("No fields of its own here: edit the handler in the YAML tab."));
    none->setWordWrap(true);
    none->setEnabled(false);
    m_handlerPages->addWidget(none);
    for (const char *type : kHandlerTypes) {
        auto *page = new QWidget;
        auto *pageForm = new QFormLayout(page);
        pageForm->setContentsMargins(0, 0, 0, 0);
        pageForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        for (const HandlerField &f : kHandlerFields) {
            if (qstrcmp(f.type, type) != 0)
                continue;
            QWidget *w = nullptr;
            const QString placeholder = tr(f.placeholder); // examples in words are translated; code is as written
            switch (f.kind) {
            case FieldKind::Line:
                w = new QLineEdit;
                static_cast<QLineEdit *>(w)->setPlaceholderText(placeholder);
                break;
            case FieldKind::Text:
                w = textEdit(placeholder, 3, false);
                break;
            case FieldKind::Lines:
            case FieldKind::Mapping:
                w = textEdit(placeholder, 3, true);
                break;
            case FieldKind::Check:
                w = new QCheckBox(tr("answer in JSON (parsed into the outputs)"));
                break;
            case FieldKind::Method: {
                auto *c = new QComboBox;
                c->setEditable(true);
                c->addItems({QStringLiteral("GET"), QStringLiteral("POST"), QStringLiteral("PUT"), QStringLiteral("PATCH"), QStringLiteral("DELETE")});
                w = c;
                break;
            }
            }
            addField(pageForm, fieldKey(f), tr(f.label), w);
            if (auto *e = qobject_cast<QLineEdit *>(w))
                connect(e, &QLineEdit::textChanged, this, &CapabilityEditorDialog::formEdited);
            else if (auto *t = qobject_cast<QPlainTextEdit *>(w))
                connect(t, &QPlainTextEdit::textChanged, this, &CapabilityEditorDialog::formEdited);
            else if (auto *c = qobject_cast<QComboBox *>(w))
                connect(c, &QComboBox::currentTextChanged, this, &CapabilityEditorDialog::formEdited);
            else if (auto *b = qobject_cast<QCheckBox *>(w))
                connect(b, &QCheckBox::toggled, this, &CapabilityEditorDialog::formEdited);
        }
        m_handlerPages->addWidget(page);
    }
    form->addRow(QString(), m_handlerPages);
    // As tall as the page shown, not as the tallest page.
    const auto fitPage = [this](int current) {
        for (int i = 0; i < m_handlerPages->count(); ++i)
            m_handlerPages->widget(i)->setSizePolicy(QSizePolicy::Preferred, i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        m_handlerPages->updateGeometry();
    };
    connect(m_handlerPages, &QStackedWidget::currentChanged, this, fitPage);
    fitPage(m_handlerPages->currentIndex());
    m_handlerOther->setObjectName(QStringLiteral("CapEditorHandlerOther"));
    m_handlerOther->setWordWrap(true);
    m_handlerOther->setEnabled(false);
    form->addRow(QString(), m_handlerOther);

    addField(form, QStringLiteral("input_schema"), tr("Input schema"), m_inputSchema);
    addField(form, QStringLiteral("output_schema"), tr("Output schema"), m_outputSchema);
    m_otherKeys->setObjectName(QStringLiteral("CapEditorOtherKeys"));
    m_otherKeys->setWordWrap(true);
    m_otherKeys->setEnabled(false);
    outer->addWidget(m_otherKeys);
    outer->addStretch(1);

    for (QLineEdit *e : {m_name, m_version, m_tags})
        connect(e, &QLineEdit::textChanged, this, &CapabilityEditorDialog::formEdited);
    for (QPlainTextEdit *t : {m_description, m_inputSchema, m_outputSchema})
        connect(t, &QPlainTextEdit::textChanged, this, &CapabilityEditorDialog::formEdited);
    connect(m_handlerType, &QComboBox::currentIndexChanged, this, [this](int index) {
        // Page i is for the i-th type; page 0 for no handler or a type without a page.
        m_handlerPages->setCurrentIndex(index <= int(std::size(kHandlerTypes)) ? index : 0);
        formEdited();
    });
    scroll->setWidget(m_formPage);
    return scroll;
}

void CapabilityEditorDialog::startNew(const QStringList &folders)
{
    m_path.clear();
    setWindowTitle(tr("New Capability"));
    m_folder->clear();
    for (const QString &dir : folders)
        m_folder->addItem(QDir::toNativeSeparators(dir), dir);
    m_folderRow->show();
    m_formOnly = false;
    // Seed 003's shape with what can be filled in already; name and description are the user's.
    m_savedText = QStringLiteral("version: 1.0.0\n"
                                 "input_schema:\n  type: object\n  properties: {}\n"
                                 "output_schema:\n  type: object\n  properties: {}\n"
                                 "handler:\n  type: api\n  method: GET\n");
    setText(m_savedText);
    m_tabs->setCurrentIndex(0);
    m_name->setFocus();
}

bool CapabilityEditorDialog::openFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = f.errorString();
        return false;
    }
    m_path = QFileInfo(path).absoluteFilePath();
    setWindowTitle(tr("Edit Capability — %1").arg(QFileInfo(path).fileName()));
    m_folderRow->hide();
    // The form writes YAML: a JSON definition is edited as text only.
    m_formOnly = QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0;
    m_savedText = QString::fromUtf8(f.readAll());
    setText(m_savedText);
    m_tabs->setCurrentIndex(m_formPage->isEnabled() ? 0 : 1);
    return true;
}

void CapabilityEditorDialog::setText(const QString &text)
{
    m_yaml->setPlainText(text); // yamlEdited fills the form and validates
}

QString CapabilityEditorDialog::yamlText() const
{
    return m_yaml->toPlainText();
}

QString CapabilityEditorDialog::targetPath() const
{
    if (!m_path.isEmpty())
        return m_path;
    const std::optional<CapabilityFileText> file = CapabilityFileText::parse(yamlText());
    const QString name = file ? file->scalar(QStringLiteral("name")).trimmed() : QString();
    const QString folder = m_folder->currentData().toString();
    if (name.isEmpty() || folder.isEmpty() || name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\')))
        return QString();
    return QDir(folder).filePath(name + QStringLiteral(".yaml"));
}

void CapabilityEditorDialog::yamlEdited()
{
    if (m_loading)
        return;
    loadForm();
    validate();
}

void CapabilityEditorDialog::loadForm()
{
    QString why;
    const std::optional<CapabilityFileText> file = CapabilityFileText::parse(yamlText(), &why);
    const bool usable = file && !m_formOnly;
    m_formPage->setEnabled(usable);
    m_formBanner->setVisible(!usable);
    m_formBanner->setText(m_formOnly ? tr("A JSON definition: edit it in the text tab (the form would write YAML into it).")
                                     : tr("The text does not read as a definition (%1): fix it in the YAML tab.").arg(why));
    if (!usable)
        return;
    m_loading = true;
    m_fieldErrors.clear();
    setValueText(m_name, file->scalar(QStringLiteral("name")));
    setValueText(m_description, file->scalar(QStringLiteral("description")));
    setValueText(m_version, file->scalar(QStringLiteral("version")));
    setValueText(m_tags, file->list(QStringLiteral("tags")).join(QStringLiteral(", ")));
    setValueText(m_inputSchema, file->yaml(QStringLiteral("input_schema")).trimmed());
    setValueText(m_outputSchema, file->yaml(QStringLiteral("output_schema")).trimmed());
    fillHandlerFields(*file);
    const QStringList others = file->otherKeys();
    m_otherKeys->setText(others.isEmpty() ? QString() : tr("Also in this definition, kept as written (edit them in the YAML tab): %1").arg(others.join(QStringLiteral(", "))));
    m_otherKeys->setVisible(!others.isEmpty());
    m_loading = false;
}

void CapabilityEditorDialog::fillHandlerFields(const CapabilityFileText &file)
{
    const ExtraFields handler = file.handler();
    const QString type = file.contains(QStringLiteral("handler")) ? handler.value(QStringLiteral("type")).toString() : QString();
    // A type the form has no page for (mock, a typo) stays selectable as it is.
    while (m_handlerType->count() > 1 + int(std::size(kHandlerTypes)))
        m_handlerType->removeItem(m_handlerType->count() - 1);
    int index = m_handlerType->findData(type);
    if (index < 0) {
        m_handlerType->addItem(type.isEmpty() ? tr("(a handler without a type)") : type, type);
        index = m_handlerType->count() - 1;
    }
    m_handlerType->setCurrentIndex(index);
    QStringList shown{QStringLiteral("type")};
    for (const HandlerField &f : kHandlerFields) {
        QWidget *w = m_fields.value(fieldKey(f));
        const QString key = QLatin1String(f.key);
        if (qstrcmp(f.type, type.toUtf8().constData()) == 0)
            shown << key;
        switch (f.kind) {
        case FieldKind::Check:
            static_cast<QCheckBox *>(w)->setChecked(handler.value(key).toBool());
            break;
        case FieldKind::Lines: {
            QStringList lines;
            for (const QVariant &v : handler.value(key).toList())
                lines << v.toString();
            setValueText(w, lines.join(QLatin1Char('\n')));
            break;
        }
        case FieldKind::Mapping:
            setValueText(w, handler.yaml(key).trimmed());
            break;
        default:
            setValueText(w, handler.value(key).toString());
        }
    }
    QStringList kept;
    for (const QString &key : handler.keys())
        if (!shown.contains(key))
            kept << key;
    m_handlerOther->setText(kept.isEmpty() ? QString() : tr("Other handler keys, kept as written: %1").arg(kept.join(QStringLiteral(", "))));
    m_handlerOther->setVisible(!kept.isEmpty());
}

void CapabilityEditorDialog::writeHandlerFields(CapabilityFileText &file)
{
    const QString type = m_handlerType->currentData().toString();
    if (m_handlerType->currentIndex() == 0) {
        file.setHandler({});
        return;
    }
    ExtraFields handler = file.handler();
    if (handler.value(QStringLiteral("type")).toString() != type)
        handler.setValue(QStringLiteral("type"), type);
    for (const HandlerField &f : kHandlerFields) {
        const QString key = QLatin1String(f.key);
        QWidget *w = m_fields.value(fieldKey(f));
        if (type != QLatin1String(f.type)) {
            handler.remove(key); // another type's field: its widget keeps the value for a switch back
            continue;
        }
        switch (f.kind) {
        case FieldKind::Check:
            if (!static_cast<QCheckBox *>(w)->isChecked())
                handler.remove(key);
            else if (!handler.value(key).toBool())
                handler.setValue(key, true);
            break;
        case FieldKind::Lines: {
            static const QRegularExpression newline(QStringLiteral("\n"));
            const QStringList items = words(valueText(w), newline);
            if (items.isEmpty())
                handler.remove(key);
            else if (handler.value(key).toStringList() != items)
                handler.setYaml(key, CapabilityFileText::flowList(items));
            break;
        }
        case FieldKind::Mapping: {
            const QString text = valueText(w);
            if (text.trimmed().isEmpty()) {
                handler.remove(key);
            } else if (yamlTextToVariant(text).typeId() != QMetaType::QVariantMap) {
                QString canonical, why;
                canonicalizeYamlText(text, &canonical, &why);
                m_fieldErrors.insert(fieldKey(f), why.isEmpty() ? tr("write one `Name: value` per line") : why);
            } else {
                handler.setYaml(key, text);
            }
            break;
        }
        default: {
            const QString text = valueText(w).trimmed();
            if (text.isEmpty())
                handler.remove(key);
            else if (handler.value(key).toString() != text)
                handler.setValue(key, text);
        }
        }
    }
    file.setHandler(handler);
}

void CapabilityEditorDialog::formEdited()
{
    if (m_loading)
        return;
    std::optional<CapabilityFileText> file = CapabilityFileText::parse(yamlText());
    if (!file)
        return; // the form is disabled until the text reads again
    m_fieldErrors.clear();
    static const QRegularExpression comma(QStringLiteral(","));
    file->setScalar(QStringLiteral("name"), m_name->text().trimmed());
    file->setScalar(QStringLiteral("description"), m_description->toPlainText().trimmed());
    file->setScalar(QStringLiteral("version"), m_version->text().trimmed());
    file->setList(QStringLiteral("tags"), words(m_tags->text(), comma));
    for (auto [key, edit] : {std::pair{QStringLiteral("input_schema"), m_inputSchema}, std::pair{QStringLiteral("output_schema"), m_outputSchema}}) {
        const QString schemaText = edit->toPlainText();
        QString why;
        if (file->setYaml(key, schemaText, &why))
            continue;
        // Not YAML (nor JSON, which is YAML): JSON-looking text gets the JSON parser's place,
        // which is where the slip is (yaml-cpp often names the end of the text instead).
        if (const QString t = schemaText.trimmed(); t.startsWith(QLatin1Char('{')) || t.startsWith(QLatin1Char('['))) {
            QJsonParseError error;
            QJsonDocument::fromJson(schemaText.toUtf8(), &error);
            if (error.error != QJsonParseError::NoError) {
                const QByteArray bytes = schemaText.toUtf8().left(error.offset);
                const int line = int(bytes.count('\n')) + 1;
                const int column = int(QString::fromUtf8(bytes.mid(bytes.lastIndexOf('\n') + 1)).size()) + 1;
                why = tr("line %1, column %2 of the schema: %3").arg(line).arg(column).arg(error.errorString());
            }
        }
        m_fieldErrors.insert(key, why); // the text keeps the last schema that read; its findings are not shown
    }
    writeHandlerFields(*file);
    const QString text = file->toYaml();
    if (text != yamlText()) {
        m_loading = true;
        m_yaml->setPlainText(text);
        m_loading = false;
    }
    validate();
}

QString CapabilityEditorDialog::fieldOf(const Diagnostic &d) const
{
    static const QRegularExpression quotedKey(QStringLiteral("'([a-z_]+)'"));
    if (d.code == QLatin1String("missing-field")) {
        // Missing fields point at the mapping, not at a line of their own: the message names them.
        for (auto it = quotedKey.globalMatch(d.message); it.hasNext();) {
            const QString key = it.next().captured(1);
            if (m_fields.contains(key))
                return key;
        }
    }
    if (d.code == QLatin1String("bad-handler") || d.code == QLatin1String("handler-and-workflow")) {
        for (const HandlerField &f : kHandlerFields)
            if (m_handlerType->currentData().toString() == QLatin1String(f.type) && d.message.contains(QLatin1Char('\'') + QLatin1String(f.key) + QLatin1Char('\'')))
                return fieldKey(f);
        return QStringLiteral("handler");
    }
    if (d.line <= 0 || d.code == QLatin1String("yaml-syntax"))
        return QString();
    const QString key = CapabilityFileText::keyAtLine(yamlText(), d.line);
    return m_fields.contains(key) ? key : QString();
}

void CapabilityEditorDialog::validate()
{
    m_problems.clear();
    const QString target = targetPath();
    for (const Diagnostic &d : CapabilityReader::parse(yamlText().toUtf8(), target).diagnostics) {
        // Findings about a field whose text does not read are about the last text that did:
        // not shown (the field's own error is); all the others are recomputed whole each time.
        const QString field = fieldOf(d);
        if (m_fieldErrors.contains(field))
            continue;
        // A missing field's line is the mapping's first one: no help, the field says where.
        m_problems.append({field, d.localMessage(), d.code == QLatin1String("missing-field") ? 0 : d.line, d.severity == Severity::Error});
    }
    for (auto it = m_fieldErrors.cbegin(); it != m_fieldErrors.cend(); ++it)
        m_problems.append({it.key(), it.value(), 0, true});
    if (m_path.isEmpty() && !target.isEmpty() && QFileInfo::exists(target))
        m_problems.append({QStringLiteral("name"),
                           tr("%1 already exists in that folder: choose another name, or close this and edit that file")
                               .arg(QFileInfo(target).fileName()),
                           0, true});

    // The list, the labels of the fields concerned, and the lines in the text.
    for (auto it = m_labels.cbegin(); it != m_labels.cend(); ++it) {
        it.value()->setStyleSheet(QString());
        it.key()->setToolTip(QString());
    }
    m_problemList->clear();
    QList<QTextEdit::ExtraSelection> marks;
    int errors = 0;
    for (const Problem &p : std::as_const(m_problems)) {
        errors += p.error ? 1 : 0;
        QStringList where;
        if (!p.field.isEmpty())
            where << p.field;
        if (p.line > 0)
            where << tr("line %1").arg(p.line);
        auto *item = new QListWidgetItem(where.isEmpty() ? p.text : tr("%1: %2", "where: what is wrong").arg(where.join(tr(", ", "between places")), p.text),
                                         m_problemList);
        item->setForeground(p.error ? QColor(0xb3261e) : QColor(0x9a6700));
        if (QWidget *w = m_fields.value(p.field)) {
            if (QLabel *label = m_labels.value(w))
                label->setStyleSheet(QStringLiteral("color: #b3261e;"));
            w->setToolTip(w->toolTip().isEmpty() ? p.text : w->toolTip() + QLatin1Char('\n') + p.text);
        }
        if (p.line > 0) {
            QTextEdit::ExtraSelection mark;
            mark.cursor = QTextCursor(m_yaml->document()->findBlockByNumber(p.line - 1));
            mark.format.setBackground(QColor(255, 0, 0, 36));
            mark.format.setProperty(QTextFormat::FullWidthSelection, true);
            marks << mark;
        }
    }
    m_yaml->setExtraSelections(marks);
    m_problemList->setVisible(!m_problems.isEmpty());
    const bool ready = errors == 0 && !target.isEmpty();
    m_save->setEnabled(ready);
    if (ready && m_path.isEmpty())
        m_status->setText(tr("No problems: Save writes %1").arg(QDir::toNativeSeparators(target)));
    else if (ready)
        m_status->setText(tr("No problems."));
    else if (errors > 0)
        m_status->setText(tr("To fix before saving (%1):").arg(errors));
    else
        m_status->setText(tr("Choose a folder to save in."));
    m_status->setStyleSheet(ready ? QStringLiteral("color: #1e7e34;") : QString());
    m_target->setText(m_folderRow->isHidden() ? tr("File: %1").arg(QDir::toNativeSeparators(m_path)) : QString());
    m_target->setVisible(!m_target->text().isEmpty());
}

void CapabilityEditorDialog::showProblem(int row)
{
    if (row < 0 || row >= m_problems.size())
        return;
    const Problem &p = m_problems.at(row);
    QWidget *w = m_fields.value(p.field);
    if (w && m_formPage->isEnabled()) {
        m_tabs->setCurrentIndex(0);
        w->setFocus();
        return;
    }
    m_tabs->setCurrentIndex(1);
    if (p.line > 0) {
        m_yaml->setTextCursor(QTextCursor(m_yaml->document()->findBlockByNumber(p.line - 1)));
        m_yaml->centerCursor();
    }
    m_yaml->setFocus();
}

QStringList CapabilityEditorDialog::problems() const
{
    QStringList out;
    for (int i = 0; i < m_problemList->count(); ++i)
        out << m_problemList->item(i)->text();
    return out;
}

bool CapabilityEditorDialog::canSave() const
{
    return m_save->isEnabled();
}

bool CapabilityEditorDialog::save(QString *error)
{
    const auto fail = [&](const QString &why) {
        m_status->setText(tr("Not saved: %1").arg(why));
        m_status->setStyleSheet(QStringLiteral("color: #b3261e;"));
        if (error)
            *error = why;
        return false;
    };
    validate();
    if (!canSave())
        return fail(tr("fix the problems listed first"));
    const QString path = targetPath();
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return fail(tr("cannot create the folder %1").arg(QFileInfo(path).absolutePath()));
    // Atomic: the old file stays whole until the new one is complete.
    if (QString why; !writeFileAtomically(path, yamlText().toUtf8(), &why))
        return fail(why);
    m_path = path;
    m_savedText = yamlText();
    emit saved(path);
    return true;
}

void CapabilityEditorDialog::reject()
{
    if (yamlText() != m_savedText && !m_prompts->askYesNo(this, windowTitle(), tr("Discard the changes to this capability?")))
        return;
    QDialog::reject();
}

} // namespace capgraph::editor
