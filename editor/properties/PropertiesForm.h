#pragma once

#include "ui/Retranslator.h"

#include <QWidget>

class QLabel;
class QLineEdit;

namespace capgraph::editor {

class GraphDocument;
class PropertyGrid;

// What the node and edge forms share: the document they edit, a grid of label/field rows
// that starts with a header and a message line, and the refusals shown there (a taken id, a
// connection the rules refuse, YAML that does not parse), which the dock repeats in the
// status bar.
class PropertiesForm : public QWidget
{
    Q_OBJECT

public:
    // `name` prefixes the header's and message's object names ("Prop" → PropHeader,
    // PropMessage), which the tests look up.
    PropertiesForm(GraphDocument *document, const QString &name, QWidget *parent = nullptr);

    // The last refusal or error shown at the top of the form, or empty.
    QString message() const;

signals:
    void refused(const QString &why);

protected:
    // A new language: the rows' labels and the texts given to m_texts, then retranslated().
    void changeEvent(QEvent *event) override;
    virtual void retranslated() {}
    void showMessage(const QString &text);
    // A one-line field named `name` (the tests find it by that), with a clear button.
    static QLineEdit *lineEdit(QWidget *parent, const QString &name);
    // Spin boxes and combos take the wheel only when focused: scrolling the dock over them
    // must not change a node's type or bound (and record it).
    void guardWheels();
    bool eventFilter(QObject *watched, QEvent *event) override;

    GraphDocument *m_document;
    // True while the form fills its fields from the model: their change signals are not edits.
    bool m_loading = false;
    PropertyGrid *m_form;
    QLabel *m_header;
    QLabel *m_message;
    Retranslator m_texts;
};

} // namespace capgraph::editor
