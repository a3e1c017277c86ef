#pragma once

#include "model/ExtraFields.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace capgraph::editor {

// A capability definition file as the editor's form sees it: its top-level keys in their
// written order, each value held as canonical YAML. The form reads and sets the keys it shows
// (and, inside `handler`, the fields of the handler's type); every other key is kept as it is.
// A setter that does not change a value leaves its text alone (`version: 1.0` stays unquoted).
class CapabilityFileText
{
public:
    // The keys the form shows, in the order seed 003 writes them (new keys go in this order).
    static const QStringList &formKeys();

    // Null with "line L, column C: why" when the text is not a YAML mapping.
    static std::optional<CapabilityFileText> parse(const QString &text, QString *error = nullptr);
    QString toYaml() const;

    bool contains(const QString &key) const { return m_fields.contains(key); }
    // A scalar's text ("" when absent, null or not a scalar); empty `value` removes the key.
    QString scalar(const QString &key) const;
    void setScalar(const QString &key, const QString &value);
    // A list of words (tags); an empty list removes the key. Written in flow style: [a, b].
    QStringList list(const QString &key) const;
    void setList(const QString &key, const QStringList &items);
    // Words as a flow list: [a, "b c"].
    static QString flowList(const QStringList &items);
    // Any value as YAML text (the schemas); empty text removes the key. False with the
    // parser's "line L, column C: why" when the text is not one YAML value.
    QString yaml(const QString &key) const { return m_fields.yaml(key); }
    bool setYaml(const QString &key, const QString &yamlText, QString *error = nullptr);

    // The handler's fields in their order (none when there is no handler mapping).
    ExtraFields handler() const;
    void setHandler(const ExtraFields &fields); // no fields: no handler

    // Keys the form does not show (components, workflow_definition, x-…): kept as written.
    QStringList otherKeys() const;

    // The top-level key written at or above `line` (1-based) of a block-style `text`: where
    // a diagnostic on that line belongs. Empty when there is none.
    static QString keyAtLine(const QString &text, int line);

private:
    void put(const QString &key, const QString &yamlText);

    ExtraFields m_fields;
};

} // namespace capgraph::editor
