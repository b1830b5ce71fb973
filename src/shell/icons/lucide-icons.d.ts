// Lucide ships one ES module per icon without its own declaration; each default-exports its IconNode.
declare module 'lucide/dist/esm/icons/*.mjs' {
  const icon: Array<[string, Record<string, string>]>;
  export default icon;
}
