#pragma once

// The graph files of a folder of examples: its *.yaml files but for the test suites
// (*.test.yaml, docs/testing.md) and pinned outputs (*.pins.yaml) kept beside them.
#include <QDir>
#include <QStringList>

inline QStringList exampleGraphFiles(const QDir &dir, QDir::SortFlags sort = QDir::Name)
{
    QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, sort);
    files.removeIf([](const QString &f) { return f.endsWith(QLatin1String(".test.yaml")) || f.endsWith(QLatin1String(".pins.yaml")); });
    return files;
}
