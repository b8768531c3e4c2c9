/** Style sheets and media imported by the browser bundle (esbuild handles them). */
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
