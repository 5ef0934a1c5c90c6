#!/bin/sh
# The ladder games of one pair of levels the shipped puzzles are made from:
# level A against level B from the 60 balanced openings with each colour
# (120 games), two games at a time. The levels' choices are seeded by the
# game's number and the position, so a pair's file is the same every run.
# Usage: benches/tactics/games.sh XIANGQI OPENINGS OUTDIR A B
set -eu
bin=$1 openings=$2 out=$3 a=$4 b=$5
mkdir -p "$out"
f="$out/ladder-$a-$b.pgn"
[ -s "$f" ] && exit 0
"$bin" match --a "builtin:level=$a" --b "builtin:level=$b" --openings "$openings" \
  --movetime 5000 --concurrency 2 --quiet --pgn-out "$f.part" > /dev/null
mv "$f.part" "$f"
