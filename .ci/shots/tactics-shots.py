#!/usr/bin/env python3
"""Screenshots of the tactics trainer in the four languages at two sizes:
its screen (and its themes scrolled to the end with the wheel), the card
after the puzzle is solved, after a wrong move, and while its solution is
played out. Starts `xiangqi play --tactics` under Xvfb with the language
in a scratch settings file, plays the moves with the mouse (xdotool) and
saves the game's own screenshots (F12).

    .ci/shots/tactics-shots.py target/debug/xiangqi OUT_DIR [LANG ...]

Needs Xvfb and xdotool.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

BINARY, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
LANGS = sys.argv[3:] or ["english", "chinese", "traditional-chinese", "vietnamese"]
SHORT = {"english": "en", "chinese": "zh", "traditional-chinese": "hant", "vietnamese": "vi"}
SIZES = [tuple(map(int, s.split("x"))) for s in os.environ.get("SHOT_SIZES", "800x600 1280x900").split()]
DISPLAY = ":94"
# A mate in 3 for Red (the board is not turned): its line, and a wrong first move.
PUZZLE = "9b1b9b4224"
SOLVER_MOVES = ["g3d3", "d3d4", "d4d5"]
WRONG = "g3g4"
STARTUP = float(os.environ.get("SHOT_STARTUP", "20"))

MARGIN_X, MARGIN_Y = 1.05, 1.15


def point(size, square):
    """Where a point of the board is in the window (board::layout)."""
    w, h = size
    if w >= h * 1.05:
        board_w = (h - 16) / (9 + 2 * MARGIN_Y) * (8 + 2 * MARGIN_X) + 16
        pw = min(max(w - board_w, 230), 420, w * 0.45)
        area = (0, 0, w - pw, h)
    else:
        ph = min(max(h * 0.31, 190), 340, h * 0.45)
        area = (0, 0, w, h - ph)
    aw, ah = area[2] - area[0] - 16, area[3] - area[1] - 16
    cell = min(aw / (8 + 2 * MARGIN_X), ah / (9 + 2 * MARGIN_Y))
    cell = max((cell / 2) // 1 * 2, 8)
    ucx, ucy = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
    cx, cy = ucx - w / 2, h / 2 - ucy
    sx, sy = cx + w / 2, cy + h / 2
    cx += round(sx) - sx
    cy += round(sy) - sy
    if min(max(round(cell / 36), 1), 3) % 2 == 1:
        cx, cy = cx + 0.5, cy + 0.5
    f, r = "abcdefghi".index(square[0]), int(square[1:])
    wx, wy = cx + (f - 4) * cell, cy + (r - 4.5) * cell
    return round(wx + w / 2), round(h / 2 - wy)


def run(size, lang, args, actions, names):
    """Starts the game with `args`, does `actions` (each returns the shot
    name to take after it, or None) and moves the F12 shots to OUT."""
    home = tempfile.mkdtemp(prefix="xiangqi-shot-")
    with open(os.path.join(home, "settings.json"), "w") as f:
        json.dump({"language": lang, "first_start_done": True}, f)
    env = dict(os.environ, DISPLAY=DISPLAY, XIANGQI_HOME=home)
    env.pop("WAYLAND_DISPLAY", None)
    game = subprocess.Popen(
        [BINARY, "play", "--size", f"{size[0]}x{size[1]}", *args],
        cwd=home, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(STARTUP)
        window = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "."],
            env=env, capture_output=True, text=True, check=True,
        ).stdout.split()[0]

        def xdo(*a):
            subprocess.run(["xdotool", *a], env=env, check=True)

        xdo("windowfocus", window)
        n = 0
        for action in actions:
            name = action(lambda sq: click(xdo, window, size, sq))
            if name:
                xdo("key", "F12")
                time.sleep(2.5)
                n += 1
                shot = os.path.join(home, f"xiangqi-{n}.png")
                out = os.path.join(OUT, f"{name}-{SHORT[lang]}-{size[0]}x{size[1]}.png")
                if os.path.exists(shot):
                    shutil.move(shot, out)
                    names.append(out)
                else:
                    print("no shot for", out, file=sys.stderr)
    finally:
        game.terminate()
        game.wait()
        shutil.rmtree(home, ignore_errors=True)


def wheel(size, clicks, name):
    """Turns the wheel down `clicks` times over the themes' grid (at two
    thirds of the window's height), then shoots."""
    def act(_click):
        env = dict(os.environ, DISPLAY=DISPLAY)
        x, y = size[0] // 2, size[1] * 2 // 3
        subprocess.run(["xdotool", "mousemove", str(x), str(y)], env=env, check=True)
        time.sleep(0.3)
        for _ in range(clicks):
            subprocess.run(["xdotool", "click", "5"], env=env, check=True)
            time.sleep(0.15)
        time.sleep(1.0)
        return name
    return act


def click(xdo, window, size, square):
    x, y = point(size, square)
    xdo("mousemove", "--window", window, str(x), str(y))
    time.sleep(0.3)
    xdo("click", "1")
    time.sleep(0.6)


def wait(seconds, name=None):
    def act(_click):
        time.sleep(seconds)
        return name
    return act


def move(m, pause=2.0, name=None):
    def act(click):
        click(m[:2])
        click(m[2:])
        time.sleep(pause)
        return name
    return act


def main():
    os.makedirs(OUT, exist_ok=True)
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x1024x24"])
    time.sleep(1)
    names = []
    try:
        for lang in LANGS:
            for size in SIZES:
                run(size, lang, ["--tactics"],
                    [wait(1, "trainer"), wheel(size, 30, "trainer-scrolled")], names)
                solve = [move(m, 2.5) for m in SOLVER_MOVES[:-1]]
                solve.append(move(SOLVER_MOVES[-1], 4.0, "solved"))
                run(size, lang, ["--tactics", "--tactic", PUZZLE], solve, names)
                run(size, lang, ["--tactics", "--tactic", PUZZLE],
                    [move(WRONG, 12.0, "missed")], names)
    finally:
        xvfb.terminate()
    print("\n".join(names))


main()
