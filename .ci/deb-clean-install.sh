#!/usr/bin/env bash
# The .deb on a clean Debian 12: debootstrap a minimal bookworm into a scratch folder, install
# the package there with apt-get (its Depends must bring everything), and run both programs
# from PATH, the studio on the offscreen platform in Chinese. Needs root and the network to
# Debian's mirror (as apt-get does); takes about two minutes.
#   deb-clean-install.sh PACKAGE.deb
set -euo pipefail
deb=$(realpath "$1")
root=$(mktemp -d /tmp/capgraph-clean-root.XXXXXX)
cleanup() {
  for m in proc dev/pts dev; do umount -l "$root/$m" 2> /dev/null || true; done
  rm -rf "$root"
}
trap cleanup EXIT
if ! chroot / /bin/true 2> /dev/null; then
  echo "== skipped: this machine does not allow chroot (tst_package checked the package's contents and programs)"
  exit 0
fi
command -v debootstrap > /dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap > /dev/null
echo "== debootstrap --variant=minbase bookworm"
for attempt in 1 2; do
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > "$root.log" 2>&1 && break
  [ "$attempt" = 2 ] && { tail -20 "$root.log"; exit 1; }
  rm -rf "$root" && mkdir -p "$root"
done
rm -f "$root.log"
mount -t proc proc "$root/proc" 2> /dev/null || echo "(no /proc in the clean root: mounting is not allowed here)"
cp "$deb" "$root/tmp/"
name=$(basename "$deb")
echo "== apt-get install ./$name (in the clean root)"
chroot "$root" /bin/sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/$name" > "$root/tmp/install.log" 2>&1 \
  || { tail -30 "$root/tmp/install.log"; exit 1; }
echo "== from PATH"
chroot "$root" capgraph --version
chroot "$root" capgraph validate /usr/share/capgraph-studio/examples/write-report.yaml
chroot "$root" env QT_QPA_PLATFORM=offscreen HOME=/tmp capgraph-studio --version 2> /dev/null
chroot "$root" env QT_QPA_PLATFORM=offscreen HOME=/tmp XDG_RUNTIME_DIR=/tmp capgraph-studio --lang zh_TW \
  --screenshot /tmp/studio.png /usr/share/capgraph-studio/examples/write-report.yaml 2> /dev/null
[ -s "$root/tmp/studio.png" ] || { echo "the studio drew no window"; exit 1; }
# What deploy/Dockerfile's image does: the server from the package, on SQLite and (with the
# PostgreSQL driver the image adds) refusing an unreachable database for the right reason.
echo "== capgraph serve (in the clean root)"
chroot "$root" /bin/bash -c '
  capgraph serve --listen 127.0.0.1:8759 --store /tmp/runs.sqlite 2> /tmp/serve.log & pid=$!
  for i in $(seq 50); do grep -q "listening on" /tmp/serve.log && break; sleep 0.1; done
  exec 3<> /dev/tcp/127.0.0.1/8759 && printf "GET /v1/health HTTP/1.0\r\n\r\n" >&3 && timeout 5 cat <&3 > /tmp/health.txt
  kill $pid; wait $pid
  grep -q "\"status\":\"ok\"" /tmp/health.txt || { cat /tmp/serve.log /tmp/health.txt; exit 1; }' \
  || { echo "capgraph serve did not answer its health check"; exit 1; }
chroot "$root" /bin/sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libqt6sql6-psql" > /dev/null 2>&1 \
  || { echo "libqt6sql6-psql does not install"; exit 1; }
chroot "$root" /bin/sh -c 'capgraph serve --store "postgresql://capgraph@/runs?host=/nonexistent" 2>&1; true' | grep -q "cannot open" \
  || { echo "capgraph serve did not load Qt SQL's PostgreSQL driver"; exit 1; }
echo "== the package installs and both programs run on a clean Debian 12"
