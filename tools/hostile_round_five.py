#!/usr/bin/env python3
"""Hostile input, round five: generated inputs of each new class, measured.

Each class writes files from a seed and runs the release binary on them
under a 2 GB address-space limit and a CPU-time limit, through
/usr/bin/time:

- liquid properties: a text world of one liquid (or sticky, slippery,
  bouncy) block whose numeric properties sit at the ends of their ranges,
  just inside or just outside them, walked through with `run` for 200
  ticks at 20 or 60 Hz; every tick's position must be finite (exit 2, a
  refusal naming the line, is a result);
- slow navigation: a text world of a lake with random bottoms 4 to 7 deep
  and stepping stones, planned across with `path` and the default work
  budget; the plan's work must be within the documented bound
  (budget + 640 + the walks, 2 x (2 ticks + 20 a step + 40));
- numeric goals: `path --to` and `--from` at NaN, infinities, 1e300,
  the ends of i32 and of the coordinates a world may hold;
- settings named twice: scenarios whose [settings] name one setting by
  its flat and its grouped name, its dotted and grouped name, or with
  spaces round the key; `check` must report each as an error naming the
  setting twice or as unknown.

Exit 0 is a result, 1 a failing check, 2 a refusal naming the place;
anything else (a panic's 101, a signal, a limit's kill) is a crash.

    cargo build --release
    python3 tools/hostile_round_five.py [--seeds 100] [--binary target/release/voxwalk]

Prints, per class, the runs, exits, crashes, broken promises (a
non-finite tick, work past its bound, a duplicate accepted) and the
worst peak memory and time with the seed that made them. Nothing here
is a test: tests/ assert the behaviour; this is the campaign whose
figures the notes quote.
"""

import argparse
import json
import math
import os
import random
import resource
import shutil
import subprocess
import tempfile
import time

MEMORY_BYTES = 2 << 30
CPU_SECONDS = 60
MODEL = "minecraft-1.21 v4"
WORK_BUDGET = 1_000_000
MAX_CHECK_WORK = 640

# Each numeric property's documented range: (name, low, low taken, high).
RANGES = [
    ("liquid_drag", 0.0, False, 1.0),
    ("liquid_gravity", 0.0, True, 1.0),
    ("liquid_level", 0.0, True, 15.0),
    ("liquid_push", 0.0, True, 1.0),
    ("bubble_column", -1.0, True, 1.0),
    ("slipperiness", 0.1, True, 1.0),
    ("speed_factor", 0.0, True, 1.0),
    ("jump_factor", 0.0, True, 1.0),
    ("bounce", 0.0, True, 1.0),
    ("stuck_horizontal", 0.0, False, 1.0),
    ("stuck_vertical", 0.0, False, 2.0),
]


def limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run(args):
    """(exit code, seconds, peak MB, stdout, first line of stderr)."""
    started = time.time()
    out = subprocess.run(
        ["/usr/bin/time", "-f", "PEAK %M"] + args,
        capture_output=True,
        text=True,
        errors="replace",
        preexec_fn=limits,
        timeout=300,
    )
    seconds = time.time() - started
    peak = 0
    said = ""
    for line in out.stderr.splitlines():
        if line.startswith("PEAK "):
            peak = int(line.split()[1]) / 1024
        elif not said and line.strip() and not line.startswith("Command "):
            said = line.strip()
    return out.returncode, seconds, peak, out.stdout, said[:100]


def edge_value(rng, lo, lo_taken, hi):
    """A value at, just inside or just outside one end of a range."""
    end = rng.choice([lo, hi])
    tiny = (hi - lo) * rng.choice([0.0, 1e-12, 1e-6])
    inward = 1 if end == lo else -1
    if rng.random() < 0.2:
        inward = -inward  # just outside
    value = end + inward * tiny
    if end == lo and not lo_taken and tiny == 0.0 and rng.random() < 0.5:
        value = lo  # the open end itself
    return value


