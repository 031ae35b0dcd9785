// esbuild imports the views' markup (*.html) and data (*.tsv) as text.
declare module '*.html' {
  const text: string;
  export default text;
}
declare module '*.tsv' {
  const text: string;
  export default text;
}
