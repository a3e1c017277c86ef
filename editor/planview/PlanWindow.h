#pragma once

#include "plan/PlanReader.h"
#include "ui/Retranslator.h"

#include <QMainWindow>

#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QStackedWidget;
class QTextBrowser;
class QTreeWidget;

namespace capgraph {
class PlanSource;
struct SseEvent;
}

namespace capgraph::editor {

class ParticipantChips;
class StudioPrompts;
class PlanInfoPanel;
class PlanScene;
class PlanView;

// The plan review window (seed 004): a negotiated plan as a layered DAG with the participants
// as chips, click-to-highlight, an info panel, the validation findings and the negotiation's
// timeline. Opens a file, an HTTP(S) URL or a live event stream (PlanSource). Whenever the
// plan cannot be drawn — no plan_json, no tasks, a cycle, not JSON at all — it shows the
// plan's text under a banner that says why; never a blank window.
class PlanWindow : public QMainWindow
{
    Q_OBJECT

public:
    // `prompts` asks for files and URLs and says what failed (real dialogs when null).
    explicit PlanWindow(StudioPrompts *prompts = nullptr, QWidget *parent = nullptr);
    ~PlanWindow() override;

    // A path or URL; the result arrives asynchronously (loaded() is emitted).
    void openLocation(const QString &location);
    // Shows a read plan (what openLocation does when the plan arrives).
    void showResult(const PlanLoadResult &result);

    PlanScene *scene() const { return m_scene; }
    PlanView *view() const { return m_view; }
    PlanInfoPanel *infoPanel() const { return m_info; }
    ParticipantChips *chips() const { return m_chips; }
    QTreeWidget *problems() const { return m_problems; }
    QTreeWidget *timeline() const { return m_timeline; }
    bool isShowingText() const;     // the fallback page
    QString bannerText() const;     // empty when no banner is shown
    QString shownText() const;      // the fallback page's text
    QString rollupText() const;
    QAction *transitiveAction() const { return m_transitive; }
    QAction *criticalPathAction() const { return m_critical; }
    QAction *lanesAction() const { return m_lanes; }
    QMenu *participantFilter() const { return m_filterMenu; }
    QMenu *recentMenu() const { return m_recentMenu; }

    bool exportPicture(const QString &path, QString *error);

signals:
    // A plan was shown (or a fallback for one), after openLocation or from a stream.
    void loaded();
    void loadFailed(const QString &message);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateTitle();
    // Why a result is shown as text, or empty when it can be drawn.
    QString fallbackReason(const PlanLoadResult &result);
    // The banner, roll-up and problems for the plan on show (again, in a new language).
    // What is said about the plan on show (its problems, the banner); `why`: its fallbackReason().
    void describe(const PlanLoadResult &result, const QString &why);
    void addTimelineEvent(const SseEvent &event);
    void showBanner(const QString &text, bool warning);
    // The fallback page. `plan`'s participants (or its participating_agents) stay as chips.
    void showText(const QString &reason, const QString &text, const Diagnostics &diagnostics, const Plan &plan = Plan());
    void fillProblems(const Diagnostics &diagnostics);
    void rebuildFilter();
    void openDialog();
    void openUrlDialog();
    void exportDialog();
    void createMenus(QAction *open, QAction *openUrl, QAction *fit, QAction *exportAction);
    void addRecent(const QString &location);
    void rebuildRecentMenu();

    StudioPrompts *m_prompts;
    PlanSource *m_source;
    PlanScene *m_scene;
    PlanView *m_view;
    ParticipantChips *m_chips;
    PlanInfoPanel *m_info;
    QLabel *m_banner;
    QStackedWidget *m_pages;
    QTextBrowser *m_text;
    QTreeWidget *m_problems;
    QTreeWidget *m_timeline;
    QLabel *m_rollup;
    QAction *m_transitive;
    QAction *m_critical;
    QAction *m_lanes;
    QMenu *m_filterMenu;
    QMenu *m_recentMenu = nullptr;
    QDockWidget *m_problemsDock = nullptr;
    QString m_location;
    std::optional<PlanLoadResult> m_result; // the plan on show, as read
    Retranslator m_texts;
    bool m_planShown = false; // a plan (or its fallback) arrived from the current location
};

} // namespace capgraph::editor
