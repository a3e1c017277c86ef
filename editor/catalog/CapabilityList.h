#pragma once

#include <QListWidget>

namespace capgraph::editor {

class CapabilityCatalog;

// The Capabilities dock's list: one entry per capability (its highest version), then one per
// definition file that did not load. Capabilities drag onto the canvas as skill nodes.
class CapabilityList : public QListWidget
{
    Q_OBJECT

public:
    enum Role {
        KindRole = Qt::UserRole, // Entry
        NameRole,                // a capability's name
        FileRole,                // its definition file
        LineRole,
        DetailRole,              // "1.0.0 · api", right of the title
        SummaryRole,             // the second line: description, or what is wrong
    };
    enum Entry { CapabilityEntry, ProblemEntry, WarningEntry };

    explicit CapabilityList(const CapabilityCatalog *catalog, QWidget *parent = nullptr);

    // What a drag of these entries carries (CapabilityNodeMime), or null for a broken file.
    QMimeData *mimeData(const QList<QListWidgetItem *> &items) const override;
    QStringList mimeTypes() const override;

protected:
    // Always a copy: a move (Shift while dragging) would take the entry out of the list.
    void startDrag(Qt::DropActions supportedActions) override;

private:
    const CapabilityCatalog *m_catalog;
};

} // namespace capgraph::editor
