#include "window/HelpBrowser.h"

#include "ui/StudioPaths.h"

#include <QDir>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>

namespace capgraph::editor {

namespace {

// A guide's title: its first "# " line.
QString titleOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QFileInfo(path).completeBaseName();
    for (int i = 0; i < 20 && !f.atEnd(); ++i) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.startsWith(QLatin1String("# ")))
            return line.mid(2).remove(QLatin1Char('`')).trimmed(); // the text, not its markdown
    }
    return QFileInfo(path).completeBaseName();
}

} // namespace

HelpBrowser::HelpBrowser(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_guides(new QListWidget(this))
    , m_page(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("HelpBrowser"));
    m_guides->setObjectName(QStringLiteral("HelpGuides"));
    m_page->setObjectName(QStringLiteral("HelpPage"));
    m_page->setOpenExternalLinks(true); // the web in the browser; the guides' links here
    auto *split = new QSplitter(this);
    split->addWidget(m_guides);
    split->addWidget(m_page);
    split->setStretchFactor(1, 1);
    split->setSizes({200, 700});
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    const QString dir = StudioPaths::docsDir();
    // The studio's own guide first, then the others as the README lists them.
    const QStringList order{QStringLiteral("studio.md"), QStringLiteral("graph-format.md"), QStringLiteral("execution.md"),
                            QStringLiteral("depth-control.md"), QStringLiteral("capabilities.md"), QStringLiteral("plans.md"),
                            QStringLiteral("metrics.md"), QStringLiteral("path.md"), QStringLiteral("layout.md"),
                            QStringLiteral("cli.md"), QStringLiteral("reliability.md")};
    QStringList files = QDir(dir).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    std::stable_sort(files.begin(), files.end(), [&order](const QString &a, const QString &b) {
        const auto rank = [&order](const QString &f) { return order.contains(f) ? order.indexOf(f) : int(order.size()); };
        return rank(a) < rank(b);
    });
    for (const QString &f : std::as_const(files)) {
        auto *item = new QListWidgetItem(titleOf(QDir(dir).filePath(f)), m_guides);
        item->setData(Qt::UserRole, QDir(dir).filePath(f));
        item->setToolTip(f);
    }
    connect(m_guides, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item)
            m_page->setSource(QUrl::fromLocalFile(item->data(Qt::UserRole).toString()), QTextDocument::MarkdownResource);
    });
    if (files.isEmpty())
        m_page->setPlainText(QStringLiteral("—"));
    m_texts([this, dir, empty = files.isEmpty()] {
        setWindowTitle(tr("CapGraph Studio User Guide"));
        if (empty)
            m_page->setPlainText(tr("The documentation was not found (looked in %1). It is installed with the studio's package, "
                                    "under /usr/share/doc/capgraph-studio.")
                                     .arg(dir.isEmpty() ? QStringLiteral("share/doc/capgraph-studio") : dir));
    });
    if (m_guides->count())
        m_guides->setCurrentRow(0);
    resize(1000, 700);
}

bool HelpBrowser::showGuide(const QString &fileName)
{
    for (int i = 0; i < m_guides->count(); ++i)
        if (QFileInfo(m_guides->item(i)->data(Qt::UserRole).toString()).fileName() == fileName) {
            m_guides->setCurrentRow(i);
            return true;
        }
    return false;
}

void HelpBrowser::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_texts.retranslate();
    QWidget::changeEvent(event);
}

} // namespace capgraph::editor
