#!/bin/sh
# The ladder games the shipped puzzles are made from: each level from 1 to
# 20 against the level two above it, the 60 balanced openings with each
# colour (120 games a pair). Usage: benches/tactics/games.sh XIANGQI OPENINGS OUTDIR
set -eu
bin=$1 openings=$2 out=$3
mkdir -p "$out"
for a in $(seq 1 20); do
  b=$((a + 2))
  f="$out/ladder-$a-$b.pgn"
  [ -s "$f" ] && continue
  "$bin" match --a "builtin:level=$a" --b "builtin:level=$b" --openings "$openings" \
    --movetime 5000 --quiet --pgn-out "$f.part" > /dev/null
  mv "$f.part" "$f"
done