def liquid_properties(rng, folder):
    name, lo, lo_taken, hi = rng.choice(RANGES)
    properties = {name: edge_value(rng, lo, lo_taken, hi)}
    liquid = name.startswith("liquid_") or name == "bubble_column"
    stuck = name.startswith("stuck_")
    if liquid and name != "liquid_drag":
        properties["liquid_drag"] = edge_value(rng, 0.0, False, 1.0)
    for other, olo, otaken, ohi in rng.sample(RANGES, 2):
        if other.startswith("liquid_") == liquid and not other.startswith("stuck_") and other != "bubble_column":
            properties.setdefault(other, edge_value(rng, olo, otaken, ohi))
    if name == "liquid_level":
        properties[name] = float(round(properties[name]))
    kind = "passable" if liquid or stuck else "solid"
    props = " ".join(f"property {k}={v!r}" for k, v in properties.items())
    lines = [
        "voxwalk-world 1",
        f"block trial {kind} colour #4080c0 glyph t {props}",
        "legend t trial",
        "layer 0",
    ] + ["|" + "#" * 12] * 12
    for y in range(1, 5):
        lines.append(f"layer {y}")
        fill = "t" if kind == "passable" else "."
        lines += ["|" + "#" + fill * 10 + "#"] * 12
    if kind == "solid":
        lines[4:4 + 12] = ["|" + "t" * 12] * 12
    lines.append("end")
    world = os.path.join(folder, "trial.vxw")
    with open(world, "w") as f:
        f.write("\n".join(lines) + "\n")
    script = os.path.join(folder, "inputs.txt")
    moves = ["east+sprint", "west+jump", "north+sneak", "south+sprint+jump", "jump", "east+north"]
    with open(script, "w") as f:
        for _ in range(20):
            f.write(f"{rng.randint(1, 15)} {rng.choice(moves)}\n")
    rate = rng.choice(["20", "60"])
    return ["run", world, "--inputs", script, "--spawn", "5.5,3,5.5", "--ticks", "200",
            "--set", f"tick_rate={rate}"], "finite"


def slow_lake(rng, folder):
    size = rng.randint(24, 96)
    stones = rng.randint(6, 20)
    lines = ["voxwalk-world 1"]
    bottoms = [[rng.randint(4, 7) for _ in range(size)] for _ in range(size)]
    islands = [[rng.randrange(stones) == 0 for _ in range(size)] for _ in range(size)]
    for y in range(0, 11):
        lines.append(f"layer {y}")
        for z in range(size + 4):
            row = []
            for x in range(size + 4):
                inside = 2 <= x < size + 2 and 2 <= z < size + 2
                if not inside:
                    row.append("#")
                    continue
                bottom = 10 - bottoms[z - 2][x - 2]
                if y < bottom or islands[z - 2][x - 2]:
                    row.append("#")
                else:
                    row.append("~")
            lines.append("|" + "".join(row))
    lines.append("end")
    world = os.path.join(folder, "lake.vxw")
    with open(world, "w") as f:
        f.write("\n".join(lines) + "\n")
    goal = rng.choice([f"{size + 400}.5,11,{size // 2}.5", f"{size + 1}.5,11,{size + 1}.5"])
    return ["path", world, "--from", f"0.5,11,{size // 2}.5", "--to", goal], "work"


EDGES = ["NaN", "inf", "-inf", "1e300", "-1e300", "2147483647", "-2147483648",
         "1000000000", "1000000001", "0", "0.5", "-0.0"]


def numeric_goal(rng, folder):
    to = ",".join(rng.choice(EDGES) if rng.random() < 0.5 else str(rng.randint(-3, 12)) + ".5"
                  for _ in range(3))
    frm = "1.5,1,1.5" if rng.random() < 0.7 else ",".join(rng.choice(EDGES) for _ in range(3))
    world = os.path.join(folder, "gap.vxw")
    with open(world, "w") as f:
        f.write("voxwalk-world 1\nlayer 0\n|####...#####\n|####...#####\n|####...#####\nend\n")
    return ["path", world, "--from", frm, "--to", to], "goal"


PAIRS = [
    ("walk_speed", "walking", "speed"),
    ("gravity", "air", "gravity"),
    ("step_height", "walking", "step_height"),
    ("jump_speed", "jumping", "speed"),
    ("swim_acceleration", "swimming", "acceleration"),
]


