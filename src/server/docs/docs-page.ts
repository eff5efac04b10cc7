import { escapeHtml } from '../mail/templates';

// /api/docs: the OpenAPI document as a page a person can read. Rendered on the server from
// the document itself, so it needs no script (the club's CSP allows none inline, and the
// popular viewers load theirs from a CDN): every call grouped by feature, who may make it,
// its parameters and body, and the shape of each answer, with the shared shapes listed once
// at the end and linked.

type Schema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
type MediaTypes = Record<string, { schema?: Schema }>;
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes }>;
};
export type OpenApiDocument = {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const h = (value: unknown) => escapeHtml(String(value));
const refName = (ref: string) => ref.split('/').pop()!;
const anchor = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
const code = (value: unknown) => `<code>${h(typeof value === 'string' ? value : JSON.stringify(value))}</code>`;

/** A schema in words, one line: 'text', 'list of Listing', 'one of "a", "b"', 'whole number or null'. */
function typeOf(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any value';
  if (schema.$ref) return `<a href="#schema-${anchor(refName(schema.$ref))}">${h(refName(schema.$ref))}</a>`;
  const orNull = schema.nullable ? ' or null' : '';
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' or ') + orNull;
  if (schema.allOf) return schema.allOf.map(typeOf).join(' and ') + orNull;
  if (schema.const !== undefined) return code(schema.const);
  if (schema.enum) return `one of ${schema.enum.map(code).join(', ')}${orNull}`;
  const limits = [
    schema.minimum !== undefined ? `at least ${schema.minimum}` : '',
    schema.maximum !== undefined ? `at most ${schema.maximum}` : '',
    schema.minLength ? `at least ${schema.minLength} characters` : '',
    schema.maxLength !== undefined ? `at most ${schema.maxLength} characters` : '',
    schema.pattern ? `matching ${code(schema.pattern)}` : '',
    schema.format ? `format ${h(schema.format)}` : '',
  ].filter(Boolean);
  const extra = limits.length > 0 ? ` (${limits.join(', ')})` : '';
  switch (schema.type) {
    case 'string':
      return `text${extra}${orNull}`;
    case 'integer':
      return `whole number${extra}${orNull}`;
    case 'number':
      return `number${extra}${orNull}`;
    case 'boolean':
      return `true or false${orNull}`;
    case 'array':
      return `list of ${typeOf(schema.items)}${orNull}`;
    case 'object':
      return schema.properties ? `object${orNull}` : `object with any fields${orNull}`;
    default:
      return 'any value';
  }
}

