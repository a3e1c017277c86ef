#include "window/StudioTheme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>

namespace capgraph::editor {

bool StudioTheme::s_dark = false;

void StudioTheme::apply(bool dark)
{
    // What the platform gave, before the first switch.
    static const QPalette platform = QApplication::palette();
    static const QString platformStyle = QApplication::style()->name();
    s_dark = dark;
    if (!dark) {
        QApplication::setStyle(platformStyle);
        QApplication::setPalette(platform);
        return;
    }
    QApplication::setStyle(QStringLiteral("Fusion"));
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b2f35));
    p.setColor(QPalette::WindowText, QColor(0xe8e8e8));
    p.setColor(QPalette::Base, QColor(0x1e2227));
    p.setColor(QPalette::AlternateBase, QColor(0x262a30));
    p.setColor(QPalette::Text, QColor(0xe8e8e8));
    p.setColor(QPalette::Button, QColor(0x33383f));
    p.setColor(QPalette::ButtonText, QColor(0xe8e8e8));
    p.setColor(QPalette::Highlight, QColor(0x2f7de1));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x33383f));
    p.setColor(QPalette::ToolTipText, QColor(0xe8e8e8));
    p.setColor(QPalette::PlaceholderText, QColor(0x8a9099));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6b7280));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6b7280));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6b7280));
    QApplication::setPalette(p);
}

QColor StudioTheme::ink()
{
    return s_dark ? QColor(0xe8e8e8) : QColor(0x374151);
}

} // namespace capgraph::editor
