/**
 * The two streams a command of the `atrium` CLI writes to. Defined with the module API rather
 * than in kernel/cli/ because a module's own commands (ModuleCommand, define-module.ts) take it,
 * and the CLI sits in the layer above the modules (docs/architecture.md).
 */
export interface CommandIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}
