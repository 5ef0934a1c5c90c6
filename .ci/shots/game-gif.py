#!/usr/bin/env python3
"""Records the README's animated GIF from the game itself: starts
`xiangqi play` under Xvfb, plays a move, a capture that gives check and a
reply with the mouse (xdotool), grabs the board as often as it can (about 15 times a second)
and writes the board part as a GIF.

    .ci/shots/game-gif.py target/debug/xiangqi assets/screenshots/moves.gif

Needs Xvfb, xdotool and Python's Pillow (with XCB screen grabbing).
"""
import os
import subprocess
import sys
import tempfile
import threading
import time

from PIL import Image, ImageGrab

BINARY, OUT = sys.argv[1], sys.argv[2]
DISPLAY = ":93"
W, H = 1280, 900
# The board at 1280x900: square (file a..i, rank 1..10) -> pixel.
def square(name):
    f = "abcdefghi".index(name[0])
    r = int(name[1:])
    return 118 + 78 * f, 801 - 78 * (r - 1)

BOARD_BOX = (36, 9, 824, 891)
MOVES = ["h3", "e3", "h8", "e8", "e3", "e7", "f10", "e9"]  # C2=5 C8=5 C5+4 (check) A6-5

xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", f"{W}x{H}x24"])
time.sleep(1)
env = dict(os.environ, DISPLAY=DISPLAY, XIANGQI_HOME=tempfile.mkdtemp())
game = subprocess.Popen(
    [BINARY, "play", "--mode", "hotseat", "--size", f"{W}x{H}"],
    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
)
frames = []
done = threading.Event()

def grab():
    while not done.is_set():
        t = time.monotonic()
        frames.append((t, ImageGrab.grab(bbox=BOARD_BOX, xdisplay=DISPLAY)))
        time.sleep(max(0.0, 0.06 - (time.monotonic() - t)))

def xdo(*args):
    subprocess.run(["xdotool", *args], env=env, check=True)

try:
    time.sleep(14)  # the window opens and the first frames are drawn
    window = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "."],
        env=env, capture_output=True, text=True, check=True,
    ).stdout.split()[0]
    xdo("windowfocus", window)
    grabber = threading.Thread(target=grab)
    grabber.start()
    time.sleep(1.0)
    for i, sq in enumerate(MOVES):
        x, y = square(sq)
        xdo("mousemove", str(x), str(y))
        time.sleep(0.35)
        xdo("click", "1")
        # After the piece is put down: the move's animation (and the seal).
        time.sleep(0.6 if i % 2 == 0 else 1.6)
    time.sleep(1.0)
    done.set()
    grabber.join()
finally:
    game.kill()
    xvfb.kill()

# Half size, with each frame shown as long as it lasted on the screen.
images = [im.resize((im.width // 2, im.height // 2), Image.LANCZOS) for _, im in frames]
durations = [int((b[0] - a[0]) * 1000) for a, b in zip(frames, frames[1:])] + [1500]
durations[-1] = 2500
images[0].save(
    OUT, save_all=True, append_images=images[1:], duration=durations, loop=0, optimize=True
)
print(f"wrote {OUT}: {len(images)} frames, {os.path.getsize(OUT) // 1024} KiB")
