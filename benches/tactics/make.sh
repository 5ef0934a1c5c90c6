#!/bin/sh
# The shipped puzzle set, from nothing: the ladder's games (games.sh), the
# puzzles of each chunk of 10 games (resumable: a chunk already done is
# kept, so a run stopped at any time loses at most one chunk), then all of
# them rated and merged into assets/tactics/tactics.jsonl.
# Usage: benches/tactics/make.sh XIANGQI OPENINGS WORKDIR [THREADS]
set -eu
bin=$1 openings=$2 work=$3 threads=${4:-2}
here=$(dirname "$0")
"$here/games.sh" "$bin" "$openings" "$work/games"
mkdir -p "$work/chunks" "$work/found"
for g in "$work"/games/*.pgn; do
  name=$(basename "$g" .pgn)
  [ -e "$work/chunks/$name.split" ] && continue
  awk -v dir="$work/chunks" -v name="$name" '
    /^\[Game / { n++; if ((n - 1) % 10 == 0) { if (out) close(out); out = sprintf("%s/%s.%03d.pgn", dir, name, (n - 1) / 10) } }
    out { print > out }' "$g"
  touch "$work/chunks/$name.split"
done
for g in "$work"/chunks/*.pgn; do
  f="$work/found/$(basename "$g" .pgn).jsonl"
  { [ -s "$f" ] || [ -e "$f.empty" ]; } && continue
  "$bin" puzzles build "$g" --out "$f.part" --threads "$threads" --no-rate --quiet --verbose 2> "$f.log"
  if [ -s "$f.part" ]; then mv "$f.part" "$f"; else rm -f "$f.part"; touch "$f.empty"; fi
done
"$bin" puzzles merge "$work"/found/*.jsonl --out "$work/unrated.jsonl"
"$bin" puzzles rate "$work/unrated.jsonl" --out "$work/rated.jsonl" --threads "$threads" --quiet
"$bin" puzzles merge "$work/rated.jsonl" --out "$here/../../assets/tactics/tactics.jsonl"