/** A schema in full: objects as a table of their fields (nested objects inside), the rest in words. */
function describe(schema: Schema | undefined): string {
  if (!schema) return '<p>No body.</p>';
  const object = schema.type === 'object' && schema.properties ? schema : undefined;
  const list = schema.type === 'array' && schema.items?.type === 'object' ? schema.items : undefined;
  if (!object && !list) return `<p>${typeOf(schema)}${schema.description ? `: ${h(schema.description)}` : ''}</p>`;
  const target = (object ?? list)!;
  const required = new Set(target.required ?? []);
  const rows = Object.entries(target.properties ?? {})
    .map(([name, field]) => {
      const nested = field.type === 'object' && field.properties ? describe(field) : '';
      const notes = [
        field.description ? h(field.description) : '',
        field.default !== undefined ? `Default ${code(field.default)}.` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<tr><td>${code(name)}</td><td>${typeOf(field)}${nested}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${notes}</td></tr>`;
    })
    .join('');
  const caption = list ? `<p>A list; each entry:</p>` : '';
  return `${caption}<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Always there</th><th scope="col">Notes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function contentSchema(content: MediaTypes | undefined): { type: string; schema?: Schema } | undefined {
  const [type, media] = Object.entries(content ?? {})[0] ?? [];
  return type ? { type, schema: media?.schema } : undefined;
}

function who(operation: Operation): string {
  if (operation.description === 'Administrators only.') return 'Administrators only (session cookie).';
  if (operation.security && operation.security.length > 0) return 'Signed-in members (session cookie).';
  return 'Anyone.';
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const id = anchor(`${method}-${path}`);
  const parameters = operation.parameters ?? [];
  const params =
    parameters.length === 0
      ? ''
      : `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead><tbody>${parameters
          .map(
            (p) =>
              `<tr><td>${code(p.name)}</td><td>${h(p.in)}</td><td>${typeOf(p.schema)}${p.description ? ` ${h(p.description)}` : ''}</td><td>${p.required ? 'yes' : 'no'}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const body = contentSchema(operation.requestBody?.content);
  const request = body ? `<h4>Body (${h(body.type)})</h4>${describe(body.schema)}` : '';

  // One row per status: what it means and the shape of its body (linked when it is shared).
  const answers = `<table><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead><tbody>${Object.entries(
    operation.responses ?? {},
  )
    .map(([status, response]) => {
      const answer = contentSchema(response.content);
      const meaning =
        response.description && response.description !== 'Default Response' ? h(response.description) : '';
      const shape = !answer
        ? 'none'
        : `${answer.type === 'application/json' ? '' : `As ${h(answer.type)}: `}${
            answer.schema?.$ref ? typeOf(answer.schema) : describe(answer.schema)
          }`;
      return `<tr><td>${h(status)}</td><td>${meaning}</td><td>${shape}</td></tr>`;
    })
    .join('')}</tbody></table>`;

  return `<article id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="method">${h(method.toUpperCase())}</span> <code>${h(path)}</code></h3>
${operation.summary ? `<p>${h(operation.summary)}</p>` : ''}
<p><strong>Who may call it:</strong> ${who(operation)}</p>
${params}${request}<h4>Answers</h4>${answers}
</article>`;
}

export function renderDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  let count = 0;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
      count++;
    }
  }
  const sections = [...byTag.entries()]
    .map(
      ([tag, operations]) =>
        `<section id="tag-${anchor(tag)}" aria-labelledby="tag-${anchor(tag)}-title"><h2 id="tag-${anchor(tag)}-title">${h(tag)}</h2>${operations.join('\n')}</section>`,
    )
    .join('\n');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(([name, schema]) => `<h3 id="schema-${anchor(name)}">${h(name)}</h3>${describe(schema)}`)
    .join('\n');
  const contents = [...byTag.entries()]
    .map(([tag, ops]) => `<li><a href="#tag-${anchor(tag)}">${h(tag)}</a> (${ops.length})</li>`)
    .join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(document.info.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; font-size: 1rem; line-height: 1.5; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 64rem; padding: 1rem 1.5rem 4rem; }
  h1 { font-size: 2rem; } h2 { font-size: 1.6rem; border-bottom: 2px solid #444; margin-top: 3rem; } h3 { font-size: 1.25rem; margin-top: 2rem; }
  h4 { font-size: 1.05rem; margin-bottom: 0.25rem; } h5 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
  code { font-family: ui-monospace, monospace; font-size: 0.95rem; background: #f1f1f1; padding: 0 0.2rem; }
  .method { display: inline-block; min-width: 4.5rem; font-family: ui-monospace, monospace; background: #1f3a5f; color: #fff; padding: 0 0.4rem; border-radius: 0.25rem; }
  table { border-collapse: collapse; width: 100%; margin: 0.25rem 0 0.75rem; }
  th, td { border: 1px solid #8a8a8a; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
  th { background: #ececec; }
  a { color: #0b4f9c; } a:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
  article { border-top: 1px solid #bbb; }
</style>
</head>
<body>
<header>
<h1>${h(document.info.title)}</h1>
<p>${h(document.info.description ?? '')}</p>
<p>${count} calls. The same description as an OpenAPI 3 document: <a href="/api/docs/json">/api/docs/json</a>.</p>
</header>
<nav aria-label="Features"><h2>Features</h2><ul>${contents}<li><a href="#schemas">Shared shapes</a></li></ul></nav>
<main>
${sections}
<section id="schemas" aria-labelledby="schemas-title"><h2 id="schemas-title">Shared shapes</h2>${schemas}</section>
</main>
</body>
</html>`;
}
