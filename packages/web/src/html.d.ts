declare module "*.html" { const text: string; export default text; }
declare module "*.tsv" { const text: string; export default text; }
