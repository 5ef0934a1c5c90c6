#!/bin/sh
# The shipped puzzle set, from nothing. For each pair of levels in PAIRS
# (the weak levels first: they err the way people do and give most of the
# puzzles): the pair's ladder games (games.sh), then the puzzles of each
# chunk of 10 games. Everything is resumable: a game file or a chunk
# already done is kept, so a run stopped at any time loses at most one
# chunk. Then all the puzzles are merged, rated, themed again by the
# program's current rules (puzzles tag), proved again (puzzles check: the
# few a second proof fails are dropped) and written to
# assets/tactics/tactics.jsonl. SEEDS (default 4) is how many series of
# games a pair plays: the first (seed 0) over all 53 pairs, the others over
# the 16 pairs of levels 1-4 (each level against itself and the three
# above), where the puzzles are: in the first series those 16 pairs gave
# 787 puzzles from 1,920 games (0.41 a game), the 26 other pairs of levels
# 1-9 0.15 a game, levels 10-20 0.02.
# FROM (default 0) skips the series before it: their puzzles are in the
# shipped file already, which the last step merges with the new ones.
# Usage: benches/tactics/make.sh XIANGQI OPENINGS WORKDIR [THREADS] [SEEDS] [FROM]
set -eu
bin=$1 openings=$2 work=$3 threads=${4:-2} seeds=${5:-4} from=${6:-0}
here=$(dirname "$0")
low=""
for a in 1 2 3 4 5 6 7 8 9; do low="$low $a-$((a + 2))"; done
for a in 1 2 3 4 5 6 7 8 9; do low="$low $a-$((a + 1))"; done
for a in 1 2 3 4 5 6 7 8; do low="$low $a-$((a + 3))"; done
high=""
for a in 10 11 12 13 14 15 16 17 18 19 20; do high="$high $a-$((a + 2))"; done
rest=""
for a in 1 2 3 4 5 6 7; do rest="$rest $a-$((a + 4))"; done
for a in 1 2 3 4 5 6 7 8 9; do rest="$rest $a-$a"; done
runs=""
for pair in $low $high $rest; do runs="$runs $pair:0"; done
rich=""
for a in 1 2 3 4; do
  for d in 0 1 2 3; do rich="$rich $a-$((a + d))"; done
done
seed=1
while [ "$seed" -lt "$seeds" ]; do
  for pair in $rich; do runs="$runs $pair:$seed"; done
  seed=$((seed + 1))
done
mkdir -p "$work/chunks" "$work/found"
for run in $runs; do
  pair=${run%:*} seed=${run#*:}
  [ "$seed" -ge "$from" ] || continue
  name="ladder-$pair"
  [ "$seed" = 0 ] || name="$name-s$seed"
  "$here/games.sh" "$bin" "$openings" "$work/games" "${pair%-*}" "${pair#*-}" "$seed"
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
shipped="$here/../../assets/tactics/tactics.jsonl"
"$bin" puzzles merge "$shipped" "$work"/found/*.jsonl --out "$work/unrated.jsonl"
"$bin" puzzles rate "$work/unrated.jsonl" --out "$work/rated.jsonl" --threads "$threads" --quiet
"$bin" puzzles tag "$work/rated.jsonl" --out "$work/themed.jsonl" --threads "$threads" --quiet
"$bin" puzzles check "$work/themed.jsonl" --keep "$shipped" --threads "$threads" --quiet
