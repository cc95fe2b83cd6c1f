/**
 * The stage layering of src/ (DESIGN "Pipeline", CONVENTIONS "Layout"), as data and one check used by
 * the ESLint rule (eslint.config.js) and by `node tools/layering-report.js` (counts over src/).
 *
 * Data flows one way through the stages below. A file may import
 * - anything in its own stage (folder under src/, subfolders included);
 * - core/ (ground: core imports no stage);
 * - an EARLIER stage, and only through that stage's index.ts.
 * src/index.ts (the library entry) re-exports the stages' index.ts and may import any of them.
 * Files outside src/ (test/, bench/) are cross-stage and not checked.
 */
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Stages in data-flow order. build/ is the orchestrator of the passes and sits just under cli/
 * (DESIGN: "build/ ... just under cli/"), so it may call reconstruct/ to write pages at the end of a build.
 */
export const STAGE_ORDER = Object.freeze([
  'warc',
  'feeds',
  'pairing',
  'extract',
  'templates',
  'segment',
  'changes',
  'store',
  'reconstruct',
  'viewer',
  'build',
  'cli',
]);

const CORE = 'core';
const INDEX_FILES = new Set(['index.js', 'index.ts']);

/** The stage (first folder under src/) of a path relative to src/, '' for src/index.ts, null outside src/. */
function stageOf(pathInSrc) {
  if (pathInSrc.startsWith('..')) return null;
  const parts = pathInSrc.split(sep);
  return parts.length > 1 ? parts[0] : '';
}

/**
 * Checks one import. Returns null when allowed, else the reason (one line).
 * @param {string} srcDir absolute path of src/
 * @param {string} fromFile absolute path of the importing file
 * @param {string} specifier the import specifier as written
 */
export function checkImport(srcDir, fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const fromStage = stageOf(relative(srcDir, fromFile));
  if (fromStage === null) return null;
  const target = relative(srcDir, resolve(dirname(fromFile), specifier));
  const toStage = stageOf(target);
  if (toStage === null || toStage === fromStage || toStage === CORE) return null;
  if (fromStage === CORE) return `core/ imports no stage (imports ${toStage}/)`;
  const parts = target.split(sep);
  if (!(parts.length === 2 && INDEX_FILES.has(parts[1]))) return `${toStage}/ is imported only through ${toStage}/index.ts, not ${target}`;
  if (fromStage === '') return null;
  const from = STAGE_ORDER.indexOf(fromStage);
  const to = STAGE_ORDER.indexOf(toStage);
  if (from < 0) return `${fromStage}/ is not a known stage (add it to STAGE_ORDER in tools/layering.js)`;
  if (to < 0) return `${toStage}/ is not a known stage (add it to STAGE_ORDER in tools/layering.js)`;
  if (to > from) return `backward edge: ${fromStage}/ comes before ${toStage}/ (${STAGE_ORDER.join(' → ')})`;
  return null;
}

/** The ESLint rule: reports every import, export-from and dynamic import that checkImport refuses. */
export const layeringRule = {
  meta: {
    type: 'problem',
    docs: { description: 'stages import earlier stages only, through their index.ts (tools/layering.js)' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'], additionalProperties: false }],
    messages: { layering: '{{reason}}' },
  },
  create(context) {
    const { srcDir } = context.options[0];
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const reason = checkImport(srcDir, context.filename, node.value);
      if (reason !== null) context.report({ node, messageId: 'layering', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
