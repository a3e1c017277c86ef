#include "window/PathPreviewBar.h"

#include "analysis/OptimalPath.h"
#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "ui/StudioIcons.h"
#include "window/StudioTheme.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>

namespace capgraph::editor {

PathPreviewBar::PathPreviewBar(GraphDocument *document, GraphScene *scene, QWidget *parent)
    : QToolBar(parent)
    , m_document(document)
    , m_scene(scene)
    , m_action(new QAction(this))
    , m_depth(new QComboBox(this))
    , m_budget(new QDoubleSpinBox(this))
{
    setObjectName(QStringLiteral("PathToolBar"));
    m_action->setObjectName(QStringLiteral("OptimalPath"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_action->setIcon(StudioIcons::icon(StudioIcons::Glyph::OptimalPath, StudioTheme::ink()));
    addAction(m_action);
    m_depth->addItem(QString(), QStringLiteral("quick"));
    m_depth->addItem(QString(), QStringLiteral("thorough"));
    m_depth->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    addWidget(m_depth);
    m_budget->setRange(0, 1e9);
    m_budget->setDecimals(1);
    m_budget->setMinimumWidth(120);
    addWidget(m_budget);
    retranslate();
    connect(m_action, &QAction::toggled, this, &PathPreviewBar::refresh);
    connect(m_depth, &QComboBox::currentIndexChanged, this, &PathPreviewBar::refresh);
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, &PathPreviewBar::refresh);
}

void PathPreviewBar::retranslate()
{
    setWindowTitle(tr("Optimal Path"));
    m_action->setText(tr("Optimal Path"));
    m_action->setToolTip(tr("Optimal Path (%1): highlight the cheapest start → end path for the chosen depth and time budget")
                             .arg(m_action->shortcut().toString(QKeySequence::NativeText)));
    m_depth->setItemText(0, tr("quick"));
    m_depth->setItemText(1, tr("thorough"));
    m_depth->setToolTip(tr("Depth: quick makes loops cost more, thorough makes questions to people cost less"));
    m_budget->setSpecialValueText(tr("no budget"));
    m_budget->setPrefix(tr("budget "));
    m_budget->setToolTip(tr("The longest time the path may take (0: no limit)"));
}

void PathPreviewBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QToolBar::changeEvent(event);
}

void PathPreviewBar::refresh()
{
    if (!m_action->isChecked()) {
        const bool was = !m_status.isEmpty() || m_scene->hasPathHighlight();
        m_scene->setPathHighlight(false, {}, {});
        m_status.clear();
        if (was)
            emit statusMessage(QString());
        return;
    }
    PathOptions options;
    options.depth = m_depth->currentData().toString() == QLatin1String("thorough") ? PathDepth::Thorough : PathDepth::Quick;
    if (m_budget->value() > 0)
        options.budget = m_budget->value();
    const PathResult path = OptimalPath::find(m_document->graph(), options);
    if (!path.found) {
        m_scene->setPathHighlight(true, {}, {});
        m_status = tr("No path: %1").arg(path.reasonText.isEmpty() ? path.reason : path.reasonText.translated());
    } else {
        const QStringList ids = path.nodeIds();
        m_scene->setPathHighlight(true, QSet<QString>(ids.cbegin(), ids.cend()), QSet<int>(path.edgesTaken.cbegin(), path.edgesTaken.cend()));
        m_status = tr("Optimal path: %n node(s), cost %1, time %2", nullptr, int(ids.size())).arg(path.cost).arg(path.time);
    }
    emit statusMessage(m_status);
}

} // namespace capgraph::editor
