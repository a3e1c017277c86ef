#pragma once

#include <QProcessEnvironment>
#include <QSet>
#include <QString>
#include <QVariantMap>

namespace capgraph {

// `{name}` holes in an api endpoint or a command argument, filled from the call's inputs
// (`{{` and `}}` write braces). URL-encoded for endpoints, as is for arguments (which never
// pass through a shell). False with the reason when an input is missing or not a scalar.
bool fillPlaceholders(const QString &text, const QVariantMap &inputs, bool urlEncode, QString *out, QSet<QString> *used, QString *error);

// `${NAME}` from the environment (header values, where secrets live: never in the YAML).
bool expandEnvironment(const QString &text, const QProcessEnvironment &env, QString *out, QString *error);

} // namespace capgraph
