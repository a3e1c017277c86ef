#include "catalog/CapabilitiesDock.h"

#include "catalog/CapabilityCatalog.h"
#include "catalog/CapabilityEditorDialog.h"
#include "catalog/CapabilityList.h"
#include "catalog/CapabilityText.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
QToolButton *button(const QString &name, const QString &text, const QString &tip)
{
    auto *b = new QToolButton;
    b->setObjectName(name);
    b->setText(text);
    b->setToolTip(tip);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return b;
}

// A handler type as the list shows it: the type's own name, or "composite" in words.
QString handlerName(const QString &type)
{
    return type == QLatin1String("composite") ? QCoreApplication::translate("capgraph::editor::CapabilitiesDock", "composite") : type;
}

QString place(const QString &file, int line)
{
    return line > 0 ? QStringLiteral("%1:%2").arg(QFileInfo(file).fileName()).arg(line) : QFileInfo(file).fileName();
}
} // namespace

CapabilitiesDock::CapabilitiesDock(CapabilityCatalog *catalog, QWidget *parent)
    : QDockWidget(parent)
    , m_catalog(catalog)
    , m_search(new QLineEdit)
    , m_tags(new QComboBox)
    , m_summary(new QLabel)
    , m_list(new CapabilityList(catalog))
    , m_detailTabs(new QTabWidget)
    , m_details(new QTextBrowser)
    , m_rawJson(new QPlainTextEdit)
{
    setObjectName(QStringLiteral("CapabilitiesDock"));
    m_search->setObjectName(QStringLiteral("CapSearch"));
    m_search->setClearButtonEnabled(true);
    m_tags->setObjectName(QStringLiteral("CapTags"));
    m_tags->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_tags->setMinimumContentsLength(6);
    m_summary->setObjectName(QStringLiteral("CapSummary"));
    m_summary->setWordWrap(true);
    m_summary->setEnabled(false); // muted
    m_details->setObjectName(QStringLiteral("CapDetails"));
    m_details->setOpenLinks(false);
    m_details->setFrameShape(QFrame::NoFrame);
    m_details->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere); // long URLs too
    m_rawJson->setObjectName(QStringLiteral("CapRawJson"));
    m_rawJson->setReadOnly(true);
    m_rawJson->setFrameShape(QFrame::NoFrame);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_rawJson->setFont(mono);
    m_detailTabs->setObjectName(QStringLiteral("CapDetailTabs"));
    m_detailTabs->setDocumentMode(true);
    m_detailTabs->addTab(m_details, QString());
    m_detailTabs->addTab(m_rawJson, QString());

    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 3);
    filters->addWidget(m_tags, 2);
    layout->addLayout(filters);
    layout->addWidget(m_summary);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_list);
    split->addWidget(m_detailTabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    auto *buttons = new QHBoxLayout;
    QToolButton *add = button(QStringLiteral("CapNew"), QString(), QString());
    QToolButton *edit = button(QStringLiteral("CapEdit"), QString(), QString());
    QToolButton *folder = button(QStringLiteral("CapFolder"), QString(), QString());
    QToolButton *reload = button(QStringLiteral("CapReload"), QString(), QString());
    m_texts([=, this] {
        setWindowTitle(tr("Capabilities"));
        m_search->setPlaceholderText(tr("Search…"));
        m_search->setToolTip(tr("Find capabilities by name, tag or description"));
        m_tags->setToolTip(tr("Only capabilities with this tag"));
        m_detailTabs->setTabText(0, tr("Details"));
        m_detailTabs->setTabText(1, tr("JSON"));
        add->setText(tr("New…"));
        add->setToolTip(tr("Write a new capability definition"));
        edit->setText(tr("Edit…"));
        edit->setToolTip(tr("Edit the selected definition (or double-click it)"));
        folder->setText(tr("Folder"));
        folder->setToolTip(tr("Show the folder of the selected definition (or where new ones go)"));
        reload->setText(tr("Reload"));
        reload->setToolTip(tr("Read the definition folders again"));
    });
    for (QToolButton *b : {add, edit, folder})
        buttons->addWidget(b);
    buttons->addStretch(1);
    buttons->addWidget(reload);
    layout->addLayout(buttons);
    setWidget(body);

    connect(add, &QToolButton::clicked, this, &CapabilitiesDock::newCapability);
    connect(edit, &QToolButton::clicked, this, &CapabilitiesDock::editSelected);
    connect(folder, &QToolButton::clicked, this, &CapabilitiesDock::revealFolder);
    connect(reload, &QToolButton::clicked, m_catalog, &CapabilityCatalog::reload);
    connect(m_list, &QListWidget::itemActivated, this, &CapabilitiesDock::editSelected);
    connect(m_list, &QListWidget::currentItemChanged, this, &CapabilitiesDock::showDetails);
    connect(m_search, &QLineEdit::textChanged, this, &CapabilitiesDock::rebuild);
    connect(m_tags, &QComboBox::currentIndexChanged, this, &CapabilitiesDock::rebuild);
    connect(m_details, &QTextBrowser::anchorClicked, this, [this] { editSelected(); });
    connect(m_catalog, &CapabilityCatalog::changed, this, &CapabilitiesDock::rebuild);
    rebuild();
}

void CapabilitiesDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        rebuild(); // the list's tooltips, the summary and the details
    }
    QDockWidget::changeEvent(event);
}

QString CapabilitiesDock::currentName() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item && item->data(CapabilityList::KindRole).toInt() == CapabilityList::CapabilityEntry
               ? item->data(CapabilityList::NameRole).toString()
               : QString();
}

bool CapabilitiesDock::selectCapability(const QString &name)
{
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->data(CapabilityList::KindRole).toInt() == CapabilityList::CapabilityEntry
            && m_list->item(i)->data(CapabilityList::NameRole).toString() == name) {
            m_list->setCurrentRow(i);
            m_list->scrollToItem(m_list->item(i));
            return true;
        }
    return false;
}

QString CapabilitiesDock::detailsText() const
{
    return m_details->toPlainText();
}

QString CapabilitiesDock::summaryText() const
{
    return m_summary->text();
}

void CapabilitiesDock::rebuild()
{
    const CapabilityRegistry &registry = m_catalog->registry();
    const QList<const Capability *> all = registry.all();

    // The tag choices: every tag with how many capabilities carry it.
    const QString tag = m_tags->currentData().toString();
    QMap<QString, int> tagCounts; // sorted, case-insensitively merged under the first spelling
    for (const Capability *c : all)
        for (const QString &t : c->tags)
            ++tagCounts[t.toLower()];
    {
        const QSignalBlocker block(m_tags);
        m_tags->clear();
        m_tags->addItem(tr("All tags"), QString());
        for (auto it = tagCounts.cbegin(); it != tagCounts.cend(); ++it)
            m_tags->addItem(QStringLiteral("%1 (%2)").arg(it.key()).arg(it.value()), it.key());
        m_tags->setCurrentIndex(qMax(0, m_tags->findData(tag)));
    }
    const QString activeTag = m_tags->currentData().toString();
    const QString query = m_search->text().trimmed();

    const QString selected = currentName();
    const QString selectedFile = m_list->currentItem() ? m_list->currentItem()->data(CapabilityList::FileRole).toString() : QString();
    const QSignalBlocker block(m_list);
    m_list->clear();
    int shown = 0;
    for (const Capability *c : registry.search(query)) {
        if (!activeTag.isEmpty() && !c->tags.contains(activeTag, Qt::CaseInsensitive))
            continue;
        auto *item = new QListWidgetItem(c->name, m_list);
        item->setData(CapabilityList::KindRole, CapabilityList::CapabilityEntry);
        item->setData(CapabilityList::NameRole, c->name);
        item->setData(CapabilityList::FileRole, c->file);
        item->setData(CapabilityList::LineRole, c->line);
        QStringList detail;
        if (!c->version.isEmpty())
            detail << c->version;
        detail << handlerName(c->handlerType());
        item->setData(CapabilityList::DetailRole, detail.join(QStringLiteral(" · ")));
        item->setData(CapabilityList::SummaryRole, c->description);
        item->setToolTip(tr("%1\n\nDrag onto the canvas for a skill node bound to it; double-click to edit.").arg(c->description));
        ++shown;
    }
    // Files that did not load (and duplicates): one entry per file, its first finding.
    QMap<QString, Diagnostics> byFile;
    for (const Diagnostic &d : registry.diagnostics())
        byFile[d.file].append(d);
    int broken = 0;
    for (auto it = byFile.cbegin(); it != byFile.cend(); ++it) {
        const Diagnostic &first = it.value().first();
        const bool error = hasErrors(it.value());
        broken += error ? 1 : 0;
        const QString title = place(it.key(), first.line);
        if (!activeTag.isEmpty()
            || (!query.isEmpty() && !title.contains(query, Qt::CaseInsensitive) && !first.message.contains(query, Qt::CaseInsensitive)))
            continue;
        auto *item = new QListWidgetItem(title, m_list);
        item->setFlags(item->flags() & ~Qt::ItemIsDragEnabled);
        item->setData(CapabilityList::KindRole, error ? CapabilityList::ProblemEntry : CapabilityList::WarningEntry);
        item->setData(CapabilityList::FileRole, it.key());
        item->setData(CapabilityList::LineRole, first.line);
        item->setData(CapabilityList::DetailRole, error ? tr("does not load") : tr("warning"));
        QString summary = first.localMessage();
        if (it.value().size() > 1)
            summary += tr(" (+%n more)", nullptr, int(it.value().size() - 1));
        item->setData(CapabilityList::SummaryRole, summary);
        QStringList findings;
        for (const Diagnostic &d : it.value())
            findings << (d.line > 0 ? tr("line %1: %2").arg(d.line).arg(d.localMessage()) : d.localMessage());
        item->setToolTip(findings.join(QLatin1Char('\n')));
    }

    if (all.isEmpty() && byFile.isEmpty()) {
        const QStringList folders = m_catalog->folders();
        m_summary->setText(folders.isEmpty() ? tr("No capability definitions. New… writes one into %1.")
                                                   .arg(QDir::toNativeSeparators(m_catalog->saveFolders().value(0)))
                                             : tr("No capability definitions in %1.").arg(QDir::toNativeSeparators(folders.join(QStringLiteral(", ")))));
    } else {
        QString text = shown == all.size() ? tr("Capabilities: %1").arg(all.size()) : tr("Capabilities: %1 of %2").arg(shown).arg(all.size());
        if (broken > 0)
            text += tr(" · files with errors: %1").arg(broken);
        m_summary->setText(text);
    }
    m_summary->setToolTip(tr("Read from:\n%1").arg(QDir::toNativeSeparators(m_catalog->folders().join(QLatin1Char('\n')))));

    // Keep what was selected when it is still listed.
    bool reselected = !selected.isEmpty() && selectCapability(selected);
    for (int i = 0; !reselected && !selectedFile.isEmpty() && i < m_list->count(); ++i)
        if (m_list->item(i)->data(CapabilityList::FileRole).toString() == selectedFile) {
            m_list->setCurrentRow(i);
            reselected = true;
        }
    if (!reselected && m_list->count() > 0)
        m_list->setCurrentRow(0);
    showDetails();
}

