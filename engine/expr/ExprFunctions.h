#pragma once

#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantList>

namespace capgraph {

// The expression language's functions. `exists` and `default` see their first argument
// unevaluated (a missing name is an answer, not an error) and are handled by the evaluator.
class ExprFunctions
{
public:
    enum Id { Len, Contains, Matches, Lower, Upper, Trim, StartsWith, EndsWith, Str, Num, Abs, Min, Max,
              Round, Exists, Default, Flatten, Count };

    struct Spec
    {
        const char *name;
        int minArgs;
        int maxArgs; // -1 = any
        const char *signature;
    };

    static int find(const QString &name); // -1 when unknown
    static const Spec &spec(int id);
    static QStringList names();

    // Eager functions. `pattern` is a precompiled regex for matches() (may be invalid = none).
    static bool call(int id, const QVariantList &args, const QRegularExpression &pattern, QVariant *result,
                     QString *error);
};

} // namespace capgraph
