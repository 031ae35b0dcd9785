// Text files bundled as strings by the CLI's esbuild build (the .tsv data files).
declare module '*.tsv' {
  const text: string;
  export default text;
}
