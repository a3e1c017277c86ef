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

    void addRow(const QString &label, QWidget *field);
    // A widget across both columns (a header, a message).
    void addSpanning(QWidget *widget);
    // A field too wide for the field column (a table, a long text): its label on a row of its
    // own, the field across both columns below it.
    void addWideRow(const QString &label, QWidget *field);
    void setRowShown(QWidget *field, bool shown);
    bool isRowShown(QWidget *field) const;

private:
    QHash<QWidget *, QLabel *> m_labels;
};

} // namespace capgraph::editor
