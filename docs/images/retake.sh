#!/usr/bin/env bash
# Retakes the screenshots of README.md and docs/ from the built studio, at the default window
# size (1280 x 800) on Xvfb, in English and in Chinese. Look at every picture afterwards.
#   bash docs/images/retake.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
studio="${1:-$root/build}/app/studio/capgraph-studio"
ex="$root/resources/examples"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" # a first start: no remembered window, language or layout
shot() { # NAME ARGS...: one picture of the window
  local name=$1; shift
  xvfb-run -a -s "-screen 0 1280x800x24" "$studio" --screenshot "$here/$name" "$@" > /dev/null 2>&1
  echo "$name"
}
# A generated 60-task plan in Simplified Chinese (six participants, titles of about twenty characters).
python3 - "$tmp/plan60.json" <<'PY'
import json, sys
people = [("agent_wang", "王芳", "前端开发"), ("agent_li", "李娜", "后端开发"), ("agent_zhang", "张伟", "数据工程"),
          ("agent_liu", "刘洋", "测试"), ("agent_chen", "陈静", "运维"), ("agent_zhao", "赵磊", "产品设计")]
verbs = ["编写", "设计", "实现", "测试", "部署", "评审"]
objects = ["订单结算流程与对账报表", "用户登录与权限管理模块", "健康数据同步与备份服务",
           "移动端首页布局与交互", "推荐算法离线评估方案", "支付回调幂等处理逻辑"]
tasks = []
for i in range(60):
    pre = []
    if i >= 8:
        start = (i // 8 - 1) * 8
        pre = [f"task_{start + i % 8 + 1}"] + ([f"task_{start + (i + 3) % 8 + 1}"] if i % 3 == 0 else [])
    tasks.append({"id": f"task_{i + 1}", "title": f"{verbs[i % 6]}{objects[(i // 6) % 6]}（第{i + 1}部分）",
                  "description": "负责这部分的全部工作，并与相关参与者确认接口。", "assignee_id": people[i % 6][0],
                  "prerequisites": pre, "status": "done" if i < 16 else "in_progress" if i < 32 else "pending"})
json.dump({"summary": "健康管理应用的协商计划（60 个任务）",
           "participants": [{"agent_id": a, "display_name": n, "role_in_plan": r} for a, n, r in people], "tasks": tasks},
          open(sys.argv[1], "w"), ensure_ascii=False, indent=1)
PY
search='{"type": "search", "topic": "graph neural networks"}'
# English
shot studio-write-report.png "$ex/write-report.yaml"
shot studio-properties.png --select branch_input_type "$ex/write-report.yaml"
shot studio-paper-review.png "$ex/paper-review.yaml"
shot studio-run-paused.png --run --input "$search" --break search_literature "$ex/write-report.yaml"
shot capabilities-dock.png --capabilities "$ex/capabilities" --select clarify_assess "$ex/discussion.yaml"
shot projectflow-studio.png "$ex/projectflow/projectflow.yaml"
shot plan-viewer.png --plan "$ex/plans/health-app.plan-ready.json" --select task_7
shot plan-lanes.png --plan "$ex/plans/health-app.plan-ready.json" --lanes --critical-path
shot plan-fallback.png --plan "$root/tests/fixtures/plans/cycle.json"
shot plan60-open.png --lang zh_CN --plan "$tmp/plan60.json"
shot plan60-far.png --lang zh_CN --plan "$tmp/plan60.json" --zoom 25
shot plan60-filtered.png --lang zh_CN --plan "$tmp/plan60.json" --hide agent_li --hide agent_zhang --zoom 45
shot plan60-critical.png --lang zh_CN --plan "$tmp/plan60.json" --critical-path --select task_17
# Chinese
for lang in zh_TW zh_CN; do
  shot "studio-$lang.png" --lang "$lang" --select branch_input_type "$ex/write-report.yaml"
  shot "run-$lang.png" --lang "$lang" --run --input "$search" --break search_literature "$ex/write-report.yaml"
  shot "plan-viewer-$lang.png" --lang "$lang" --plan "$ex/plans/health-app.plan-ready.json" --select task_3
done
echo "(capability-form-*.png are taken by hand: Capabilities dock > New…; studio-find.png too: write-report, Ctrl+F, type:skill, Enter three times; studio-server-run.png too: capgraph serve --graphs resources/examples --mock resources/examples/mocks/write-report.mock.yaml, a write-report run posted with {\"type\": \"search\"}, File > Connect to Server…, the run opened from Server Runs)"
