// Local ESLint rules that keep the shape of the code (docs/architecture.md, "Lint rules").
// They read the import paths as written: every import inside src/ is relative (no path
// aliases), so a relative specifier resolved against the importing file's folder names the
// folder it reaches into; no file system look-up is needed, which keeps `npm run lint` fast.
import path from 'node:path';

/** Every import-like node with a string source: import, export … from, import(). */
function importSources(check) {
  const visit = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') {
      check(node.source, node.source.value);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

/** The importing file and the imported module as absolute posix paths; null for packages. */
function resolveRelative(context, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const file = context.physicalFilename;
  const toPosix = (p) => p.split(path.sep).join('/');
  return {
    from: toPosix(file),
    to: toPosix(path.resolve(path.dirname(file), specifier)).replace(/\.(ts|tsx|js|mjs)$/, ''),
  };
}

/**
 * The first folder below `root` that `file` lives in: with root 'src/web/features',
 * '/work/app/src/web/features/trades/api/x.ts' -> 'trades'. Matched on the path itself, not
 * relative to ESLint's cwd, so the rule works from any folder (and on tests/lint/fixtures/src/).
 */
function folderUnder(root, file) {
  const marker = `/${root.replace(/^\/|\/$/g, '')}/`;
  const at = file.lastIndexOf(marker);
  if (at === -1) return null;
  const rest = file.slice(at + marker.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

const noCrossFeatureImport = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A web feature does not import another web feature; shared pieces go to components/ or lib/.',
    },
    schema: [
      {
        type: 'object',
        properties: { featuresDir: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "The '{{from}}' feature imports the '{{to}}' feature ('{{specifier}}'). Move what both need to src/web/components/, src/web/lib/ or src/domain/.",
    },
  },
  create(context) {
    const featuresDir = context.options[0]?.featuresDir ?? 'src/web/features';
    return importSources((node, specifier) => {
      const paths = resolveRelative(context, specifier);
      if (!paths) return;
      const from = folderUnder(featuresDir, paths.from);
      const to = folderUnder(featuresDir, paths.to);
      if (from && to && from !== to) {
        context.report({ node, messageId: 'crossFeature', data: { from, to, specifier } });
      }
    });
  },
};

const noForeignRepository = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A server feature imports only another feature's entry points: its files named *-service, and the few it lists; never its repository or other internals.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          serverDir: { type: 'string' },
          infrastructure: { type: 'array', items: { type: 'string' } },
          entryPoints: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      foreignRepository:
        "src/server/{{from}}/ imports a repository of the '{{to}}' feature ('{{specifier}}'). Call a function that '{{to}}' exports from its service instead.",
      notEntryPoint:
        "src/server/{{from}}/ imports '{{inside}}', which is not one of the '{{to}}' feature's entry points ('{{specifier}}'). Import from its files named *-service{{listed}}, or make what you need one of them.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const serverDir = options.serverDir ?? 'src/server';
    const infrastructure = new Set(options.infrastructure ?? []);
    const entryPoints = options.entryPoints ?? {};
    return importSources((node, specifier) => {
      const paths = resolveRelative(context, specifier);
      if (!paths) return;
      const from = folderUnder(serverDir, paths.from);
      const to = folderUnder(serverDir, paths.to);
      if (!from || !to || from === to || infrastructure.has(from) || infrastructure.has(to)) return;
      // The file's path inside the feature: 'trades-repository', 'repository/index', 'trade-texts'.
      const inside = paths.to.slice(paths.to.lastIndexOf(`/${to}/`) + to.length + 2);
      if (inside.includes('repository')) {
        context.report({ node, messageId: 'foreignRepository', data: { from, to, specifier } });
        return;
      }
      const listed = entryPoints[to] ?? [];
      if (/^[^/]+-service$/.test(inside) || listed.includes(inside)) return;
      context.report({
        node,
        messageId: 'notEntryPoint',
        data: { from, to, specifier, inside, listed: listed.length > 0 ? ` or ${listed.join(', ')}` : '' },
      });
    });
  },
};

export default {
  meta: { name: 'jigsaw-club-local' },
  rules: {
    'no-cross-feature-import': noCrossFeatureImport,
    'no-foreign-repository': noForeignRepository,
  },
};
