#pragma once

#include "analysis/GraphInputs.h"
#include "ui/RunPathChoice.h"

#include <QDialog>
#include <QVariantMap>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace capgraph::editor {

// The run's input: a form with a field for each input the graph reads (GraphInputs), a list
// of the values it compares them against where there are any, and the same input as raw JSON
// on a second tab (kept in step both ways). A field's text is read as JSON when it is JSON (12,
// true, [1, 2]), else as a string; empty fields are left out.
class RunInputDialog : public QDialog
{
    Q_OBJECT

public:
    RunInputDialog(const QList<GraphInput> &inputs, const QVariantMap &current, QWidget *parent = nullptr);

    QVariantMap input() const; // what the active tab says
    QComboBox *field(const QString &name) const;
    QPlainTextEdit *json() const { return m_json; }
    QTabWidget *tabs() const { return m_tabs; }
    QString error() const; // why the JSON tab's text is not an input, or empty
    // What does not fit what the inputs' capabilities say (required, types); empty when all do.
    QStringList problems() const;
    QLabel *errorLabel() const { return m_error; }
    static QString typeName(const QString &jsonSchemaType); // "text", "number", … in words
    void accept() override;
    // The button reads Run (the default), or says the input is kept for the next run (while
    // one is going).
    void setStartsRun(bool startsRun);
    QPushButton *okButton() const { return m_ok; }
    // Shows the Path choice box (for graphs with `select: optimal` branches), set to `current`.
    void offerPathChoice(const RunPathChoice &current);
    // What the box says (depth, budget; unset = the graph's), or `current` as given when not offered.
    RunPathChoice pathChoice() const;
    QComboBox *depthField() const { return m_depth; }
    QLineEdit *budgetField() const { return m_budget; }

private:
    void refreshRefusal();
    QVariantMap fromForm() const;
    void toForm(const QVariantMap &input);

    QList<GraphInput> m_inputs;
    QTabWidget *m_tabs;
    QList<QComboBox *> m_fields;
    QPlainTextEdit *m_json;
    QLabel *m_error;
    QPushButton *m_ok = nullptr;
    QWidget *m_pathBox = nullptr;
    QComboBox *m_depth = nullptr;
    QLineEdit *m_budget = nullptr;
    RunPathChoice m_pathChoice;
};

} // namespace capgraph::editor
