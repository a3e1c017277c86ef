#include "view/SubgraphPreview.h"

#include "document/GraphDocument.h"
#include "scene/GraphScene.h"

#include <QApplication>
#include <QFileInfo>
#include <QLabel>
#include <QPainter>
#include <QScreen>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
constexpr int Width = 440;
constexpr int Height = 240;
} // namespace

SubgraphPreview::SubgraphPreview(QWidget *parent)
    : QFrame(parent, Qt::ToolTip | Qt::FramelessWindowHint)
    , m_title(new QLabel(this))
    , m_picture(new QLabel(this))
{
    setObjectName(QStringLiteral("SubgraphPreview"));
    setAttribute(Qt::WA_ShowWithoutActivating);
    setFrameShape(QFrame::Box);
    setForegroundRole(QPalette::ToolTipText);
    setBackgroundRole(QPalette::ToolTipBase);
    setAutoFillBackground(true);
    m_title->setObjectName(QStringLiteral("SubgraphPreviewTitle"));
    m_picture->setObjectName(QStringLiteral("SubgraphPreviewPicture"));
    m_title->setWordWrap(true);
    m_title->setMaximumWidth(Width);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(m_title);
    layout->addWidget(m_picture);
}

QPixmap SubgraphPreview::picture(const QString &file, bool dark, QString *why)
{
    const QDateTime modified = QFileInfo(file).lastModified();
    auto it = m_cache.find(file);
    if (it == m_cache.end() || it->modified != modified || it->dark != dark) {
        Cached c;
        c.modified = modified;
        c.dark = dark;
        // The graph as the canvas draws it: a document and a scene of its own, for a moment.
        GraphDocument document;
        QString error, localError;
        if (!document.load(file, &error, &localError)) {
            c.why = localError;
        } else {
            GraphScene scene(&document);
            scene.setDark(dark);
            scene.setExporting(true); // no grid, no hover marks
            const QRectF source = scene.itemsBoundingRect().adjusted(-16, -16, 16, 16);
            const double dpr = qApp->devicePixelRatio();
            QSizeF size = source.size().scaled(QSizeF(Width, Height), Qt::KeepAspectRatio);
            if (source.width() < Width && source.height() < Height)
                size = source.size(); // never larger than the canvas's own size
            QPixmap pixmap((size * dpr).toSize());
            pixmap.setDevicePixelRatio(dpr);
            pixmap.fill(dark ? QColor(0x2b2b2b) : QColor(Qt::white)); // (the scene paints its background over it)
            QPainter painter(&pixmap);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            scene.render(&painter, QRectF(QPointF(0, 0), size), source, Qt::KeepAspectRatio);
            painter.end();
            c.pixmap = pixmap;
            c.summary = tr("%n node(s)", nullptr, int(document.graph().nodes.size()));
        }
        it = m_cache.insert(file, c);
    }
    if (why)
        *why = it->why;
    return it->pixmap;
}

void SubgraphPreview::showFor(const QString &file, const QString &caption, const QPoint &globalPos, bool dark)
{
    QString why;
    const QPixmap pixmap = picture(file, dark, &why);
    m_file = file;
    const Cached &c = m_cache[file];
    m_title->setText(why.isEmpty() ? tr("<b>%1</b> runs %2 · %3").arg(caption.toHtmlEscaped(), QFileInfo(file).fileName().toHtmlEscaped(), c.summary)
                                   : tr("<b>%1</b>: %2 does not load:<br>%3")
                                         .arg(caption.toHtmlEscaped(), QFileInfo(file).fileName().toHtmlEscaped(), why.toHtmlEscaped()));
    m_picture->setPixmap(pixmap);
    m_picture->setVisible(!pixmap.isNull());
    adjustSize();
    // Below and right of the pointer, inside the screen.
    QPoint at = globalPos + QPoint(16, 20);
    if (const QScreen *screen = QGuiApplication::screenAt(globalPos)) {
        const QRect area = screen->availableGeometry();
        if (at.x() + width() > area.right())
            at.setX(globalPos.x() - width() - 8);
        if (at.y() + height() > area.bottom())
            at.setY(globalPos.y() - height() - 8);
    }
    move(at);
    show();
    raise();
}

} // namespace capgraph::editor
