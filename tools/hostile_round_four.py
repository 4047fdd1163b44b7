#!/usr/bin/env python3
"""Hostile input, round four: generated files of each class, measured.

Each class writes files of random sizes and placements from a seed and runs
the release binary on them under a 2 GB address-space limit and a CPU-time
limit, through /usr/bin/time: `check` for scenarios (mover tables, stacked
crowds), `info` for text worlds with movers and for save folders, `check
--bless` for bless inputs (the file must parse afterwards), and
`crates/json_save --restore` (a game loading a save through serde_json and
running it) for saved states. Exit 0 is a result, 1 a failing check or a
refused state, 2 a refusal naming the place; anything else (a panic's 101,
a signal, a limit's kill) is a crash and is listed.

    cargo build --release
    cargo build --release --manifest-path crates/json_save/Cargo.toml --target-dir target/json_save
    python3 tools/hostile_round_four.py [--seeds 200] [--binary target/release/voxwalk]

Prints, per class, the runs, exits and the worst peak memory and time with
the seed that made them. Nothing here is a test: tests/ assert the
behaviour; this is the campaign whose figures the notes quote.
"""

import argparse
import json
import os
import random
import resource
import shutil
import struct
import subprocess
import tempfile
import time
import tomllib
import zlib

MEMORY_BYTES = 2 << 30
CPU_SECONDS = 20
BUDGET = 100 << 20  # the read budget the mover classes run under
MODEL = "minecraft-1.21 v4"
STATE_READER = "target/json_save/release/json_save"


def limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run(args):
    """(exit code, seconds, peak MB, first line said)."""
    started = time.time()
    out = subprocess.run(
        ["/usr/bin/time", "-f", "PEAK %M"] + args,
        capture_output=True,
        text=True,
        errors="replace",
        preexec_fn=limits,
        timeout=120,
    )
    seconds = time.time() - started
    peak = 0
    said = ""
    for line in out.stderr.splitlines():
        if line.startswith("PEAK "):
            peak = int(line.split()[1]) / 1024
        elif not said and line.strip() and not line.startswith("Command "):
            said = line.strip()
    return out.returncode, seconds, peak, said[:100]


def world_text(rng):
    return "voxwalk-world 1\nlayer 0\n" + ("|" + "#" * 16 + "|\n") * 16 + "end\n"


def mover_tables(rng, folder):
    """A scenario of many `[[mover]]` tables, each a random `fill`."""
    tables = []
    for _ in range(rng.randint(1, 60)):
        size = [rng.randint(1, 256), rng.randint(1, 4), rng.randint(1, 256)]
        while size[0] * size[1] * size[2] > 65536:
            size[rng.randrange(3)] //= 2
        at = [rng.randint(-50, 50), rng.randint(2, 40), rng.randint(-50, 50)]
        block = rng.choice(["stone", "slab", "post", "glass"])
        tables.append(
            f'[[mover]]\nblock = "{block}"\nat = {at}\n'
            f"fill = [[0, 0, 0], [{size[0] - 1}, {size[1] - 1}, {size[2] - 1}]]\n"
            f"velocity = [{rng.uniform(-5, 5):.3f}, 0, {rng.uniform(-5, 5):.3f}]\n"
        )
    text = (
        f'model = "{MODEL}"\nspawn = [0.5, 1, 0.5]\ninputs = "10 east"\n'
        f'world_text = """\n{world_text(rng)}"""\n' + "".join(tables)
    )
    path = os.path.join(folder, "tables.toml")
    with open(path, "w") as f:
        f.write(text)
    return ["check", "--read-budget", str(BUDGET), path]


