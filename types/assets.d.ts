// Style sheets and static files imported by browser code are handled by webpack.
declare module '*.css';
declare module '*.woff2' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
