#pragma once

#include <QDateTime>
#include <QFrame>
#include <QHash>
#include <QPixmap>

class QLabel;

namespace capgraph::editor {

// The small picture of a sub-graph shown while the pointer rests on a composite node: its
// graph drawn as the canvas draws it (fitted into 440 × 240), its file's name and size above.
// A popup of its own (a tooltip's window, no focus), drawn once per file version.
class SubgraphPreview : public QFrame
{
    Q_OBJECT

public:
    explicit SubgraphPreview(QWidget *parent = nullptr);

    // Shows the graph of `file` near `globalPos` (below and right of the pointer); a file that
    // does not load says why instead.
    void showFor(const QString &file, const QString &caption, const QPoint &globalPos, bool dark);
    QString shownFile() const { return isVisible() ? m_file : QString(); }
    // The picture of `file` (cached while its modification time stays); null when it does not load.
    QPixmap picture(const QString &file, bool dark, QString *why = nullptr);

private:
    struct Cached
    {
        QDateTime modified;
        bool dark = false;
        QPixmap pixmap;
        QString summary;
        QString why;
    };
    QLabel *m_title;
    QLabel *m_picture;
    QString m_file;
    QHash<QString, Cached> m_cache;
};

} // namespace capgraph::editor
