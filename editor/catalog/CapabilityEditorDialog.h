#pragma once

#include "diagnostics/Diagnostic.h"

#include <QDialog>
#include <QHash>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTabWidget;

namespace capgraph::editor {

class CapabilityFileText;

// Creates or edits one capability definition file (seed 003). The YAML tab holds the file's
// text and is what gets saved; the Form tab edits the usual fields — name, description,
// version, tags, the handler's type and main fields, the schemas — by rewriting that text,
// keeping every key it does not show. As the user types, the text is read with
// CapabilityReader::parse: each finding is listed (with the field it belongs to) and Save
// stays disabled while there is an error. Save writes atomically (QSaveFile): a new
// definition as <name>.yaml in the chosen folder, an existing one in place.
class StudioPrompts;

class CapabilityEditorDialog : public QDialog
{
    Q_OBJECT

public:
    // `prompts` asks before unsaved changes are discarded (real dialogs when null).
    explicit CapabilityEditorDialog(StudioPrompts *prompts = nullptr, QWidget *parent = nullptr);
    ~CapabilityEditorDialog() override;

    // A new definition, saved into one of `folders` (the first is the default).
    void startNew(const QStringList &folders);
    // An existing file; false with the reason when it cannot be read.
    bool openFile(const QString &path, QString *error = nullptr);

    // Where Save writes: the open file, or <folder>/<name>.yaml.
    QString targetPath() const;
    QString yamlText() const;
    // The findings shown, each as "field: line L, column C: message" (field and place when known).
    QStringList problems() const;
    bool canSave() const;
    // Writes the file; false with the reason (also shown in the dialog).
    bool save(QString *error = nullptr);

    // The form's fields by key (name, description, version, tags, input_schema,
    // output_schema, handler, handler.<field>), for tests and for focusing a finding.
    QWidget *field(const QString &key) const { return m_fields.value(key); }
    QPlainTextEdit *yamlEdit() const { return m_yaml; }
    QPushButton *saveButton() const { return m_save; }
    QTabWidget *tabs() const { return m_tabs; }

    // Cancel: asks before dropping unsaved changes.
    void reject() override;

signals:
    void saved(const QString &path);

private:
    struct Problem
    {
        QString field; // a key of m_fields, or empty
        QString text;
        int line = 0;
        bool error = true;
    };

    QWidget *buildForm();
    QWidget *addField(QFormLayout *layout, const QString &key, const QString &label, QWidget *widget);
    void setText(const QString &text);
    void formEdited();
    void yamlEdited();
    void loadForm();
    void validate();
    void showProblem(int row);
    QString fieldOf(const Diagnostic &d) const;
    void fillHandlerFields(const CapabilityFileText &file);
    void writeHandlerFields(CapabilityFileText &file);

    StudioPrompts *m_prompts;
    QString m_path;          // the file being edited; empty for a new one
    QString m_savedText;     // what is on disk (or the new definition's start)
    bool m_loading = false;  // widgets are being filled: their signals are not edits
    bool m_formOnly = false; // a JSON file: the form would write YAML into it
    QHash<QString, QWidget *> m_fields;
    QHash<QWidget *, QLabel *> m_labels;
    QHash<QString, QString> m_fieldErrors; // text in a field that does not parse
    QList<Problem> m_problems;

    QTabWidget *m_tabs;
    QWidget *m_formPage;
    QLabel *m_formBanner;
    QLineEdit *m_name;
    QPlainTextEdit *m_description;
    QLineEdit *m_version;
    QLineEdit *m_tags;
    QComboBox *m_handlerType;
    QStackedWidget *m_handlerPages;
    QLabel *m_handlerOther;
    QPlainTextEdit *m_inputSchema;
    QPlainTextEdit *m_outputSchema;
    QLabel *m_otherKeys;
    QPlainTextEdit *m_yaml;
    QListWidget *m_problemList;
    QLabel *m_status;
    QWidget *m_folderRow;
    QComboBox *m_folder;
    QLabel *m_target;
    QDialogButtonBox *m_buttons;
    QPushButton *m_save;
};

} // namespace capgraph::editor
