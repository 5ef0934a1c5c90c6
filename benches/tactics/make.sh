#!/bin/sh
# The shipped puzzle set, from nothing. For each pair of levels in PAIRS
# (the weak levels first: they err the way people do and give most of the
# puzzles): the pair's ladder games (games.sh), then the puzzles of each
# chunk of 10 games. Everything is resumable: a game file or a chunk
# already done is kept, so a run stopped at any time loses at most one
# chunk. Then all the puzzles are merged, rated and written to
# assets/tactics/tactics.jsonl.
# Usage: benches/tactics/make.sh XIANGQI OPENINGS WORKDIR [THREADS]
set -eu
bin=$1 openings=$2 work=$3 threads=${4:-2}
here=$(dirname "$0")
pairs=""
for a in 1 2 3 4 5 6 7 8 9; do pairs="$pairs $a-$((a + 2))"; done
for a in 1 2 3 4 5 6 7 8 9; do pairs="$pairs $a-$((a + 1))"; done
for a in 1 2 3 4 5 6 7 8; do pairs="$pairs $a-$((a + 3))"; done
for a in 10 11 12 13 14 15 16 17 18 19 20; do pairs="$pairs $a-$((a + 2))"; done
for a in 1 2 3 4 5 6 7; do pairs="$pairs $a-$((a + 4))"; done
for a in 1 2 3 4 5 6 7 8 9; do pairs="$pairs $a-$a"; done
mkdir -p "$work/chunks" "$work/found"
for pair in $pairs; do
  name="ladder-$pair"
  "$here/games.sh" "$bin" "$openings" "$work/games" "${pair%-*}" "${pair#*-}"
  if [ ! -e "$work/chunks/$name.split" ]; then
    awk -v dir="$work/chunks" -v name="$name" '
      /^\[Game / { n++; if ((n - 1) % 10 == 0) { if (out) close(out); out = sprintf("%s/%s.%03d.pgn", dir, name, (n - 1) / 10) } }
      out { print > out }' "$work/games/$name.pgn"
    touch "$work/chunks/$name.split"
  fi
  for g in "$work/chunks/$name".*.pgn; do
    [ -e "$g" ] || continue
    f="$work/found/$(basename "$g" .pgn).jsonl"
    { [ -s "$f" ] || [ -e "$f.empty" ]; } && continue
    "$bin" puzzles build "$g" --out "$f.part" --scan 10000 --threads "$threads" \
      --no-rate --quiet --verbose 2> "$f.log"
    if [ -s "$f.part" ]; then mv "$f.part" "$f"; else rm -f "$f.part"; touch "$f.empty"; fi
  done
done
"$bin" puzzles merge "$work"/found/*.jsonl --out "$work/unrated.jsonl"
"$bin" puzzles rate "$work/unrated.jsonl" --out "$work/rated.jsonl" --threads "$threads" --quiet
"$bin" puzzles merge "$work/rated.jsonl" --out "$here/../../assets/tactics/tactics.jsonl"
