#include "planview/PlanCard.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLocale>
#include <QTextLayout>

#include <algorithm>

namespace capgraph::editor::PlanCard {

QFont titleFont()
{
    QFont f;
    f.setPixelSize(TitlePixels);
    f.setBold(true);
    return f;
}

QFont metaFont()
{
    QFont f;
    f.setPixelSize(MetaPixels);
    return f;
}

double titleLineHeight()
{
    return QFontMetricsF(titleFont()).lineSpacing();
}

QStringList titleLines(const QString &title, bool wholeTitle)
{
    const int maxLines = wholeTitle ? MaxExportTitleLines : MaxTitleLines;
    // Only what can be drawn is laid out: no glyph of the title font is narrower than a pixel
    // and a half, so maxLines lines never hold more than this many characters.
    const qsizetype enough = qsizetype(maxLines) * qsizetype(TextWidth / 1.5) + 16;
    QString text = title.left(enough * 4).simplified();
    bool cut = title.size() > enough * 4 && !title.mid(enough * 4).trimmed().isEmpty();
    if (text.size() > enough) {
        text.truncate(enough);
        cut = true;
    }
    if (text.isEmpty())
        return {};
    QTextLayout layout(text, titleFont());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    QStringList lines;
    int lastStart = 0;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(TextWidth);
        if (lines.size() == maxLines - 1) {
            lastStart = line.textStart();
            lines << QString(); // the last line shown: the rest of the title, elided below
            break;
        }
        lines << text.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    const QFontMetricsF metrics(titleFont());
    if (lines.size() == maxLines)
        lines.last() = metrics.elidedText(text.mid(lastStart).trimmed(), Qt::ElideRight, TextWidth);
    if (cut && !lines.isEmpty() && !lines.last().endsWith(QChar(0x2026))) { // what is drawn fits, but the title goes on
        const QString ellipsis(QChar(0x2026));
        QString &last = lines.last();
        while (!last.isEmpty() && metrics.horizontalAdvance(last + ellipsis) > TextWidth)
            last.chop(1);
        last += ellipsis;
    }
    return lines;
}

QString bounded(const QString &text, int maxChars)
{
    if (text.size() <= maxChars)
        return text;
    return QCoreApplication::translate("capgraph::editor::PlanCard", "%1… (%2 more characters)")
        .arg(text.left(maxChars), QLocale().toString(text.size() - maxChars));
}

QSizeF size(const PlanTask &task, bool wholeTitle)
{
    const qsizetype lines = std::max<qsizetype>(1, titleLines(task.title.isEmpty() ? task.id : task.title, wholeTitle).size());
    // title, the assignee's line, the bottom line (id and status) and the paddings between
    const double height = TitleTop + double(lines) * titleLineHeight() + 2 + 16 + 6 + 18 + 6;
    return QSizeF(Width, std::max(MinHeight, std::ceil(height)));
}

double legibleZoom()
{
    return LegiblePixels / TitlePixels;
}

} // namespace capgraph::editor::PlanCard
