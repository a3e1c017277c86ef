#pragma once

// A plan window opened on a plan, as the plan viewer suites drive it, and what they compare:
// the screen as shown, the canvas drawn afresh, a point of the background. For suites linking
// capgraph_editor.

#include "TestPrompts.h"

#include "planview/PlanScene.h"
#include "planview/PlanTaskItem.h"
#include "planview/PlanView.h"
#include "planview/PlanWindow.h"

#include <QScreen>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>

namespace capgraph::editor::testing {

struct Window
{
    PlanWindow w{testPrompts()};
    explicit Window(const QString &location, const QSize &size = QSize(1400, 900))
    {
        w.resize(size);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            qFatal("window not exposed");
        QSignalSpy loaded(&w, &PlanWindow::loaded);
        w.openLocation(location);
        if (!loaded.wait(10000))
            qFatal("no plan from %s", qPrintable(location));
    }
    int task(const char *id) const { return w.scene()->plan().taskIndex(QLatin1String(id)); }
    QStringList ids(const QList<int> &tasks) const
    {
        QStringList out;
        for (int t : tasks)
            out << w.scene()->plan().tasks.at(t).id;
        std::sort(out.begin(), out.end());
        return out;
    }
    QStringList dimmed() const
    {
        QList<int> out;
        for (int t = 0; t < w.scene()->plan().tasks.size(); ++t)
            if (w.scene()->isDimmed(t))
                out << t;
        return ids(out);
    }
    // The dependencies highlighted, as "from>to".
    QStringList edges() const
    {
        QStringList out;
        for (int k : w.scene()->highlightedEdges()) {
            const auto &[a, b] = w.scene()->topology().edges().at(k);
            out << w.scene()->plan().tasks.at(a).id + QLatin1Char('>') + w.scene()->plan().tasks.at(b).id;
        }
        std::sort(out.begin(), out.end());
        return out;
    }
    void click(const char *id)
    {
        PlanTaskItem *item = w.scene()->taskItem(task(id));
        w.view()->centerOn(item);
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, w.view()->mapFromScene(item->pos() + QPointF(20, 0)));
    }
};

// What the screen shows of a widget once its pending repaints are done: the window's backing
// store (which the offscreen platform grabs), not a new rendering.
inline QImage onScreen(QWidget *widget)
{
    QTest::qWait(50);
    QWidget *window = widget->window();
    const QPoint at = widget->mapTo(window, QPoint(0, 0));
    return window->screen()->grabWindow(window->winId(), at.x(), at.y(), widget->width(), widget->height()).toImage();
}

// The plan's canvas drawn afresh: every item marked for repainting and the canvas painted at
// once, before any other view could (its cached pictures made anew).
inline QImage redrawn(PlanView *view)
{
    for (QGraphicsItem *item : view->scene()->items())
        item->update();
    view->viewport()->repaint();
    return onScreen(view->viewport());
}

// A point of the canvas on no card.
inline QPoint background(PlanView *view)
{
    const auto *scene = static_cast<const PlanScene *>(view->scene());
    for (int y = 4; y < view->viewport()->height(); y += 12)
        for (int x = view->viewport()->width() - 4; x > 0; x -= 12)
            if (scene->taskAt(view->mapToScene(QPoint(x, y))) < 0)
                return QPoint(x, y);
    return QPoint(-1, -1);
}

// The number of pixels in which two pictures differ.
inline int differences(const QImage &a, const QImage &b)
{
    if (a.size() != b.size())
        return std::max(a.width() * a.height(), b.width() * b.height());
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    int n = 0;
    for (int row = 0; row < x.height(); ++row)
        for (int col = 0; col < x.width(); ++col)
            n += x.pixel(col, row) != y.pixel(col, row) ? 1 : 0;
    return n;
}

} // namespace capgraph::editor::testing