void CapabilitiesDock::showDetails()
{
    const QListWidgetItem *item = m_list->currentItem();
    if (!item) {
        m_details->clear();
        m_rawJson->clear();
        return;
    }
    const QString file = item->data(CapabilityList::FileRole).toString();
    const QString link = QStringLiteral("<a href='edit'>%1</a>").arg(place(file, item->data(CapabilityList::LineRole).toInt()).toHtmlEscaped());
    const Capability *c = item->data(CapabilityList::KindRole).toInt() == CapabilityList::CapabilityEntry
                              ? m_catalog->registry().resolve(item->data(CapabilityList::NameRole).toString())
                              : nullptr;
    if (!c) {
        // A file that did not load: every finding with its line.
        QString html = QStringLiteral("<p><b>%1</b></p>").arg(link);
        for (const Diagnostic &d : m_catalog->diagnostics())
            if (d.file == file)
                html += QStringLiteral("<p style='color:%1'>%2%3</p>")
                            .arg(d.severity == Severity::Error ? QStringLiteral("#b3261e") : QStringLiteral("#9a6700"),
                                 d.line > 0 ? tr("line %1: ").arg(d.line) : QString(), d.localMessage().toHtmlEscaped());
        html += QStringLiteral("<p style='color:gray'>%1</p>").arg(QDir::toNativeSeparators(file).toHtmlEscaped());
        m_details->setHtml(html);
        m_rawJson->clear();
        return;
    }
    QString html = QStringLiteral("<p style='margin-bottom:2px'><b style='font-size:large'>%1</b></p>").arg(c->name.toHtmlEscaped());
    QStringList facts;
    if (!c->version.isEmpty())
        facts << tr("version %1").arg(c->version);
    facts << (c->handlerType() == QLatin1String("composite") ? tr("composite capability") : tr("%1 handler").arg(c->handlerType()));
    html += QStringLiteral("<p style='color:gray;margin-top:0'>%1</p>").arg(facts.join(QStringLiteral(" · ")).toHtmlEscaped());
    if (!c->tags.isEmpty()) {
        QStringList chips;
        for (const QString &t : c->tags)
            chips << QStringLiteral("<span style='background:#e3ecf7;color:#1f4e79'>&nbsp;%1&nbsp;</span>").arg(t.toHtmlEscaped());
        html += QStringLiteral("<p>%1</p>").arg(chips.join(QStringLiteral(" ")));
    }
    html += QStringLiteral("<p>%1</p>").arg(c->description.toHtmlEscaped());
    if (const QString target = CapabilityText::handlerTarget(*c); !target.isEmpty())
        html += QStringLiteral("<p><b>%1</b><br><code>%2</code></p>").arg(tr("Handler"), target.toHtmlEscaped());
    html += QStringLiteral("<p style='margin-bottom:2px'><b>%1</b></p>").arg(tr("Input"));
    html += CapabilityText::schemaHtml(c->inputSchema);
    html += QStringLiteral("<p style='margin-bottom:2px'><b>%1</b></p>").arg(tr("Output"));
    html += CapabilityText::schemaHtml(c->outputSchema);
    html += QStringLiteral("<p style='color:gray'>%1 %2</p>").arg(tr("Defined in"), link);
    m_details->setHtml(html);
    QJsonObject raw{{QStringLiteral("input_schema"), c->inputSchema}, {QStringLiteral("output_schema"), c->outputSchema}};
    raw.insert(c->isComposite() ? QStringLiteral("workflow_definition") : QStringLiteral("handler"), c->isComposite() ? c->workflowDefinition : c->handler);
    m_rawJson->setPlainText(QString::fromUtf8(QJsonDocument(raw).toJson(QJsonDocument::Indented)));
}

