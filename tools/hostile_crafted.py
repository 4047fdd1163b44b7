#!/usr/bin/env python3
"""The crafted files of the hostile-input reviews, written and measured.

Writes each file to a folder and runs the release binary on it (`info` for
worlds, `check` for scenarios) under /usr/bin/time, printing one table row
a file: its size, the exit code, wall time, peak resident memory and the
first words of what the command said.

    cargo build --release
    python3 tools/hostile_crafted.py [--out DIR] [--binary target/release/voxwalk]

Nothing here is a test: the tests (tests/hostile_files.rs and the unit tests
docs/testing.md names) assert the behaviour; this prints the figures.
"""

import argparse
import os
import struct
import subprocess
import zlib


def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def binary_world(types, chunks, palette, heavy=False):
    """A version-2 binary world of `types` own types (as heavy as allowed, or
    bare) and `chunks` chunks each naming the first `palette` ids."""
    p = bytearray(varint(0) + b"\0")
    p += varint(types)
    for t in range(types):
        name = (f"{t:0>128}" if heavy else f"t{t}").encode()
        p += varint(len(name)) + name + b"\1" + bytes([1, 2, 3])
        boxes = 16 if heavy else 1
        p.append(boxes)
        for b in range(boxes):
            y = b / boxes
            p += struct.pack("<6d", 0, y, 0, 1, y + 1 / boxes, 1)
        props = 32 if heavy else 0
        p.append(props)
        for k in range(props):
            key = f"{k:0>128}".encode()
            p += varint(len(key)) + key + b"\0" + struct.pack("<d", 1.0)
    p += varint(chunks)
    cells = bytearray()
    for i in range(palette - 1):
        cells += varint(1) + varint(i)
    cells += varint(4096 - (palette - 1)) + varint(palette - 1)
    ids = b"".join(varint(i) for i in range(palette))
    for c in range(chunks):
        p += struct.pack("<3i", c % 512, c // 512 % 512, c // (512 * 512))
        p += varint(palette) + ids + cells
    deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
    compressed = deflate.compress(bytes(p)) + deflate.flush()
    header = b"VOXWALKB" + struct.pack("<HHQI", 2, 0, len(p), zlib.crc32(bytes(p)))
    return header + compressed


def scenario(world_text, extra="ticks = 4\n", spawn="0.5, 1, 0.5"):
    return f'description = "crafted"\nspawn = [{spawn}]\nworld_text = """\n{world_text}"""\n{extra}'


def files():
    yield "types_and_wide_chunks.vxb", "every type, 131,072 chunks of 257 types", lambda: binary_world(65523, 131072, 257)
    yield "heavy_types_and_wide_chunks.vxb", "every type at its largest, then the same chunks", lambda: binary_world(65523, 131072, 257, heavy=True)
    yield "palettes_4096.vxb", "1,024 chunks of 4,096-entry palettes", lambda: binary_world(4096, 1024, 4096)
    row = "|" + "#." * 2048 + "|\n"
    yield "dense_text.vxw", "36 MB of text rows", lambda: ("voxwalk-world 1\n" + "".join(f"layer {y}\n" + row * 560 for y in range(16)) + "end\n").encode()
    yield "block_line.vxw", "a block line of 1.9 MB of properties", lambda: ("voxwalk-world 1\nblock b" + "".join(f" property p{i}=1" for i in range(130000)) + "\nend\n").encode()
    item = "{tick = 1, x = [0.0, 5.0]}, "
    yield "inline_expect.toml", "16 MiB of inline expectation tables", lambda: (scenario("voxwalk-world 1\nlayer 0\n|#|\nend\n", "ticks = 4\nexpect = [" + item * ((16 << 20) // len(item) - 10) + "]\n")).encode()
    rows = "".join("|" + "#" * 2000 + "|\n" for _ in range(1900))
    yield "world_text.toml", "3.8 MB of world_text", lambda: scenario("voxwalk-world 1\nlayer 0\n" + rows + "end\n").encode()
    thin = "".join(f" box 0 {i / 16} 0 1 {(i + 1) / 16} 1" for i in range(16))
    yield "guard_16_boxes.toml", "a sneaking body along 4,000 cells of 16-box blocks, sneak_speed 50,000", lambda: scenario(
        f"voxwalk-world 1\nblock slats{thin}\nlegend s slats\nlayer 0\n|{'s' * 4000}|\nend\n",
        'inputs = "4 east+sneak"\n[settings]\nwalk_speed = 50000\nsneak_speed = 50000\n',
        spawn="0.5, 1, 0.5",
    ).encode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="hostile-crafted")
    parser.add_argument("--binary", default="target/release/voxwalk")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    print("| file | what | size | exit | time | peak | said |")
    print("|---|---|---|---|---|---|---|")
    for name, what, make in files():
        path = os.path.join(args.out, name)
        with open(path, "wb") as f:
            f.write(make())
        command = "check" if name.endswith(".toml") else "info"
        out = subprocess.run(
            ["/usr/bin/time", "-f", "%e %M", args.binary, command, path],
            capture_output=True,
            text=True,
            errors="replace",
        )
        lines = [l for l in out.stderr.strip().splitlines() if not l.startswith("Command exited")]
        *said, timing = lines or ["? ?"]
        seconds, peak_kb = timing.split()
        shown = [l for l in out.stdout.strip().splitlines() if "ERROR" in l or "scenarios," in l]
        words = " ".join(said or shown[:1] or out.stdout.strip().splitlines()[-1:])
        words = words.replace(path, name)[:110]
        size = os.path.getsize(path)
        print(f"| {name} | {what} | {size / 1e6:.1f} MB | {out.returncode} | {float(seconds):.2f} s | {int(peak_kb) / 1024:.0f} MB | {words} |")


if __name__ == "__main__":
    main()
