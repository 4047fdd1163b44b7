#!/usr/bin/env python3
"""A campaign of hostile files against `voxwalk info`.

Mutates seed files (every world format the command reads) and runs the
release binary on each mutant under a 2 GB address-space limit and a CPU-time
limit, the way a user's machine meets a damaged or crafted file. Exit 0 is a
world, exit 2 a refusal with a message; anything else (a panic's 101, a signal,
the limits' kill) is a crash, and the file is kept for a test.

    cargo build --release
    python3 tools/hostile_campaign.py --count 10000 SEEDS...

Seeds are files or folders (searched for .vxw .vxb .vox .schem .mca .nbt).
Prints one summary: runs, worlds, refusals, crashes, slowest and largest runs.
"""

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

EXTENSIONS = (".vxw", ".vxb", ".vox", ".schem", ".mca", ".nbt")
MEMORY_BYTES = 2 << 30
CPU_SECONDS = 10


def seeds(paths):
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                found += [os.path.join(root, f) for f in sorted(files) if f.endswith(EXTENSIONS)]
        elif os.path.isfile(p):
            found.append(p)
    return found


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        n = len(data)
        kind = rng.randrange(7)
        if n == 0:
            data += bytes([rng.randrange(256)])
            continue
        at = rng.randrange(n)
        if kind == 0:
            data[at] = rng.randrange(256)
        elif kind == 1:
            data[at] ^= 1 << rng.randrange(8)
        elif kind == 2:
            del data[at:]
        elif kind == 3:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif kind == 4:
            length = rng.randint(1, 256)
            data[at:at] = data[at:at + length] * rng.randint(1, 64)
        elif kind == 5:
            # A length or count made huge: four bytes of 0x7f/0xff.
            data[at:at + 4] = rng.choice([b"\x7f\xff\xff\xff", b"\xff\xff\xff\x7f", b"\x00\x10\x00\x00"])
        else:
            # A digit in a text file made long.
            data[at:at] = str(rng.choice([10**9, 10**18, -(2**31), 2**40])).encode()
    return bytes(data)


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", nargs="+")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default="target/release/voxwalk")
    parser.add_argument("--keep", default="hostile-crashes", help="folder for crashing files")
    args = parser.parse_args()
    files = seeds(args.seeds)
    if not files:
        sys.exit("no seed files")
    originals = {f: open(f, "rb").read() for f in files}
    rng = random.Random(args.seed)
    counts = {"world": 0, "refused": 0, "crash": 0}
    slowest = (0.0, "")
    largest = (0, "")
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.count):
            seed = rng.choice(files)
            name = os.path.basename(seed)
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(mutate(originals[seed], rng) if i >= len(files) else originals[seed])
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.monotonic()
            out = subprocess.run([args.binary, "info", path], capture_output=True, preexec_fn=limit)
            elapsed = time.monotonic() - start
            peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            if out.returncode == 0:
                counts["world"] += 1
            elif out.returncode == 2:
                counts["refused"] += 1
            else:
                counts["crash"] += 1
                os.makedirs(args.keep, exist_ok=True)
                kept = os.path.join(args.keep, f"{i}-{name}")
                os.replace(path, kept)
                print(f"crash ({out.returncode}): {kept}: {out.stderr.decode(errors='replace')[-300:]}")
            if elapsed > slowest[0]:
                slowest = (elapsed, f"{name} #{i}")
            if peak_kb > largest[0] and peak_kb > before.ru_maxrss:
                largest = (peak_kb, f"{name} #{i}")
    print(
        f"{args.count} runs on {len(files)} seeds: {counts['world']} worlds, "
        f"{counts['refused']} refused (exit 2), {counts['crash']} crashes; "
        f"slowest {slowest[0]:.2f} s ({slowest[1]}), largest peak {largest[0] / 1024:.0f} MB ({largest[1]})"
    )
    sys.exit(1 if counts["crash"] else 0)


if __name__ == "__main__":
    main()
