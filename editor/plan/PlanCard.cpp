#include "plan/PlanCard.h"

#include <QFontMetricsF>
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
    const QString text = title.simplified();
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
        if (!wholeTitle && lines.size() == MaxTitleLines - 1) {
            lastStart = line.textStart();
            lines << QString(); // the last line shown: the rest of the title, elided below
            break;
        }
        lines << text.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    if (!wholeTitle && lines.size() == MaxTitleLines)
        lines.last() = QFontMetricsF(titleFont()).elidedText(text.mid(lastStart).trimmed(), Qt::ElideRight, TextWidth);
    return lines;
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
