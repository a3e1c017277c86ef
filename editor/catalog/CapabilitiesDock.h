#pragma once

#include "ui/Retranslator.h"

#include <QDockWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTextBrowser;

namespace capgraph::editor {

class CapabilityCatalog;
class CapabilityEditorDialog;
class CapabilityList;

// The capabilities the open graph can call (the catalog): search by name, tag or description,
// filter by tag, a list of capabilities and of definition files that did not load, and the
// selected one's details — description, version, tags, handler, input and output schemas
// (raw JSON on a second tab), source file. Entries drag onto the canvas as bound skill nodes;
// double-click (or Edit…) opens the definition in the form, New… starts one.
class StudioPrompts;

class CapabilitiesDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit CapabilitiesDock(CapabilityCatalog *catalog, QWidget *parent = nullptr);

    CapabilityList *list() const { return m_list; }
    QLineEdit *searchBox() const { return m_search; }
    QComboBox *tagFilter() const { return m_tags; }
    // The selected capability's name; empty when none (or a broken file) is selected.
    QString currentName() const;
    // Selects a capability's entry when it is listed; false otherwise.
    bool selectCapability(const QString &name);
    // The details pane as plain text (what a user reads there).
    QString detailsText() const;
    QString summaryText() const;

    // The form on the selected entry's file (a capability or a broken file), or on a new
    // definition. Non-modal; it deletes itself when closed. Null when nothing is selected.
    CapabilityEditorDialog *editSelected();
    CapabilityEditorDialog *newCapability();
    // Who the form asks (discard unsaved changes?); the window's.
    void setPrompts(StudioPrompts *prompts) { m_prompts = prompts; }

signals:
    void statusMessage(const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    Retranslator m_texts;
    void rebuild();
    void showDetails();
    void revealFolder();
    CapabilityEditorDialog *openEditor(CapabilityEditorDialog *dialog);

    CapabilityCatalog *m_catalog;
    StudioPrompts *m_prompts = nullptr;
    QLineEdit *m_search;
    QComboBox *m_tags;
    QLabel *m_summary;
    CapabilityList *m_list;
    QTabWidget *m_detailTabs;
    QTextBrowser *m_details;
    QPlainTextEdit *m_rawJson;
};

} // namespace capgraph::editor
