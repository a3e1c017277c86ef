#pragma once

#include <QDialog>
#include <QString>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace capgraph::editor {

// Where the studio's runs send their traces as OpenTelemetry spans (docs/observability.md):
// on or off, the collector's URL, and whether nodes' inputs and outputs go too. Kept in the
// user's settings (the URL is no secret: keys for a collector come from
// OTEL_EXPORTER_OTLP_HEADERS, as for capgraph run).
struct TraceExportSettings
{
    bool enabled = false;
    QString url;
    bool content = false;

    static TraceExportSettings saved();
    void save() const;
};

class TraceExportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit TraceExportDialog(const TraceExportSettings &settings, QWidget *parent = nullptr);

    TraceExportSettings settings() const;
    QCheckBox *enabledBox() const { return m_enabled; }
    QLineEdit *urlEdit() const { return m_url; }
    QCheckBox *contentBox() const { return m_content; }
    QString error() const;

    void accept() override; // refused, saying why, while the URL is no collector's

private:
    void update();
    QCheckBox *m_enabled;
    QLineEdit *m_url;
    QCheckBox *m_content;
    QLabel *m_error;
};

} // namespace capgraph::editor
