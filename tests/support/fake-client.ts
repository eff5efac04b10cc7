/** The index.html of a tiny fake client build, for API tests that serve pages without a real build. */
export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Jigsaw Club</title>
    <script type="module" crossorigin src="/assets/index-Abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
