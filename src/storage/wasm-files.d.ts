// `import x from "./f.wasm" with { type: "file" }` gives the file's path (embedded in the binary).
declare module "*.wasm" {
  const path: string;
  export default path;
}
