#pragma once

#include <QGridLayout>
#include <QHash>

class QLabel;

namespace capgraph::editor {

// The label/field rows of a properties form. A QGridLayout rather than a QFormLayout: Qt
// 6.4.2's QFormLayout writes out of bounds in setGeometry once rows are hidden, and the forms
// hide the rows that do not apply to the selected item's type.
class PropertyGrid : public QGridLayout
{
    Q_OBJECT

public:
    explicit PropertyGrid(QWidget *parent);

    // Labels are source texts marked with QT_TR_NOOP in the form's class, translated now and
    // again by retranslate().
    void addRow(const char *label, QWidget *field);
    // A widget across both columns (a header, a message).
    void addSpanning(QWidget *widget);
    // A field too wide for the field column (a table, a long text): its label on a row of its
    // own, the field across both columns below it.
    void addWideRow(const char *label, QWidget *field);
    void setRowShown(QWidget *field, bool shown);
    bool isRowShown(QWidget *field) const;
    // The labels in the application's language (the form's class is their context).
    void retranslate();

private:
    QLabel *label(const char *text, QWidget *field);
    QString translated(const char *text) const;
    QHash<QWidget *, QLabel *> m_labels;
    QHash<QLabel *, const char *> m_sources;
};

} // namespace capgraph::editor
