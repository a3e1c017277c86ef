#pragma once

// A studio window at the default size (1280 x 800), shown, and the mouse gestures the GUI
// suites drive it with. For suites linking capgraph_editor.

#include "TestPrompts.h"

#include "view/GraphView.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImage>

#include <cstdlib>
#include <QMouseEvent>
#include <QtTest>

namespace capgraph::editor::testing {

// One of resources/examples.
inline QString example(const char *name)
{
    return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/") + QLatin1String(name);
}

// A copy of an example and its mocks in `dir` (pins are written beside the graph, run
// histories are the graph's: never into the sources).
inline QString copyExample(const QString &dir, const QString &name)
{
    const QString src = QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/");
    QDir(dir).mkpath(QStringLiteral("mocks"));
    QFile::copy(src + name + QStringLiteral(".yaml"), dir + QLatin1Char('/') + name + QStringLiteral(".yaml"));
    QFile::copy(src + QStringLiteral("mocks/") + name + QStringLiteral(".mock.yaml"), dir + QStringLiteral("/mocks/") + name + QStringLiteral(".mock.yaml"));
    return dir + QLatin1Char('/') + name + QStringLiteral(".yaml");
}

// How many pixels of `area` are `colour`, give or take antialiasing.
inline int countColour(const QImage &img, const QRect &area, QRgb colour)
{
    int n = 0;
    const QColor want(colour);
    const QRect r = area.intersected(img.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = img.pixelColor(x, y);
            if (std::abs(c.red() - want.red()) < 30 && std::abs(c.green() - want.green()) < 30 && std::abs(c.blue() - want.blue()) < 30)
                ++n;
        }
    return n;
}

struct Studio
{
    MainWindow w{testPrompts()};
    Studio()
    {
        w.resize(1280, 800);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            qFatal("window not exposed");
        QCoreApplication::processEvents();
    }
    QWidget *viewport() const { return w.view()->viewport(); }
    QPoint at(const QPointF &scenePos) const { return w.view()->mapFromScene(scenePos); }
    QRect onScreen(const QRectF &sceneRect) const { return w.view()->mapFromScene(sceneRect).boundingRect(); }
    QImage shot() const
    {
        QTest::qWait(50); // the run's changes reach the canvas once a frame
        return viewport()->grab().toImage();
    }
    void key(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) const
    {
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key(key), modifiers);
    }
};

// A mouse move with the left button held, as a window system delivers it.
inline void moveHeld(QWidget *viewport, QPoint to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent move(QEvent::MouseMove, to, viewport->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, modifiers);
    QApplication::sendEvent(viewport, &move);
}

// A double-click as a window system delivers it: press, release, the second press as a
// double-click event, release (QTest::mouseDClick sends the double-click event alone).
inline void doubleClick(QWidget *viewport, QPoint at, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QTest::mouseClick(viewport, Qt::LeftButton, modifiers, at);
    QTest::mouseDClick(viewport, Qt::LeftButton, modifiers, at);
    QTest::mouseRelease(viewport, Qt::LeftButton, modifiers, at);
}

inline void drag(QWidget *viewport, QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = Qt::NoModifier, int steps = 8)
{
    QTest::mousePress(viewport, Qt::LeftButton, modifiers, from);
    for (int k = 1; k <= steps; ++k)
        moveHeld(viewport, from + (to - from) * k / steps, modifiers);
    QTest::mouseRelease(viewport, Qt::LeftButton, modifiers, to);
}

} // namespace capgraph::editor::testing
