#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QListWidget;
class QPushButton;

namespace capgraph::editor {

// An earlier version of the open file in its git working tree.
struct GitRevision
{
    QString hash;      // full
    QString shortHash;
    QString author;
    QString date;      // YYYY-MM-DD
    QString subject;
};

// What File > Compare With… compares the open graph with, when it lies in a git working tree:
// one of its earlier revisions (commit, date, author, subject; the newest first), or
// another file (Another File…).
class CompareSourceDialog : public QDialog
{
    Q_OBJECT

public:
    CompareSourceDialog(const QString &fileName, const QList<GitRevision> &revisions, QWidget *parent = nullptr);

    QListWidget *list() const { return m_list; }
    // The revision chosen (Compare), or -1 when Another File… was asked for.
    int chosen() const { return m_chosen; }

private:
    QListWidget *m_list;
    QPushButton *m_compare;
    int m_chosen = -1;
};

} // namespace capgraph::editor
