#!/bin/sh
# The lookup's speed on 1e6 places: compiles Sources/YirPlaces with bench/main.swift, optimised
# as a release build compiles it (-O, whole module, exclusivity checks off), into
# .build/places-bench/ and runs it. Needs no SwiftPM build, and leaves SwiftPM's alone.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/places-bench"
mkdir -p "$out"
printf 'module CYirPlaces {\n  header "%s"\n  export *\n}\n' "$root/Sources/CYirPlaces/include/yir_places.h" > "$out/module.modulemap"
clang -O2 -c "$root/Sources/CYirPlaces/yir_places.c" -I "$root/Sources/CYirPlaces/include" -o "$out/yir_places.o"
swiftc -O -wmo -enforce-exclusivity=unchecked -module-name PlacesBench -I "$out" \
  "$root"/Sources/YirPlaces/*.swift "$root/Tools/natural-earth/bench/main.swift" "$out/yir_places.o" -o "$out/bench"
"$out/bench"
