// Runs a wasm32-wasip1 program under Node's own WASI (node:wasi), with the
// current folder as the program's file system: `node .ci/wasi.mjs PROGRAM.wasm ARGS…`.
// Node is on every machine of this project already, and its WASI runs
// wasm32-wasip1 without a runtime of its own to install.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import { argv, env, exit } from "node:process";

const [program, ...args] = argv.slice(2);
const wasi = new WASI({
  version: "preview1",
  args: [program, ...args],
  env,
  preopens: { ".": "." },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
