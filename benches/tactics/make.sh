#!/bin/sh
# The shipped puzzle set, from nothing: the ladder's games (games.sh), the
# puzzles of each game file (resumable: a file already done is kept), then
# all of them rated and merged into assets/tactics/tactics.jsonl.
# Usage: benches/tactics/make.sh XIANGQI OPENINGS WORKDIR [THREADS]
set -eu
bin=$1 openings=$2 work=$3 threads=${4:-2}
here=$(dirname "$0")
"$here/games.sh" "$bin" "$openings" "$work/games"
mkdir -p "$work/found"
for g in "$work"/games/*.pgn; do
  f="$work/found/$(basename "$g" .pgn).jsonl"
  [ -s "$f" ] || [ -e "$f.empty" ] && continue
  "$bin" puzzles build "$g" --out "$f" --threads "$threads" --no-rate --quiet --verbose 2> "$f.log"
  [ -s "$f" ] || touch "$f.empty"
done
"$bin" puzzles merge "$work"/found/*.jsonl --out "$work/unrated.jsonl"
"$bin" puzzles rate "$work/unrated.jsonl" --out "$work/rated.jsonl" --threads "$threads" --quiet
"$bin" puzzles merge "$work/rated.jsonl" --out "$here/../../assets/tactics/tactics.jsonl"
