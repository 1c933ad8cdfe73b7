"""100,000 boids (the standard flock of `steer bench`) drawn with matplotlib: a PNG and an animated GIF.

    python3 python/examples/flock_picture.py [out_dir]     # default docs/pictures

Each boid is a dot coloured by its heading. The standard flock's rules (radius-1 neighbourhoods, the
raw separation) gather boids into small swirling clusters, each a rainbow of headings around its centre;
the world wraps, so clusters leave one edge and come back at the other. Needs python3-matplotlib.
"""
import os
import sys
import time

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.animation import PillowWriter  # noqa: E402

import steer  # noqa: E402

AGENTS, SETTLE_STEPS = 100_000, 600        # 10 s of flocking before the first frame
FRAMES, STEPS_PER_FRAME = 36, 6            # the GIF: 3.6 s of simulated time at 10 frames a second
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def heading_colours(view):
    """Hue from the heading angle (all around the colour wheel), full saturation."""
    hue = (np.arctan2(view.vy, view.vx) / (2 * np.pi)) % 1.0
    return plt.cm.hsv(hue)


def figure(side, pixels, dpi=100):
    fig = plt.figure(figsize=(pixels / dpi, pixels / dpi), dpi=dpi, facecolor="black")
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, side), ax.set_ylim(0, side), ax.set_aspect("equal"), ax.axis("off")
    return fig, ax


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    threads = min(4, os.cpu_count() or 1)
    world = steer.World.standard_flock(AGENTS, threads=threads)
    side = float(world.bounds[1][0])  # the standard flock's box starts at 0
    start = time.perf_counter()
    world.step(steer.STANDARD_FLOCK_DT, steps=SETTLE_STEPS)
    print(f"{AGENTS} boids, {SETTLE_STEPS} steps on {threads} threads: {time.perf_counter() - start:.2f} s")

    # the still: every boid, small dots
    fig, ax = figure(side, 1000)
    view = world.view()
    ax.scatter(view.x, view.y, s=2.0, c=heading_colours(view), marker=".", linewidths=0)
    png = os.path.join(out_dir, "python_flock.png")
    fig.savefig(png, facecolor="black")
    plt.close(fig)

    # the animation: a corner of the world a quarter as wide, so single boids show and the GIF stays small
    window = side / 4
    fig, ax = figure(window, 360)
    dots = ax.scatter([], [], s=2.0, marker=".", linewidths=0)
    gif = os.path.join(out_dir, "python_flock.gif")
    writer = PillowWriter(fps=10)
    with writer.saving(fig, gif, dpi=100):
        for _ in range(FRAMES):
            view = world.view()
            inside = (view.x < window) & (view.y < window)
            dots.set_offsets(np.column_stack([view.x[inside], view.y[inside]]))
            dots.set_color(heading_colours(view)[inside])
            writer.grab_frame(facecolor="black")
            world.step(steer.STANDARD_FLOCK_DT, steps=STEPS_PER_FRAME)
    plt.close(fig)
    return png, gif


if __name__ == "__main__":
    for path in main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "pictures")):
        print(f"{path}: {os.path.getsize(path) / 1024:.0f} KiB")
