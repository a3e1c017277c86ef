#!/usr/bin/env bash
# tst_package: builds the Debian package with CPack from this build, lists it, validates its
# desktop entry and AppStream metainfo, and runs the programs extracted into a scratch root.
#   check-package.sh BUILD_DIR VERSION
set -euo pipefail
build=$1
version=$2
deb="$build/package/capgraph-studio_${version}_amd64.deb"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -f "$deb"
(cd "$build" && cpack -G DEB > "$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; fail "cpack"; }
[ -f "$deb" ] || fail "cpack made no $deb"
echo "== $(basename "$deb"): $(du -h "$deb" | cut -f1)"

dpkg-deb -c "$deb" | awk '{print $6}' > "$scratch/contents"
for f in ./usr/bin/capgraph ./usr/bin/capgraph-studio \
         ./usr/share/applications/io.github.capgraph.Studio.desktop \
         ./usr/share/metainfo/io.github.capgraph.Studio.metainfo.xml \
         ./usr/share/mime/packages/capgraph-studio.xml \
         ./usr/share/icons/hicolor/scalable/apps/capgraph-studio.svg \
         ./usr/share/icons/hicolor/48x48/apps/capgraph-studio.png \
         ./usr/share/icons/hicolor/128x128/apps/capgraph-studio.png \
         ./usr/share/icons/hicolor/256x256/apps/capgraph-studio.png \
         ./usr/share/man/man1/capgraph.1.gz \
         ./usr/share/capgraph-studio/examples/write-report.yaml \
         ./usr/share/capgraph-studio/examples/plans/; do
  grep -qxF "$f" "$scratch/contents" || fail "the package lacks $f"
done
echo "== contents: $(grep -c -v '/$' "$scratch/contents") files"

depends=$(dpkg-deb -f "$deb" Depends)
echo "== Depends: $depends"
for p in libqt6widgets6 libqt6svg6 libqt6network6 libyaml-cpp0.7; do
  [[ "$depends" == *"$p"* ]] || fail "Depends lacks $p (dpkg-shlibdeps should have found it)"
done

root="$scratch/root"
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/io.github.capgraph.Studio.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.capgraph.Studio.metainfo.xml" || fail "appstreamcli validate"
xmllint_ok=true
command -v xmllint > /dev/null && { xmllint --noout "$root/usr/share/mime/packages/capgraph-studio.xml" || xmllint_ok=false; }
$xmllint_ok || fail "the MIME type file is not well-formed XML"

out=$("$root/usr/bin/capgraph" --version)
[ "$out" = "capgraph $version" ] || fail "capgraph --version said '$out'"
"$root/usr/bin/capgraph" validate "$root/usr/share/capgraph-studio/examples/write-report.yaml" > /dev/null || fail "capgraph validate of the installed example"
out=$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/capgraph-studio" --version 2> /dev/null)
[ "$out" = "CapGraph Studio $version" ] || fail "capgraph-studio --version said '$out'"
zcat "$root/usr/share/man/man1/capgraph.1.gz" | grep -q '^\.SH' || fail "capgraph.1 is not a man page"
echo "== capgraph and capgraph-studio run from the extracted package"