void CapabilitiesDock::revealFolder()
{
    const QListWidgetItem *item = m_list->currentItem();
    const QString dir = item ? QFileInfo(item->data(CapabilityList::FileRole).toString()).absolutePath() : m_catalog->saveFolders().value(0);
    if (dir.isEmpty() || !QDir().mkpath(dir)) // where new ones go may not exist yet
        return;
    emit statusMessage(tr("Capabilities folder: %1").arg(QDir::toNativeSeparators(dir)));
    QDesktopServices::openUrl(QUrl::fromLocalFile(dir));
}

CapabilityEditorDialog *CapabilitiesDock::editSelected()
{
    const QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return nullptr;
    auto *dialog = new CapabilityEditorDialog(m_prompts, window());
    QString why;
    if (!dialog->openFile(item->data(CapabilityList::FileRole).toString(), &why)) {
        emit statusMessage(tr("Cannot open %1: %2").arg(item->data(CapabilityList::FileRole).toString(), why));
        delete dialog;
        return nullptr;
    }
    return openEditor(dialog);
}

CapabilityEditorDialog *CapabilitiesDock::newCapability()
{
    auto *dialog = new CapabilityEditorDialog(m_prompts, window());
    dialog->startNew(m_catalog->saveFolders());
    return openEditor(dialog);
}

CapabilityEditorDialog *CapabilitiesDock::openEditor(CapabilityEditorDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CapabilityEditorDialog::saved, this, [this](const QString &path) {
        m_catalog->reload(); // now, not after the watcher's delay (a new folder is not watched yet)
        const CapabilityLoadResult saved = CapabilityReader::readFile(path);
        if (saved.capability)
            selectCapability(saved.capability->name);
        emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    });
    dialog->open();
    return dialog;
}

} // namespace capgraph::editor
