/**
 * The build's check that chunks importing each other do not read one another's variables while they
 * load (chunk-order-check.ts): in such a circle the chunk that runs first finds undefined.
 */
import { describe, expect, it } from "vitest";
import { chunkCycles, chunkOrderCheck, moduleLevelReads } from "../chunk-order-check.ts";

describe("chunk order check", () => {
  it("finds the chunks that import each other, around any circle", () => {
    const imports = new Map([
      ["assets/a.js", ["assets/b.js"]],
      ["assets/b.js", ["assets/c.js"]],
      ["assets/c.js", ["assets/a.js", "assets/index.js"]],
      ["assets/d.js", ["assets/a.js"]],
      ["assets/index.js", []],
    ]);
    expect(chunkCycles(imports)).toEqual([["assets/a.js", "assets/b.js", "assets/c.js"]]);
    expect(chunkCycles(new Map([["assets/x.js", ["assets/y.js"]]]))).toEqual([]);
  });

  it("reports a module-level read of a partner's variable, not one inside a function", () => {
    const partners = new Set(["assets/keys.js"]);
    // The portfolio's query options were built from a key read while loading: undefined in a circle.
    const options = 'import{c as K}from"./keys.js";var o={queryKey:K,staleTime:6e4};export{o};';
    expect(moduleLevelReads(options, partners)).toEqual(["K from assets/keys.js"]);
    const later =
      'import{c as K,d as L}from"./keys.js";function f(){return K}const g=()=>L;class C{m(){return K}}export{f,g,C};';
    expect(moduleLevelReads(later, partners)).toEqual([]);
    // A property named like the import is no read of it; a chunk outside the circle is not asked about.
    expect(moduleLevelReads('import{c as K}from"./keys.js";var o={K:1};o.K=2;', partners)).toEqual([]);
    expect(moduleLevelReads('import{c as K}from"./other.js";var o=[K];', partners)).toEqual([]);
    // Through a function the chunk calls while loading: its own, or one written in place.
    expect(moduleLevelReads('import{c as K}from"./keys.js";function f(){return[K]}var o=f();', partners)).toEqual([
      "K from assets/keys.js",
    ]);
    expect(moduleLevelReads('import{c as K}from"./keys.js";var o=(()=>({k:K}))();', partners)).toEqual([
      "K from assets/keys.js",
    ]);
    // Import paths are read from the chunk's own folder.
    expect(moduleLevelReads('import{c as K}from"../keys.js";var o=[K];', partners, "assets/sub/a.js")).toEqual([
      "K from assets/keys.js",
    ]);
    // Static class fields and a superclass run while loading.
    expect(moduleLevelReads('import{c as K}from"./keys.js";class C extends K{static x=1}', partners)).toEqual([
      "K from assets/keys.js",
    ]);
  });

  it("fails the build with the chunk, the name and the circle", () => {
    const plugin = chunkOrderCheck();
    const chunk = (fileName: string, code: string, imports: string[]) => ({ type: "chunk", fileName, code, imports });
    const bundle = {
      "assets/keys.js": chunk("assets/keys.js", 'import{u as U}from"./data.js";var c=["portfolio"];export{c};', [
        "assets/data.js",
      ]),
      "assets/data.js": chunk("assets/data.js", 'import{c as K}from"./keys.js";var o={queryKey:K};export{o as u};', [
        "assets/keys.js",
      ]),
    };
    const errors: string[] = [];
    const handler = (plugin.generateBundle as { handler: (...args: unknown[]) => void }).handler;
    handler.call(
      {
        error: (message: string) => {
          errors.push(message);
        },
      },
      {},
      bundle,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("assets/data.js reads K from assets/keys.js while loading");
    expect(errors[0]).toContain("assets/data.js, assets/keys.js");
  });
});
