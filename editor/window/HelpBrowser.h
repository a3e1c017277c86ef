#pragma once

#include "ui/Retranslator.h"

#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace capgraph::editor {

// Help > User Guide: the documentation that ships with the studio (docs/ of the source
// tree; /usr/share/doc/capgraph-studio once installed), read in a window of its own — the
// list of guides on the left, the one chosen on the right, links between them followed.
// English, as the docs are written.
class HelpBrowser : public QWidget
{
    Q_OBJECT

public:
    explicit HelpBrowser(QWidget *parent = nullptr);
    // Shows a guide by file name ("studio.md"); false when there is no such guide.
    bool showGuide(const QString &fileName);
    QListWidget *guides() const { return m_guides; }
    QTextBrowser *page() const { return m_page; }

protected:
    void changeEvent(QEvent *event) override;

private:
    QListWidget *m_guides;
    QTextBrowser *m_page;
    Retranslator m_texts;
};

} // namespace capgraph::editor