def text_movers(rng, folder):
    """A text world whose rows draw movers over random areas."""
    width = rng.randint(16, 256)
    rows = rng.randint(16, 1000)
    glyphs = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[: rng.randint(1, 52)]
    lines = ["voxwalk-world 1"]
    for g in glyphs:
        lines.append(f"mover {g} {rng.choice(['stone', 'slab', 'post'])} velocity 1 0 0")
    for layer in range(rng.randint(1, 3)):
        lines.append(f"layer {layer}")
        for r in range(rows):
            g = glyphs[(r // 8) % len(glyphs)]
            lines.append("|" + g * width + "|")
    lines.append("end")
    path = os.path.join(folder, "movers.vxw")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return ["info", "--read-budget", str(BUDGET), path]


def stacked_crowd(rng, folder):
    """A scenario of many bodies spawned on one spot or a few."""
    spots = [(rng.uniform(-3, 3), rng.uniform(-3, 3)) for _ in range(rng.randint(1, 3))]
    bodies = []
    for i in range(rng.randint(100, 4000)):
        x, z = spots[i % len(spots)]
        bodies.append(f"[[body]]\nspawn = [{x:.3f}, 1, {z:.3f}]\n")
    text = (
        f'model = "{MODEL}"\nspawn = [0.5, 1, 0.5]\ninputs = "{rng.randint(2, 20)} idle"\n'
        f'world_text = """\n{world_text(rng)}"""\n' + "".join(bodies)
    )
    path = os.path.join(folder, "crowd.toml")
    with open(path, "w") as f:
        f.write(text)
    return ["check", path]


def region(rng, overlap):
    """A region file of a few chunk entries, some pointing at shared or
    absurd sectors, each chunk a small zlib payload (not necessarily NBT)."""
    header = bytearray(8192)
    body = bytearray()
    entries = rng.randint(1, 64)
    for i in range(entries):
        index = rng.randrange(1024)
        payload = zlib.compress(os.urandom(rng.randint(1, 2000)))
        chunk = struct.pack(">IB", len(payload) + 1, 2) + payload
        chunk += bytes((-len(chunk)) % 4096)
        sector = 2 + len(body) // 4096
        if overlap and i and rng.random() < 0.5:
            sector = 2  # the first chunk's sectors again
        elif rng.random() < 0.05:
            sector = rng.randrange(1 << 24)
        header[index * 4 : index * 4 + 4] = struct.pack(">I", sector)[1:] + bytes([len(chunk) // 4096])
        body += chunk
    return bytes(header + body)


def save_folder(rng, folder):
    """A save folder of random region files (overlapping sectors, names at
    the integer limits, garbage) beside a level.dat that is cut short."""
    save = os.path.join(folder, "save")
    regions = os.path.join(save, "region")
    os.makedirs(regions)
    with open(os.path.join(save, "level.dat"), "wb") as f:
        f.write(os.urandom(rng.randint(0, 100)))
    for _ in range(rng.randint(1, 12)):
        x = rng.choice([rng.randint(-3, 3), 2147483647, -2147483648, 1953125])
        z = rng.choice([rng.randint(-3, 3), 2147483647, -2147483648])
        with open(os.path.join(regions, f"r.{x}.{z}.mca"), "wb") as f:
            f.write(region(rng, overlap=rng.random() < 0.5))
    return ["info", save]


def bless_input(rng, folder):
    """A scenario whose text plays games with the `model` key: look-alike
    lines inside multi-line strings, quoted spellings, comments, tables."""
    pieces = [
        'description = """\nmodel = "old v0"\n"""\n',
        "description = '''\nmodel = 'old'\n'''\n",
        '"model" = "stale v0"\n',
        "'model' = 'stale v0'\n",
        '# model = "in a comment"\n',
        'model = "stale v0" # pinned\n',
    ]
    rng.shuffle(pieces)
    chosen = pieces[: rng.randint(1, 3)]
    keys = [p for p in chosen if p.lstrip("\"'").startswith("model") and not p.startswith("#")]
    # At most one real `model` key: a file with two is no TOML to begin with.
    described = [p for p in chosen if p.startswith("description")][1:]
    body = "".join(p for p in chosen if p not in keys[1:] and p not in described)
    text = body + f'spawn = [0.5, 1, 0.5]\ninputs = "2 idle"\nworld_text = """\n{world_text(rng)}"""\n'
    path = os.path.join(folder, "bless.toml")
    with open(path, "w") as f:
        f.write(text)
    return ["check", "--bless", path], path


BASE_STATE = None


def base_state():
    """The state of 500 bodies `json_save --write` saves, read once."""
    global BASE_STATE
    if BASE_STATE is None:
        path = os.path.join(tempfile.mkdtemp(prefix="voxwalk-round4-"), "state.json")
        subprocess.run([STATE_READER, "--write", path], check=True, capture_output=True)
        with open(path) as f:
            BASE_STATE = f.read()
    return json.loads(BASE_STATE)


def odd_float(rng):
    return rng.choice(
        ["NaN", "inf", "-inf", "-0.0", "1e308", "-1e308", "1e-320", "-5", "0", "garbage", "", 1e300, -3, 0]
    )


def saved_state(rng, folder):
    """A saved state of 500 bodies with one to three things made hostile:
    bodies copied by the ten thousand, millions of slots, balls of any
    radius and speed, odd floats in any field, handles and free lists that
    do not fit, a static body sunk in stone, settings out of range."""
    state = base_state()
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(9)
        bodies = state["bodies"]
        b = rng.randrange(min(len(bodies), len(state["handles"])))
        if kind == 0:
            n = rng.randint(1, 40_000)
            state["bodies"] += [bodies[b]] * n
            if rng.random() < 0.5:
                state["handles"] += [state["handles"][b]] * n
                state["user_data"] += [0] * n
                state["own_settings"] += [None] * n
        elif kind == 1:
            state["generations"] += [0] * rng.choice([rng.randint(1, 1000), rng.randint(1, 5_000_000)])
        elif kind == 2:
            n = rng.randint(1, 100_000)
            state["movers"]["slots"] += [{"generation": 0, "mover": None}] * n
            state["movers"]["free"] += list(range(n)) if rng.random() < 0.5 else []
        elif kind == 3:
            for _ in range(rng.randint(1, 2000)):
                state["balls"].append({
                    "center": [str(rng.uniform(-50, 50)), str(rng.uniform(-5, 10)), str(rng.uniform(-50, 50))],
                    "radius": str(rng.choice([rng.uniform(-1, 10), 0, 1e300, 0.3])),
                    "velocity": [str(rng.uniform(-2000, 2000)), "0", "0"],
                    "resting": rng.random() < 0.5,
                })
        elif kind == 4:
            field = rng.choice(["aabb", "previous", "velocity", "momentum", "jump_wait", "takeoff",
                                "cutoff_clock", "standing_height", "heading", "takeoff_slipperiness"])
            value = bodies[b][field]
            if isinstance(value, dict):
                value[rng.choice(["min", "max"])][rng.randrange(3)] = odd_float(rng)
            elif isinstance(value, list):
                value[rng.randrange(len(value))] = odd_float(rng)
            else:
                bodies[b][field] = odd_float(rng)
        elif kind == 5:
            state["handles"][b] = rng.choice([state["handles"][0], [rng.randrange(1 << 32), rng.randrange(1 << 32)]])
        elif kind == 6:
            state["free"] += [rng.randrange(600) for _ in range(rng.randint(1, 50))]
        elif kind == 7:
            bodies[b]["mobility"] = "static"
            y = rng.uniform(-4, 1)
            bodies[b]["aabb"] = {"min": ["0.2", str(y), "0.2"], "max": ["0.8", str(y + 1.8), "0.8"]}
        else:
            key = rng.choice(sorted(state["settings"]))
            state["settings"][key] = odd_float(rng)
    if rng.random() < 0.1:
        state["tick"] = rng.choice([2**64 - 1, -1, "x"])
    path = os.path.join(folder, "state.json")
    with open(path, "w") as f:
        json.dump(state, f)
    return [STATE_READER, "--restore", path]


CLASSES = {
    "mover tables": mover_tables,
    "text movers": text_movers,
    "stacked crowds": stacked_crowd,
    "save folders": save_folder,
    "bless inputs": bless_input,
    "saved states": saved_state,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--binary", default="target/release/voxwalk")
    parser.add_argument("--only", help="run only the class of this name")
    args = parser.parse_args()
    print("| class | runs | exits | crashes | worst peak | worst time | bless files that no longer parse |")
    print("|---|---|---|---|---|---|---|")
    for name, make in CLASSES.items():
        if args.only and name != args.only:
            continue
        exits, crashes, broken = {}, [], 0
        worst_peak, worst_time = (0, None), (0, None)
        for seed in range(args.seeds):
            rng = random.Random(f"{name}-{seed}")
            folder = tempfile.mkdtemp(prefix="voxwalk-round4-")
            try:
                made = make(rng, folder)
                command, blessed = (made if isinstance(made, tuple) else (made, None))
                if command[0] != STATE_READER:
                    command = [args.binary] + command
                code, seconds, peak, said = run(command)
                exits[code] = exits.get(code, 0) + 1
                if code not in (0, 1, 2):
                    crashes.append(f"{seed}: exit {code} {said}")
                if peak > worst_peak[0]:
                    worst_peak = (peak, seed)
                if seconds > worst_time[0]:
                    worst_time = (seconds, seed)
                if blessed:
                    # Blessed or refused, the file must still be TOML whose
                    # top-level `model` is one string.
                    with open(blessed, "rb") as f:
                        try:
                            model = tomllib.load(f).get("model")
                            broken += not isinstance(model, str)
                        except tomllib.TOMLDecodeError:
                            broken += 1
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        codes = ", ".join(f"{c}: {n}" for c, n in sorted(exits.items()))
        print(
            f"| {name} | {args.seeds} | {codes} | {len(crashes)} | "
            f"{worst_peak[0]:.0f} MB (seed {worst_peak[1]}) | {worst_time[0]:.2f} s (seed {worst_time[1]}) | "
            f"{broken if name == 'bless inputs' else '-'} |"
        )
        for line in crashes[:5]:
            print(f"|   crash | {line} |")


if __name__ == "__main__":
    main()
