#!/usr/bin/env bash
# CapGraph Studio set-up for a fresh Debian 12 machine (root, or a user with sudo).
#
#   bash .ci/setup.sh run    install what is missing, build, start the main job
#   bash .ci/setup.sh test   install what is missing, build, run every test (CTest)
#
# Only Debian packages are used; nothing is downloaded at build or run time.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
BUILD_DIR=${CAPGRAPH_BUILD_DIR:-$ROOT/build}
JOBS=${CAPGRAPH_JOBS:-2}

# Everything the build, the tests and the main job need, in one list: the compilers and Qt;
# Linguist tools (lupdate, lrelease) and Qt's own Chinese catalogues; help2man for capgraph(1);
# dpkg-dev (dpkg-shlibdeps), desktop-file-utils and appstream to build and check the .deb;
# fonts with Chinese glyphs for the studio in Chinese; python3 for the folder-graph check and,
# with nodejs, for the code nodes of imported Dify apps (tst_dify runs them for real);
# Qt HttpServer (with Qt WebSockets, which its CMake package needs) and Qt SQL's SQLite and
# PostgreSQL drivers for `capgraph serve` (docs/server.md); PostgreSQL's server, whose initdb
# and pg_ctl tst_serve uses for a throwaway cluster of its own (the one the package sets up is
# not used); QtKeychain, where the studio keeps run servers' tokens (the desktop keyring).
PACKAGES=(
  g++ cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev libyaml-cpp-dev libvalijson-dev
  qt6-httpserver-dev qt6-websockets-dev libqt6sql6-sqlite libqt6sql6-psql postgresql
  qtkeychain-qt6-dev
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  help2man dpkg-dev desktop-file-utils appstream libxml2-utils
  fonts-dejavu-core fonts-noto-cjk
  python3 nodejs
)

# shellcheck source=packages.sh
source "$ROOT/.ci/packages.sh"

build() {
  echo "== configuring ($BUILD_DIR)"
  mkdir -p "$BUILD_DIR"
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCAPGRAPH_WERROR=ON -DCAPGRAPH_BUILD_TESTS=ON > "$BUILD_DIR/configure.log" 2>&1 \
    || { cat "$BUILD_DIR/configure.log"; exit 1; }
  echo "== building with $JOBS jobs"
  cmake --build "$BUILD_DIR" -j "$JOBS"
}

main_job() {
  local cli="$BUILD_DIR/app/cli/capgraph"
  if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${CI:-}" ]; then
    echo "== capgraph-studio resources/examples/write-report.yaml"
    exec "$BUILD_DIR/app/studio/capgraph-studio" resources/examples/write-report.yaml
  fi
  echo "(no display: the CLI on the examples; with a display this starts the studio)"
  # The example graphs; their test suites (*.test.yaml, docs/testing.md) are not graphs.
  local examples=() level score f
  for f in resources/examples/*.yaml; do
    [[ $f == *.test.yaml ]] || examples+=("$f")
  done
  echo "== capgraph validate resources/examples/*.yaml (the graphs, not their *.test.yaml suites)"
  "$cli" validate "${examples[@]}"
  echo
  echo "== capgraph metrics (level of each example)"
  for f in "${examples[@]}"; do
    level=$("$cli" metrics --json "$f" | sed -n 's/.*"level": "\(.*\)".*/\1/p')
    score=$("$cli" metrics --json "$f" | sed -n 's/.*"complexityScore": \([0-9]*\).*/\1/p')
    printf '  %-30s %3s  %s\n' "$(basename "$f")" "$score" "$level"
  done
  echo
  echo "== capgraph run resources/examples/write-report.yaml (the seed's graph, mocked skills, one answer)"
  "$cli" run resources/examples/write-report.yaml --mock resources/examples/mocks/write-report.mock.yaml \
      --input '{"type": "search", "topic": "graph neural networks"}' --answer confirm_selection='"Kipf 2017"'
}

case "${1:-}" in
  run)
    install_missing "${PACKAGES[@]}"
    build
    main_job
    ;;
  test)
    install_missing "${PACKAGES[@]}"
    build
    echo "== running the tests"
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
    ;;
  *)
    sed -n '2,8p' "$0"
    exit 2
    ;;
esac
