#pragma once

#include <QFrame>

class QLineEdit;
class QListWidget;

namespace capgraph::editor {

// The quick-add search (Tab on the canvas, or a connection dropped on empty canvas): type a few
// letters of a node type ("bra", "confirm", "loop") or of a capability of the registry (its
// name, description or tags: "stock", "摘要"), Enter adds that node — for a capability a skill
// node bound to it — where the popup opened; Escape closes it.
class QuickAddPopup : public QFrame
{
    Q_OBJECT

public:
    explicit QuickAddPopup(QWidget *parent = nullptr);
    void popup(const QPoint &globalPos);
    QLineEdit *searchField() const { return m_search; }
    QListWidget *list() const { return m_list; }
    // The capabilities offered after the node kinds (replacing those offered before).
    struct CapabilityEntry
    {
        QString name, description;
        QStringList tags;
    };
    void setCapabilities(const QList<CapabilityEntry> &capabilities);
    // What typeChosen carries for a capability: CapabilityPrefix + its name.
    static constexpr const char *CapabilityPrefix = "capability:";

signals:
    // A node type name ("control.branch"), or CapabilityPrefix + a capability's name.
    void typeChosen(const QString &typeName);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void nameItems();
    void filter(const QString &text);
    void choose();

    QLineEdit *m_search;
    QListWidget *m_list;
};

} // namespace capgraph::editor
