#!/usr/bin/env python3
"""Regenerate src/hant/table.rs: the Simplified → Traditional (Taiwan)
tables of `crate::hant`, made with OpenCC from the game's own texts.
A developer's tool, not part of the build: the table it writes is
committed.

    pip install opencc
    python3 src/hant/make_table.py

The corpus is every run of Chinese characters in src/**/*.rs, the ECCO
names (src/ecco/ecco.txt) and the puzzles' names
(assets/puzzles/puzzles.jsonl), the texts the game converts at run time,
and the course's Simplified texts (assets/course/course.json, whose
Traditional ones are written out beside them) for the game's words. Each run is converted whole
with OpenCC's `s2tw` (characters as Taiwan writes them, no change of words,
so a run keeps its length; `s2twp`'s change of words is wrong for the
game's texts: it reads 放在线的 as 放線上的, "online", and 自己的士 as
自己計程車, "taxi") and read back character by character:

* a character that always becomes the same one goes to `CHARS`;
* a character that becomes different ones in different words (复: 重複,
  復盤; 干: 乾, 幹) gets its most frequent form in `CHARS` and, for each
  pair of neighbours in which it reads otherwise, an entry in `WORDS`.

`FORCED` overrides OpenCC where the game wants one form everywhere.
Re-run after adding Chinese text whose characters are new.
"""

import collections
import json
import pathlib
import re
import subprocess

import opencc

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
CJK = re.compile(r"[\u3400-\u9fff]+")

# One form everywhere: 著 is how Taiwan writes 着 in every sense (著法,
# 接著); 后 is always 後 (behind, after: 後炮, 3天後; the game has no
# queens or empresses); 炮 stays 炮 (Red's cannon; 砲 is Black's and
# written as such).
FORCED = {"着": "著", "后": "後", "炮": "炮"}

# Words the game writes otherwise than OpenCC: 復盤 (going over a game
# again, as Taiwanese xiangqi books write it; OpenCC has 覆盤).
FORCED_WORDS = {"复盘": "復盤"}


def corpus():
    texts = []
    for path in sorted((REPO / "src").rglob("*.rs")):
        if path.parent == HERE:
            continue
        texts.append(path.read_text(encoding="utf-8"))
    texts.append((REPO / "src/ecco/ecco.txt").read_text(encoding="utf-8"))
    texts.append((REPO / "assets/puzzles/puzzles.jsonl").read_text(encoding="utf-8"))
    # The course's Simplified texts: not converted at run time (course.json
    # has them in Traditional too), but the game's own words, which weigh
    # in where a character reads two ways.
    course = (REPO / "assets/course/course.json").read_text(encoding="utf-8")
    texts += re.findall(r'"zh": "([^"]*)"', course)
    return [run for t in texts for run in CJK.findall(t)]


def convert(text, chars, words):
    """What `crate::hant::to_traditional` does: the longest word first,
    then one character."""
    out = []
    i = 0
    while i < len(text):
        for n in (3, 2):
            if text[i : i + n] in words:
                out.append(words[text[i : i + n]])
                i += n
                break
        else:
            out.append(chars.get(text[i], text[i]))
            i += 1
    return "".join(out)


def main():
    conv = opencc.OpenCC("s2tw")
    seen = collections.defaultdict(collections.Counter)  # char -> form -> n
    where = collections.defaultdict(list)  # char -> [(left, right, form)]
    for run in corpus():
        out = conv.convert(run)
        if len(out) != len(run):
            continue  # a change of length: skip the run, its characters come elsewhere
        for i, (s, t) in enumerate(zip(run, out)):
            t = FORCED.get(s, t)
            seen[s][t] += 1
            left = run[i - 1] if i > 0 else ""
            right = run[i + 1] if i + 1 < len(run) else ""
            where[s].append((left, right, t))
    chars = {}
    for s, forms in sorted(seen.items()):
        main_form = forms.most_common(1)[0][0]
        if main_form != s:
            chars[s] = main_form
    # Words, until the tables convert every run as OpenCC does.
    words = {}
    for _ in range(5):
        wrong = 0
        for run in corpus():
            want = "".join(FORCED.get(c, d) for c, d in zip(run, conv.convert(run)))
            if len(want) != len(run):
                continue
            got = convert(run, chars, words)
            for i, (g, w) in enumerate(zip(got, want)):
                if g == w:
                    continue
                wrong += 1
                # The shortest window around it that OpenCC converts alike.
                for lo, hi in [(i, i + 2), (i - 1, i + 1), (i - 1, i + 2), (i, i + 3), (i - 2, i + 1)]:
                    if lo < 0 or hi > len(run):
                        continue
                    piece = run[lo:hi]
                    if want[lo:hi] == "".join(FORCED.get(c, d) for c, d in zip(piece, conv.convert(piece))):
                        words[piece] = want[lo:hi]
                        break
                break  # one fix a run a round
        if not wrong:
            break
    print("runs still converted otherwise than OpenCC:", wrong)
    words.update(FORCED_WORDS)
    lines = [
        "//! Generated by `src/hant/make_table.py` from the game's texts with OpenCC",
        "//! (`s2tw`); do not edit by hand, re-run the script.",
        "",
        "/// Simplified → Traditional, one character, sorted.",
        "pub(super) const CHARS: &[(char, char)] = &[",
    ]
    for s, t in sorted(chars.items()):
        lines.append(f"    ('{s}', '{t}'),")
    lines += [
        "];",
        "",
        "/// Words of two or three characters whose characters read otherwise than",
        "/// [`CHARS`] has them, sorted.",
        "pub(super) const WORDS: &[(&str, &str)] = &[",
    ]
    for s, t in sorted(words.items()):
        lines.append(f'    ("{s}", "{t}"),')
    lines += [
        "];",
        "",
        "/// Every character of the texts the tables were made from, sorted: a",
        "/// test finds any character the game writes that is not here (the",
        "/// tables are older than its text: re-run the script).",
        "#[cfg(test)]",
        "pub(super) const SEEN: &str = concat!(",
    ]
    seen_chars = "".join(sorted(seen))
    for at in range(0, len(seen_chars), 30):
        lines.append(f'    "{seen_chars[at : at + 30]}",')
    lines.append(");")
    (HERE / "table.rs").write_text("\n".join(lines) + "\n", encoding="utf-8")
    # Laid out as `cargo fmt --check` wants it.
    subprocess.run(["rustfmt", "--edition", "2024", str(HERE / "table.rs")], check=True)
    print(f"{len(chars)} characters, {len(words)} words")
    amb = {s: dict(f) for s, f in seen.items() if len(f) > 1}
    print("read otherwise in some words:", json.dumps(amb, ensure_ascii=False))


if __name__ == "__main__":
    main()
