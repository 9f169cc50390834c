/**
 * Calls `onImport(node, specifier)` for every import in a file, of every kind: static imports
 * (`import type` too), `export ... from`, dynamic `import()`, `typeof import()` in types,
 * `import x = require()` and `require()` calls with a literal argument.
 */
export function importVisitors(onImport) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') onImport(node, source.value);
    else if (source && source.type === 'TemplateLiteral' && source.expressions.length === 0) onImport(node, source.quasis[0].value.cooked);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) => literal(node, node.source ?? node.argument?.literal),
    TSExternalModuleReference: (node) => literal(node.parent ?? node, node.expression),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1)
        literal(node, node.arguments[0]);
    },
  };
}
