#!/bin/sh
# make deb: yir_VERSION_ARCH.deb from a root staged by `make install-files PREFIX=/usr`.
#   sh deploy/debian/build.sh STAGED-ROOT OUT-DIR
# The version is the binary's own (`yir --version`, the one the reports carry). Depends lists
# the packages of the shared libraries the static binary still loads (what `ldd` shows: glibc,
# libstdc++, zlib, libxml2 and theirs), each with the oldest version that has every symbol it
# uses, as dpkg-shlibdeps reads them from those packages' symbols files. ISA-L (faster .gz
# inputs) and libvips (the decks' pictures under --images embed) are loaded at run time when
# present, so libisal2 and libvips42 are recommended, not required.
set -eu
ROOT=$1
OUT=$2
BIN="$ROOT/usr/bin/yir"
version=$("$BIN" --version | sed -n 's/^yir //p')
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-"$(git config user.name) <$(git config user.email)>"}
test -n "$version" || { echo "build.sh: $BIN --version printed no version"; exit 1; }

# Debian puts man pages gzipped (-n: no name or time inside, so the same page gives the same bytes).
gzip -9nf "$ROOT/usr/share/man/man1/yir.1"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: yir\n\nPackage: yir\nArchitecture: any\n' > "$work/debian/control"
binary=$(realpath "$BIN")
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$binary" 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p') \
  || { cat "$work/shlibdeps.log"; exit 1; }
test -n "$depends" || { echo "build.sh: dpkg-shlibdeps found no libraries"; cat "$work/shlibdeps.log"; exit 1; }

mkdir -p "$ROOT/DEBIAN"
(cd "$ROOT" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$ROOT/DEBIAN/md5sums"
cat > "$ROOT/DEBIAN/control" <<CONTROL
Package: yir
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$ROOT" | cut -f1)
Depends: $depends
Recommends: libisal2, libvips42
Section: utils
Priority: optional
Description: year-in-review reports from reading-activity exports
 yir turns the reading-activity records a reading app exports (the Wikipedia
 apps first, others through mapping profiles) into year-in-review reports:
 self-contained HTML slides per reader, an XML report valid against its XSD,
 and JSON, JSON Lines and CSV for analysts.
 .
 One self-contained binary: its templates, schemas and profiles are compiled
 in. With libisal2 installed, gzipped exports are read several times faster;
 with libvips42, the decks can show real pictures without a request
 (--images embed).
CONTROL
mkdir -p "$OUT"
# gzip: every dpkg reads it, and it packs the 80 MB binary in seconds (xz took a minute).
deb="$OUT/yir_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zgzip --build "$ROOT" "$deb"
echo "$deb"
