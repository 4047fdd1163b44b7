#!/usr/bin/env python3
"""Generates src/world/import/vanilla_shapes.bin: the collision boxes of every
vanilla Minecraft block state, for every Java version since 1.13, from the npm
package minecraft-data (PrismarineJS/node-minecraft-data, MIT).

    python3 tools/vanilla_shapes.py ../shared/realdata/minecraft-data

The ordinary build reads only the generated table; run this again when the data
changes. Identical boxes, shapes, per-block state lists, property schemas and
whole version tables are stored once.

Layout (little-endian; `str` is a u16 index into the string table):
    magic "VXSHAPES", u32 header length, header text (UTF-8)
    u32 n, n × (u16 length, UTF-8 bytes)            strings
    u32 n, n × 6 f32 (x0 y0 z0 x1 y1 z1)             boxes
    u32 n, n × (u8 count, count × u16 box)           shapes
    u32 n, n × (u16 count, count × u16 shape)        state lists: a shape per state
    u32 n, n × (u8 props, props × (str name, u8 values, values × str))   schemas
    u32 n, n × (u32 blocks, blocks × (str name, u16 schema, u16 default, u32 state list))
                                                     tables: one per data folder pair
    u32 n, n × (u32 data version, u16 table, str game version)   sorted by data version
"""

import json
import os
import struct
import sys

SOURCE = "npm package minecraft-data 3.117.0 (PrismarineJS/node-minecraft-data)"
LICENCE = "MIT (minecraft-data); the boxes are extracted from the game"


def main(data_dir, out_path):
    paths = json.load(open(os.path.join(data_dir, "dataPaths.json")))["pc"]
    protocol = json.load(open(os.path.join(data_dir, "pc/common/protocolVersions.json")))
    data_version = {}
    for entry in protocol:
        # Older entries have no release type; snapshots name themselves apart.
        if entry.get("releaseType", "release") == "release" and "dataVersion" in entry:
            data_version.setdefault(entry["minecraftVersion"], entry["dataVersion"])

    strings, string_index = [], {}

    def string(s):
        if s not in string_index:
            string_index[s] = len(strings)
            strings.append(s)
        return string_index[s]

    boxes, box_index = [], {}
    shapes, shape_index = [], {}
    lists, list_index = [], {}
    schemas, schema_index = [], {}
    tables, tables_by_content, table_index = [], {}, {}
    versions = []
    notes = []

    def intern(items, index, key):
        if key not in index:
            index[key] = len(items)
            items.append(key)
        return index[key]

    for game_version, kinds in paths.items():
        if "blocks" not in kinds or "blockCollisionShapes" not in kinds:
            continue
        if game_version not in data_version:
            continue
        folders = (kinds["blocks"], kinds["blockCollisionShapes"])
        if folders not in table_index:
            blocks = json.load(open(os.path.join(data_dir, folders[0], "blocks.json")))
            collision = json.load(open(os.path.join(data_dir, folders[1], "blockCollisionShapes.json")))
            shape_ids = {}
            for sid, box_list in collision["shapes"].items():
                key = []
                for b in box_list:
                    for v in b:
                        assert struct.unpack("<f", struct.pack("<f", v))[0] == v, (folders, sid, v)
                    key.append(intern(boxes, box_index, tuple(b)))
                shape_ids[sid] = intern(shapes, shape_index, tuple(key))
            table = []
            for block in blocks:
                states = block.get("states", [])
                schema = tuple(
                    (string(p["name"]), tuple(string(str(v)) for v in state_values(p)))
                    for p in states
                )
                count = block["maxStateId"] - block["minStateId"] + 1
                listed = collision["blocks"].get(block["name"])
                if listed is None:
                    per_state = [shape_ids["1"]] * count
                    notes.append(f"{folders[1]}: {block['name']} has no shape; full block")
                elif isinstance(listed, int):
                    per_state = [shape_ids[str(listed)]] * count
                else:
                    per_state = [shape_ids[str(s)] for s in listed]
                    if len(per_state) != count:
                        notes.append(
                            f"{folders[1]}: {block['name']} lists {len(per_state)} shapes for {count} states; the first stands for all"
                        )
                        per_state = [per_state[0]] * count
                table.append((
                    string(block["name"]),
                    intern(schemas, schema_index, schema),
                    block["defaultState"] - block["minStateId"],
                    intern(lists, list_index, tuple(per_state)),
                ))
            table_index[folders] = intern(tables, tables_by_content, tuple(table))
        versions.append((data_version[game_version], table_index[folders], string(game_version)))

    versions.sort()
    header = "\n".join([
        "voxwalk vanilla block shapes: the collision boxes of every block state of",
        f"Minecraft Java {versions[0][0]}..{versions[-1][0]} (data versions), {len(versions)} game versions.",
        f"Source: {SOURCE}.",
        f"Licence: {LICENCE}.",
        "Regenerate: python3 tools/vanilla_shapes.py ../shared/realdata/minecraft-data",
    ] + [f"Note: {n}" for n in notes]) + "\n"

    out = bytearray(b"VXSHAPES")
    encoded = header.encode()
    out += struct.pack("<I", len(encoded)) + encoded
    out += struct.pack("<I", len(strings))
    for s in strings:
        b = s.encode()
        out += struct.pack("<H", len(b)) + b
    out += struct.pack("<I", len(boxes))
    for b in boxes:
        out += struct.pack("<6f", *b)
    out += struct.pack("<I", len(shapes))
    for s in shapes:
        out += struct.pack("<B", len(s)) + b"".join(struct.pack("<H", i) for i in s)
    out += struct.pack("<I", len(lists))
    for l in lists:
        out += struct.pack("<H", len(l)) + b"".join(struct.pack("<H", i) for i in l)
    out += struct.pack("<I", len(schemas))
    for schema in schemas:
        out += struct.pack("<B", len(schema))
        for name, values in schema:
            out += struct.pack("<HB", name, len(values)) + b"".join(struct.pack("<H", v) for v in values)
    out += struct.pack("<I", len(tables))
    for table in tables:
        out += struct.pack("<I", len(table))
        for name, schema, default, state_list in table:
            out += struct.pack("<HHHI", name, schema, default, state_list)
    out += struct.pack("<I", len(versions))
    for dv, table, game in versions:
        out += struct.pack("<IHH", dv, table, game)
    assert max(len(strings), len(boxes), len(shapes), len(schemas)) < 65536
    open(out_path, "wb").write(out)
    print(f"{out_path}: {len(out)} bytes; {len(versions)} versions, {len(tables)} tables, "
          f"{len(lists)} state lists, {len(shapes)} shapes, {len(boxes)} boxes, {len(strings)} strings")
    for n in notes:
        print("note:", n)


def state_values(prop):
    if prop["type"] == "bool":
        return ["true", "false"]
    if "values" in prop:
        return prop["values"]
    return [str(i) for i in range(prop["num_values"])]


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(sys.argv[1], os.path.join(here, "..", "src", "world", "import", "vanilla_shapes.bin"))
