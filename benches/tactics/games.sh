#!/bin/sh
# The ladder games of one pair of levels the shipped puzzles are made from:
# level A against level B from the 60 balanced openings with each colour
# (120 games), two games at a time. The levels' choices are seeded by the
# game's number and the position, so a pair's file is the same every run;
# SEED (default 0) gives the pair another series of games from the same
# openings (ladder-A-B-sSEED.pgn).
# Usage: benches/tactics/games.sh XIANGQI OPENINGS OUTDIR A B [SEED]
set -eu
bin=$1 openings=$2 out=$3 a=$4 b=$5 seed=${6:-0}
mkdir -p "$out"
f="$out/ladder-$a-$b.pgn" s=""
[ "$seed" = 0 ] || f="$out/ladder-$a-$b-s$seed.pgn" s=",seed=$seed"
[ -s "$f" ] && exit 0
"$bin" match --a "builtin:level=$a$s" --b "builtin:level=$b$s" --openings "$openings" \
  --movetime 5000 --concurrency 2 --quiet --pgn-out "$f.part" > /dev/null
mv "$f.part" "$f"
