// pg's own value conversion (Date, Buffer, arrays, JSON) for a statement's parameters; pg ships no types for lib/.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
