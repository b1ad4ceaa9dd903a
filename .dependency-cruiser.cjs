// The kernel's layers, lowest first (docs/architecture.md, "The kernel's layers"). A file may
// import its own layer and the layers below it, never one above: `npm run lint` runs
// `depcruise kernel` with this file. Type-only imports count as well: a type that reaches up
// ties the lower layer to the higher one as surely as a call does, only without a cycle at run
// time for madge to see.
const LAYERS = [
  { name: 'foundation', path: ['^kernel/(errors|di|manifest)/', '^kernel/(config|paths|kernel-id|orm)[.]ts$'] },
  { name: 'services', path: ['^kernel/(logging|db|auth|audit|runtime|crypto)/'] },
  // What a module is handed (its context, the kernel's capabilities): types the routes name too.
  { name: 'module api', path: ['^kernel/module-api/'] },
  { name: 'http', path: ['^kernel/http/'] },
  // BootError is the module pipeline's refusal: the problems every step of it reports.
  { name: 'modules', path: ['^kernel/modules/', '^kernel/boot-error[.]ts$'] },
  { name: 'resources', path: ['^kernel/resources/'] },
  { name: 'host', path: ['^kernel/cli/', '^kernel/(boot|kernel|live-load|kernel-capabilities-service|main)[.]ts$'] },
  { name: 'public surface', path: ['^kernel/api[.]ts$'] },
];

const everyLayer = LAYERS.flatMap((layer) => layer.path);

/** One rule per layer: nothing in it imports a file of any layer above it. */
const noUpwardImports = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `no-upward-import-from-${layer.name.replace(/ /g, '-')}`,
  comment: `The ${layer.name} layer imports only itself and the layers below it.`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: LAYERS.slice(index + 1).flatMap((above) => above.path) },
}));

module.exports = {
  forbidden: [
    ...noUpwardImports,
    {
      name: 'every-kernel-file-in-a-layer',
      comment: 'A kernel file that no layer names cannot be checked: add its path to a layer in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: '^kernel/' },
      to: { path: '^kernel/', pathNot: everyLayer },
    },
    {
      name: 'every-kernel-file-in-a-layer-importing',
      comment: 'A kernel file that no layer names cannot be checked: add its path to a layer in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: '^kernel/', pathNot: everyLayer },
      to: { path: '^kernel/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Records `import type` too (the TypeScript compiler would drop it before anything runs).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^kernel/.*[.]json$' },
  },
};