def settings_twice(rng, folder):
    flat, group, field = rng.choice(PAIRS)
    way = rng.randrange(4)
    if way == 0:
        table = f"[settings]\n{flat} = 1.5\n[settings.{group}]\n{field} = 2.5\n"
    elif way == 1:
        table = f"[settings]\n\"{group}.{field}\" = 1.5\n{flat} = 2.5\n"
    elif way == 2:
        table = f"[settings]\n\"{group}.{field}\" = 1.5\n[settings.{group}]\n{field} = 2.5\n"
    else:
        pad = rng.choice([" ", "\t", "  "])
        table = f"[settings]\n\"{pad}{flat}{pad}\" = 1.5\n"
    text = (
        f'model = "{MODEL}"\n'
        'world_text = "voxwalk-world 1\\nlayer 0\\n|####|\\n"\n'
        "spawn = [0.5, 1, 0.5]\nticks = 2\n" + table
    )
    path = os.path.join(folder, "twice.toml")
    with open(path, "w") as f:
        f.write(text)
    return ["check", path], "refused"


CLASSES = {
    "liquid properties": liquid_properties,
    "slow navigation": slow_lake,
    "numeric goals": numeric_goal,
    "settings named twice": settings_twice,
}


def broken(kind, code, stdout):
    """Whether a run broke the promise its class checks."""
    lines = [l for l in stdout.splitlines() if l.startswith("{")]
    if kind == "finite":
        for line in lines:
            tick = json.loads(line)
            if not all(math.isfinite(v) for v in tick.get("pos", [])):
                return "a non-finite position"
        return None
    if kind == "work" and code == 0 and lines:
        plan = json.loads(lines[0])
        walk = 2 * plan["ticks"] + 20 * len(plan["steps"]) + 40
        if plan["work"] > WORK_BUDGET + MAX_CHECK_WORK + 2 * walk:
            return f"work {plan['work']} past its bound"
        return None
    if kind == "refused" and not ("ERROR" in stdout and ("named twice" in stdout or "unknown setting" in stdout)):
        return f"accepted (exit {code})"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--binary", default="target/release/voxwalk")
    parser.add_argument("--only", help="run only the class of this name")
    args = parser.parse_args()
    print("| class | runs | exits | crashes | broken | worst peak | worst time | most work |")
    print("|---|---|---|---|---|---|---|---|")
    for name, make in CLASSES.items():
        if args.only and name != args.only:
            continue
        exits, crashes, broke = {}, [], []
        worst_peak, worst_time, most_work = (0, None), (0, None), (0, None)
        for seed in range(args.seeds):
            rng = random.Random(f"{name}-{seed}")
            folder = tempfile.mkdtemp(prefix="voxwalk-round5-")
            try:
                command, kind = make(rng, folder)
                code, seconds, peak, stdout, said = run([args.binary] + command)
                exits[code] = exits.get(code, 0) + 1
                if code not in (0, 1, 2):
                    crashes.append(f"{seed}: exit {code} {said}")
                why = broken(kind, code, stdout)
                if why:
                    broke.append(f"{seed}: {why}")
                if peak > worst_peak[0]:
                    worst_peak = (peak, seed)
                if seconds > worst_time[0]:
                    worst_time = (seconds, seed)
                if kind == "work" and code == 0:
                    work = json.loads(stdout.splitlines()[0])["work"]
                    if work > most_work[0]:
                        most_work = (work, seed)
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        codes = ", ".join(f"{c}: {n}" for c, n in sorted(exits.items()))
        work = f"{most_work[0]} (seed {most_work[1]})" if most_work[1] is not None else "-"
        print(
            f"| {name} | {args.seeds} | {codes} | {len(crashes)} | {len(broke)} | "
            f"{worst_peak[0]:.0f} MB (seed {worst_peak[1]}) | {worst_time[0]:.2f} s (seed {worst_time[1]}) | {work} |"
        )
        for line in (crashes + broke)[:5]:
            print(f"|   | {line} |")


if __name__ == "__main__":
    main()
