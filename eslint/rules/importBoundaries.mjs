/**
 * local/import-boundaries: the design's import rules (docs: DESIGN.md "Import rules"). Each boundary
 * names the files it governs (`files`, minus `except`, as paths relative to the directory eslint
 * runs in) and what they may import: either only what `allow` lists, or anything but what `deny`
 * lists. Imports of every kind count, type-only ones too: a type import still ties the two sides.
 *
 * A relative import is matched by the path of the file it resolves to (`allowPaths`, `denyPaths`);
 * a package import by its specifier (`allowPackages`, `denyPackages`); `denyBuiltins` refuses Node's
 * built-in modules, with or without `node:`.
 */
import path from 'node:path';
import { builtinModules } from 'node:module';
import { importVisitors } from '../importSources.mjs';
import { isRelative, resolveImport } from '../importGraph.mjs';

const builtins = new Set(builtinModules);

/** A glob (`*`, `**`, `?`) as a regular expression over `/`-separated paths. */
export function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      if (glob[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const matcher = (globs = []) => {
  const patterns = globs.map(globToRegExp);
  return (value) => patterns.some((pattern) => pattern.test(value));
};

const stringList = { type: 'array', items: { type: 'string' } };

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Enforce the design's import rules between machines, client, server, shared and modules" },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          boundaries: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['files', 'message'],
              properties: {
                files: stringList,
                except: stringList,
                allowPaths: stringList,
                allowPackages: stringList,
                denyPaths: stringList,
                denyPackages: stringList,
                denyBuiltins: { type: 'boolean' },
                message: { type: 'string' },
              },
            },
          },
        },
      },
    ],
    messages: { refused: '{{message}} (imports {{target}})' },
  },
  create(context) {
    const relative = (file) => path.relative(context.cwd, file).split(path.sep).join('/');
    const self = relative(context.physicalFilename);
    const active = (context.options[0]?.boundaries ?? [])
      .filter((boundary) => matcher(boundary.files)(self) && !matcher(boundary.except)(self))
      .map((boundary) => ({
        ...boundary,
        allowList: Boolean(boundary.allowPaths || boundary.allowPackages),
        allowPath: matcher(boundary.allowPaths),
        allowPackage: matcher(boundary.allowPackages),
        denyPath: matcher(boundary.denyPaths),
        denyPackage: matcher(boundary.denyPackages),
      }));
    if (active.length === 0) return {};
    return importVisitors((node, specifier) => {
      const relativeImport = isRelative(specifier);
      // A path is judged by the file it resolves to, or where it points when there is no such file.
      const target = relativeImport
        ? relative(resolveImport(context.physicalFilename, specifier) ?? path.resolve(path.dirname(context.physicalFilename), specifier))
        : specifier;
      const builtin = !relativeImport && (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]));
      for (const boundary of active) {
        const refused = relativeImport
          ? (boundary.allowList && !boundary.allowPath(target)) || boundary.denyPath(target)
          : (boundary.allowList && !boundary.allowPackage(specifier)) ||
            boundary.denyPackage(specifier) ||
            (boundary.denyBuiltins && builtin);
        if (refused) context.report({ node, messageId: 'refused', data: { message: boundary.message, target } });
      }
    });
  },
};
