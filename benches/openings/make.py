#!/usr/bin/env python3
"""Makes balanced openings for engine matches, as many as asked.

At fixed nodes the engine plays the same game every time from the same
opening, so a match of N games needs N/2 different openings (each is played
with both colours) or it only repeats itself. The 60 of
tests/data/openings.lines are enough for a match at a time a move (time
varies the games), not for an SPRT at fixed nodes: this makes more, the way
those 60 were made. From the start position an engine plays 6-10 plies,
each chosen at random among its MultiPV lines within --spread of the best;
the position is kept if a deeper search scores it within --balance of
level and it was not made before (the same moves in another order are the
same opening).

    benches/openings/make.py ENGINE --count 1600 --seed 1 --out FILE

ENGINE is a UCI engine command (`target/release/xiangqi uci`). The output
is in the format `xiangqi match --openings` reads: `startpos moves ...`.
"""
import argparse
import random
import shlex
import subprocess
import sys


class Engine:
    def __init__(self, command):
        self.p = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, word):
        lines = []
        for line in self.p.stdout:
            lines.append(line.strip())
            if line.startswith(word):
                return lines
        sys.exit(f"the engine stopped before '{word}'")

    def option(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def search(self, moves, depth):
        """Each line's first move and score (centipawns from the mover's side; mates as ±30000)."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        lines = {}
        for line in self.wait("bestmove"):
            w = line.split()
            if w[:1] != ["info"] or "pv" not in w or "score" not in w:
                continue
            k = w.index("score")
            score = int(w[k + 2])
            if w[k + 1] == "mate":
                score = 30000 if score > 0 else -30000
            multipv = int(w[w.index("multipv") + 1]) if "multipv" in w else 1
            pv = w[w.index("pv") + 1 :]
            if pv:
                lines[multipv] = (pv[0], score)
        return list(lines.values())

    def quit(self):
        self.send("quit")
        self.p.wait()


def opening(engine, rng, args):
    moves = []
    for _ in range(rng.randint(args.min_plies, args.max_plies)):
        lines = engine.search(moves, args.depth)
        if not lines:
            return None
        best = max(s for _, s in lines)
        moves.append(rng.choice([m for m, s in lines if s >= best - args.spread]))
    return moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine", help="UCI engine command")
    ap.add_argument("--count", type=int, required=True, help="openings to make")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="file to write (appended to; its openings are not made again)")
    ap.add_argument("--min-plies", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=10)
    ap.add_argument("--multipv", type=int, default=5, help="lines to choose among each ply")
    ap.add_argument("--depth", type=int, default=7, help="depth of each ply's search")
    ap.add_argument("--spread", type=int, default=40, help="centipawns below the best a chosen move may be")
    ap.add_argument("--check-depth", type=int, default=12, help="depth of the last position's search")
    ap.add_argument("--balance", type=int, default=70, help="centipawns from level a kept opening may be")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    engine.option("Hash", 16)
    seen = set()
    try:
        with open(args.out) as f:
            seen = {same_opening(line.split()[2:]) for line in f if line.startswith("startpos")}
    except FileNotFoundError:
        pass
    made = tries = 0
    with open(args.out, "a") as out:
        while made < args.count:
            tries += 1
            engine.option("MultiPV", args.multipv)
            moves = opening(engine, rng, args)
            if not moves:
                continue
            key = same_opening(moves)
            if key in seen:
                continue
            engine.option("MultiPV", 1)
            lines = engine.search(moves, args.check_depth)
            if not lines or abs(lines[0][1]) > args.balance:
                continue
            seen.add(key)
            made += 1
            out.write("startpos moves " + " ".join(moves) + "\n")
            out.flush()
            print(f"\r{made}/{args.count} kept of {tries} tried", end="", file=sys.stderr)
    print(file=sys.stderr)
    engine.quit()


def same_opening(moves):
    """What two openings share when each side played the same moves in another order."""
    return frozenset((i % 2, m) for i, m in enumerate(moves))


if __name__ == "__main__":
    main()
