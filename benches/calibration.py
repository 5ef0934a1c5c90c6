#!/usr/bin/env python3
"""How well an engine's reported scores predict its games.

Reads match PGN files written by `xiangqi match --pgn-out` (each engine move
carries a comment `{+0.35/12 0.201s}`: the score from the mover's side, in
pawns, or +M3/-M2 for mates) and, for the engine whose name contains NAME,
prints the points it went on to take from positions where it reported a
score in each bucket, and in how many of its losses it had reported +3.00
or more on the way.

    benches/calibration.py --engine xiangqi FILE.pgn [FILE.pgn ...]
"""
import argparse
import re
import sys

BUCKETS = [(-99, -4), (-4, -2), (-2, -1), (-1, -0.5), (-0.5, 0.5), (0.5, 1), (1, 2), (2, 4), (4, 99)]


def games(text):
    for block in re.split(r"\n\n(?=\[)", text):
        tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', block, re.M))
        body = re.sub(r"^\[.*\]\s*$", "", block, flags=re.M)
        if "Result" in tags:
            yield tags, body


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True, help="part of the engine's name in the Red/Black tags")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    sums = {b: [0, 0.0] for b in BUCKETS}
    # The games a bucket's positions come from: positions of one game are not
    # independent, so a bucket fed by few games says little.
    seen = {b: set() for b in BUCKETS}
    losses = 0
    losses_after_3 = 0
    n_games = 0
    for f in a.files:
        text = open(f, encoding="utf-8", errors="replace").read()
        for tags, body in games(text):
            red, black, result = tags.get("Red", ""), tags.get("Black", ""), tags["Result"]
            if a.engine in red and a.engine not in black:
                side = 0
            elif a.engine in black and a.engine not in red:
                side = 1
            else:
                continue
            points = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}.get(result)
            if points is None:
                continue
            ours = points[side]
            n_games += 1
            # Moves alternate from the start position's side; book moves carry no score.
            tokens = re.findall(r"\{([^}]*)\}|(\b[a-i][0-9][a-i][0-9]\b)", body)
            ply = 0
            start_black = " b " in tags.get("FEN", " w ")
            best = -99.0
            last_mover = None
            for comment, move in tokens:
                if move:
                    last_mover = (ply + (1 if start_black else 0)) % 2
                    ply += 1
                    continue
                if last_mover != side or comment == "book":
                    continue
                m = re.match(r"([+-]?)(M?)([0-9.]+)/", comment)
                if not m:
                    continue
                if m.group(2):
                    score = 99.0 if m.group(1) != "-" else -99.0
                else:
                    score = float(m.group(1) + m.group(3))
                best = max(best, score)
                for b in BUCKETS:
                    if b[0] <= score < b[1] or (b[1] == 99 and score >= 99):
                        sums[b][0] += 1
                        sums[b][1] += ours
                        seen[b].add((f, n_games))
                        break
            if ours == 0.0:
                losses += 1
                if best >= 3.0:
                    losses_after_3 += 1
    print(f"{n_games} games of {a.engine}")
    print("| reported score (own side) | positions | games | points taken |")
    print("|---|---|---|---|")
    for b in BUCKETS:
        n, p = sums[b]
        lo = "−∞" if b[0] == -99 else f"{b[0]:+g}"
        hi = "+∞" if b[1] == 99 else f"{b[1]:+g}"
        share = f"{100 * p / n:.1f} %" if n else "—"
        print(f"| {lo} … {hi} | {n} | {len(seen[b])} | {share} |")
    print(f"losses: {losses}; in {losses_after_3} of them it had reported +3.00 or more"
          + (f" (1 in {losses / losses_after_3:.1f})" if losses_after_3 else ""))


if __name__ == "__main__":
    sys.exit(main())
